package org.doji.grc.model;

import java.time.Instant;
import java.util.List;

/** Ranked feasible plans, why the other slots were infeasible, and which RMs did not answer. */
public record PlanningOutcome(List<CoPlan> ranked, List<Infeasible> infeasible, List<String> unreachableRms) {

    public PlanningOutcome {
        ranked = List.copyOf(ranked);
        infeasible = List.copyOf(infeasible);
        unreachableRms = List.copyOf(unreachableRms);
    }

    public record Infeasible(int slot, Instant start, String reason) {
    }
}
