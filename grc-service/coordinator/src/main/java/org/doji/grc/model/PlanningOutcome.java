package org.doji.grc.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Ranked feasible plans, why the other slots were infeasible, which RMs did not answer, and which refused the
 * request's availability query as the caller's mistake (an unknown path policy), with their reasons.
 * {@code slotsCut}: slots whose search the planner's time limit stopped before its proof (a plan that is only the
 * best found, or no plan found in time), so an evaluation can tell exact planning from cut planning.
 */
public record PlanningOutcome(List<CoPlan> ranked, List<Infeasible> infeasible, List<String> unreachableRms,
                              Map<String, String> refusals, int slotsCut) {

    public PlanningOutcome {
        ranked = List.copyOf(ranked);
        infeasible = List.copyOf(infeasible);
        unreachableRms = List.copyOf(unreachableRms);
        refusals = Map.copyOf(refusals);
    }

    public PlanningOutcome(List<CoPlan> ranked, List<Infeasible> infeasible, List<String> unreachableRms,
                           Map<String, String> refusals) {
        this(ranked, infeasible, unreachableRms, refusals, 0);
    }

    public PlanningOutcome(List<CoPlan> ranked, List<Infeasible> infeasible, List<String> unreachableRms) {
        this(ranked, infeasible, unreachableRms, Map.of(), 0);
    }

    /** Why the plan is missing parts, for a co-allocation's reason: refusals first, then RMs that did not answer. */
    public List<String> leftOut() {
        List<String> out = new java.util.ArrayList<>();
        new java.util.TreeMap<>(refusals).forEach((rm, why) -> out.add("RM " + rm + " refused the request: " + why));
        unreachableRms.forEach(rm -> out.add("RM " + rm + " did not answer"));
        return out;
    }

    public record Infeasible(int slot, Instant start, String reason) {
    }
}
