package org.doji.grc.planner.problem;

/**
 * An engine's answer for one {@link SlotProblem}.
 *
 * @param siteOf    site index of each requested site (null when infeasible)
 * @param routes    per routed link, the arc codes from the site of o to the site of p (null when infeasible)
 * @param objective objective value (NaN when infeasible)
 * @param reason    why it is infeasible (null when feasible)
 */
public record SlotSolution(boolean feasible, int[] siteOf, int[][] routes, double objective, String reason) {

    public static SlotSolution infeasible(String reason) {
        return new SlotSolution(false, null, null, Double.NaN, reason);
    }

    public static SlotSolution optimal(int[] siteOf, int[][] routes, double objective) {
        return new SlotSolution(true, siteOf, routes, objective, null);
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
