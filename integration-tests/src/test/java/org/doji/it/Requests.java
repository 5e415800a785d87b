package org.doji.it;

import org.doji.contract.types.CandidateSite;

/** Parts of co-allocation requests the ITs build through the generated contract types. */
public final class Requests {

    private Requests() {
    }

    /** A candidate site by name (the requested site's own cores on it). */
    public static CandidateSite candidate(String site) {
        return candidate(site, null);
    }

    /** A candidate site by name, needing {@code cores} there (null: the requested site's own cores). */
    public static CandidateSite candidate(String site, Integer cores) {
        CandidateSite c = new CandidateSite();
        c.setValue(site);
        c.setCores(cores);
        return c;
    }
}
