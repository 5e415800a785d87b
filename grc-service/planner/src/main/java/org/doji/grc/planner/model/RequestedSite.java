package org.doji.grc.planner.model;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.common.Requirement;

/**
 * A requested site j with rc_j cores.
 *
 * @param candidates     the site names j may be placed on (a pin is one name, alternatives several);
 *                       empty means any site
 * @param candidateCores the cores j needs on a candidate, where it differs from {@code cores} (alternatives with
 *                       different core counts, e.g. {@code (A:8 | B:12)}): rc_ij instead of rc_j. Since a site hosts
 *                       at most one requested site, this only changes which sites can host j and what j costs there.
 */
public record RequestedSite(String id, int cores, Set<String> candidates, List<Requirement> requirements,
                            Map<String, Integer> candidateCores) {
    public RequestedSite {
        Checks.name(id, "requested site id");
        if (cores <= 0) {
            throw new IllegalArgumentException("requested site " + id + " needs cores > 0");
        }
        candidates = candidates == null ? Set.of() : Set.copyOf(candidates);
        requirements = requirements == null ? List.of() : List.copyOf(requirements);
        candidateCores = candidateCores == null ? Map.of() : Map.copyOf(candidateCores);
        candidateCores.forEach((site, n) -> {
            if (n <= 0) {
                throw new IllegalArgumentException("requested site " + id + " needs cores > 0 on " + site);
            }
        });
    }

    public RequestedSite(String id, int cores, Set<String> candidates, List<Requirement> requirements) {
        this(id, cores, candidates, requirements, Map.of());
    }

    public RequestedSite(String id, int cores) {
        this(id, cores, Set.of(), List.of());
    }

    /** rc_ij: the cores j needs when placed on {@code site}. */
    public int coresAt(String site) {
        return candidateCores.getOrDefault(site, cores);
    }
}
