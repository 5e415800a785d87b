package org.doji.grc.planner.model;

import java.util.List;

/** Plans ranked by the request's policy (best first) and the slots that had none. */
public record PlanningResult(List<CandidatePlan> ranked, List<SlotInfeasibility> infeasible) {
    public PlanningResult {
        ranked = List.copyOf(ranked);
        infeasible = List.copyOf(infeasible);
    }

    public boolean feasible() {
        return !ranked.isEmpty();
    }
}
