package org.doji.grc.planner.problem;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fat-tree policy's endpoint placement (DESIGN §8), as a tie-break of the slot's program: the sites of a
 * network RM are grouped by edge switch (the groups its {@code describe} publishes), and among plans of equal
 * cost the requested sites go to the group whose free sites fit the request most tightly, then the next, so
 * that a small job leaves a larger group whole for a larger one. When no group is big enough, the largest
 * groups come first.
 *
 * <p>It works through the objective: a candidate site in the group at position {@code t} of that order (capped
 * at {@link #MAX_TIER}) costs {@code t} units more, and all units of a plan together stay below a millionth of
 * the largest possible plan cost. A cheaper plan therefore still wins; only plans whose costs differ by less
 * than that are told apart by the placement. The money cost of a plan is computed apart and does not change.
 */
final class FatTreePacking {

    /** Positions past this one cost the same: keeps the penalty's span small against the engines' tolerance. */
    static final int MAX_TIER = 3;
    /** Share of the largest plan cost all placement units of a plan stay under. */
    static final double SPAN = 1e-6;

    private FatTreePacking() {
    }

    /** Adds the placement units to {@code b.candCost}; does nothing without groups. */
    static void apply(ProblemCompiler.Builder b, Map<String, String> groups) {
        if (groups.isEmpty()) {
            return;
        }
        int nReq = b.cand.length;
        String[] groupOf = new String[b.nSites];
        for (int i = 0; i < b.nSites; i++) {
            groupOf[i] = groups.get(b.vertexNames[i]);
        }
        // free sites of a group: those that can host at least one requested site in this slot
        boolean[] usable = new boolean[b.nSites];
        int grouped = 0;
        for (int j = 0; j < nReq; j++) {
            boolean any = false;
            for (int i : b.cand[j]) {
                usable[i] = true;
                any |= groupOf[i] != null;
            }
            grouped += any ? 1 : 0;
        }
        Map<String, Integer> free = new TreeMap<>();
        for (int i = 0; i < b.nSites; i++) {
            if (groupOf[i] != null) {
                free.merge(groupOf[i], usable[i] ? 1 : 0, Integer::sum);
            }
        }
        if (grouped == 0 || free.isEmpty()) {
            return;
        }
        Map<String, Integer> tier = tiers(free, grouped);
        double unit = SPAN * Math.max(1, largestPlanCost(b)) / ((double) grouped * MAX_TIER);
        for (int j = 0; j < nReq; j++) {
            for (int c = 0; c < b.cand[j].length; c++) {
                String g = groupOf[b.cand[j][c]];
                if (g != null) {
                    b.candCost[j][c] += unit * tier.get(g);
                }
            }
        }
    }

    /** The order of DESIGN §8: the tightest group that fits {@code k} sites first; else the largest first. */
    static Map<String, Integer> tiers(Map<String, Integer> free, int k) {
        List<String> order = new ArrayList<>(free.keySet());
        Comparator<String> largestFirst = Comparator.comparingInt((String g) -> free.get(g)).reversed();
        order.sort(Comparator.comparing((String g) -> free.get(g) < k) // the fitting ones first
                .thenComparing((x, y) -> free.get(x) >= k ? Integer.compare(free.get(x), free.get(y))
                        : largestFirst.compare(x, y))
                .thenComparing(Comparator.naturalOrder()));
        Map<String, Integer> out = new HashMap<>();
        for (int t = 0; t < order.size(); t++) {
            out.put(order.get(t), Math.min(t, MAX_TIER));
        }
        return out;
    }

    /** An upper bound of a plan's objective over one path per link: the scale the units are measured against. */
    private static double largestPlanCost(ProblemCompiler.Builder b) {
        double s = 0;
        for (double[] costs : b.candCost) {
            s += maxFinite(costs);
        }
        for (double[] costs : b.arcCost) {
            s += maxFinite(costs);
        }
        return s;
    }

    private static double maxFinite(double[] xs) {
        double m = 0;
        for (double x : xs) {
            if (Double.isFinite(x) && x > m) {
                m = x;
            }
        }
        return m;
    }
}
