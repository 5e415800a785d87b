package org.doji.grc.planner.model;

import java.util.List;
import java.util.Set;

/**
 * A requested site j with rc_j cores.
 *
 * @param candidates the site names j may be placed on (a pin is one name, alternatives several);
 *                   empty means any site
 */
public record RequestedSite(String id, int cores, Set<String> candidates, List<Requirement> requirements) {
    public RequestedSite {
        Checks.name(id, "requested site id");
        if (cores <= 0) {
            throw new IllegalArgumentException("requested site " + id + " needs cores > 0");
        }
        candidates = candidates == null ? Set.of() : Set.copyOf(candidates);
        requirements = requirements == null ? List.of() : List.copyOf(requirements);
    }

    public RequestedSite(String id, int cores) {
        this(id, cores, Set.of(), List.of());
    }
}
