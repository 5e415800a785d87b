package org.doji.grc.planner.problem;

import org.doji.grc.planner.model.Optimality;

/**
 * An engine's answer for one {@link SlotProblem}.
 *
 * @param siteOf     site index of each requested site (null when infeasible)
 * @param routes     per routed link, the arc codes from the site of o to the site of p (null when infeasible)
 * @param objective  objective value (NaN when infeasible)
 * @param reason     why it is infeasible (null when feasible)
 * @param optimality PROVEN: optimal, or proven infeasible; INCUMBENT: the time limit ran out first (the best
 *                   solution found, or none found yet); HEURISTIC: a heuristic engine's answer
 */
public record SlotSolution(boolean feasible, int[] siteOf, int[][] routes, double objective, String reason,
                           Optimality optimality) {

    public static SlotSolution infeasible(String reason) {
        return new SlotSolution(false, null, null, Double.NaN, reason, Optimality.PROVEN);
    }

    public static SlotSolution optimal(int[] siteOf, int[][] routes, double objective) {
        return new SlotSolution(true, siteOf, routes, objective, null, Optimality.PROVEN);
    }

    /** The best solution found before the time limit; not proven optimal. */
    public static SlotSolution incumbent(int[] siteOf, int[][] routes, double objective) {
        return new SlotSolution(true, siteOf, routes, objective, null, Optimality.INCUMBENT);
    }

    /** No solution found before the time limit; not proven infeasible. */
    public static SlotSolution timedOut(String reason) {
        return new SlotSolution(false, null, null, Double.NaN, reason, Optimality.INCUMBENT);
    }

    /** A heuristic engine's plan: feasible, not proven optimal. */
    public static SlotSolution heuristic(int[] siteOf, int[][] routes, double objective) {
        return new SlotSolution(true, siteOf, routes, objective, null, Optimality.HEURISTIC);
    }

    /** A heuristic engine found no plan; not proven infeasible. */
    public static SlotSolution heuristicNone(String reason) {
        return new SlotSolution(false, null, null, Double.NaN, reason, Optimality.HEURISTIC);
    }

    public boolean proven() {
        return optimality == Optimality.PROVEN;
    }

    /** Objective recomputed from the placement and routes, so engines can be compared exactly. */
    public static double objectiveOf(SlotProblem p, int[] siteOf, int[][] routes) {
        double sum = 0;
        for (int j = 0; j < p.nReq; j++) {
            sum += p.placementCost(j, siteOf[j]);
        }
        for (int l = 0; l < p.nLinks; l++) {
            for (int arc : routes[l]) {
                sum += p.arcCost[l][arc >> 1];
            }
        }
        return sum;
    }
}
