package org.doji.it;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.AddressingFeature;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.contract.types.CandidateSite;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.rm.soap.ResourceReferences;

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

    /** A requested site of {@code cores} cores, on one of {@code candidates} (none: anywhere). */
    public static SiteRequest site(String id, int cores, String... candidates) {
        SiteRequest s = new SiteRequest();
        s.setId(id);
        s.setCores(cores);
        for (String c : candidates) {
            s.getCandidate().add(candidate(c));
        }
        return s;
    }

    public static LinkRequest link(String from, String to, int mbps) {
        LinkRequest l = new LinkRequest();
        l.setFrom(from);
        l.setTo(to);
        l.setBandwidthMbps(mbps);
        return l;
    }

    /** An hour from {@code hour} o'clock past the next full hour, tomorrow. */
    public static TimeConstraint tomorrowAt(int hour) {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.DAYS).plus(hour, ChronoUnit.HOURS);
        return org.doji.it.faults.GrcClient.fixed(start, Duration.ofHours(1));
    }

    /**
     * Creates the co-allocation at the GRC at {@code grcUrl} (a new correlation id) and waits until it settles (a
     * final state or Reserved); returns its port.
     */
    public static GrcPortType createAndSettle(String grcUrl, CoAllocationRequest r) throws Exception {
        GrcPortType grc = new GrcService().getGrcPort(new AddressingFeature());
        ((BindingProvider) grc).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, grcUrl);
        GrcPortType co = new GrcService().getPort(ResourceReferences.toW3C(grc.createCoAllocation(
                UUID.randomUUID().toString(), r, null, null)), GrcPortType.class, new AddressingFeature());
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> CoAllocationDocuments.of(co).getState(),
                org.doji.it.faults.GrcClient::isFinal);
        return co;
    }

    /**
     * Two sites of 4 cores pinned to {@code from} and {@code to}, {@code mbps} between them, tomorrow at {@code hour}
     * for an hour, created at the GRC at {@code grcUrl}; asserts that it ends Reserved and returns its port.
     */
    public static GrcPortType reservedPair(String grcUrl, String from, String to, int mbps, int hour) throws Exception {
        CoAllocationRequest r = new CoAllocationRequest();
        r.getSite().add(site("from", 4, from));
        r.getSite().add(site("to", 4, to));
        r.getLink().add(link("from", "to", mbps));
        r.setTime(tomorrowAt(hour));
        GrcPortType co = createAndSettle(grcUrl, r);
        org.doji.contract.types.CoAllocationDocument d = CoAllocationDocuments.of(co);
        org.assertj.core.api.Assertions.assertThat(d.getState()).as(d.getReason())
                .isEqualTo(org.doji.contract.types.CoAllocationState.RESERVED);
        return co;
    }
}
