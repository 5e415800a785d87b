package org.doji.grc.model;

import java.time.Instant;
import java.util.List;

/** A snapshot of one co-allocation, as the endpoints and the dashboard show it. */
public record CoAllocation(String key, String owner, CoAllocationState state, String reason, CoRequest request,
                           CoPlan plan, List<RmOutcome> outcomes, int attempt, Instant created,
                           Instant updated, Instant terminationTime) {

    public CoAllocation {
        outcomes = outcomes == null ? List.of() : List.copyOf(outcomes);
    }
}
