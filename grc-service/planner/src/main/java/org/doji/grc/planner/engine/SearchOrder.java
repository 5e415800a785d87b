package org.doji.grc.planner.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.doji.grc.planner.problem.SlotProblem;

/** Order in which requested sites are placed: most-linked first, then sites linked to those, fewest candidates on ties. */
final class SearchOrder {
    private SearchOrder() {
    }

    static int[] of(SlotProblem p, int[] degree) {
        int[] order = new int[p.nReq];
        boolean[] taken = new boolean[p.nReq];
        for (int t = 0; t < p.nReq; t++) {
            int best = -1;
            int bestLinked = -1;
            for (int j = 0; j < p.nReq; j++) {
                if (taken[j]) {
                    continue;
                }
                int linked = 0;
                for (int l = 0; l < p.nLinks; l++) {
                    if (p.linkO[l] == j && taken[p.linkP[l]] || p.linkP[l] == j && taken[p.linkO[l]]) {
                        linked++;
                    }
                }
                if (best < 0 || better(p, degree, j, linked, best, bestLinked)) {
                    best = j;
                    bestLinked = linked;
                }
            }
            taken[best] = true;
            order[t] = best;
        }
        return order;
    }

    /**
     * For each requested site, the one before it in {@code order} that is interchangeable with it, or -1.
     * Interchangeable: the same candidates at the same costs and cores, and links of the same classes to every
     * other requested site, so swapping the two maps every plan onto one of the same cost. The search then places
     * the later one only on a site after the earlier one's: of each set of equal plans that differ by such swaps
     * it sees one, the one that the tie-break (sites in RM order) prefers anyway.
     */
    static int[] twinBefore(SlotProblem p, int[] order) {
        int[] linkClass = new int[p.nLinks];
        for (int l = 0; l < p.nLinks; l++) {
            linkClass[l] = l;
            for (int m = 0; m < l; m++) {
                if (p.linkBw[m] == p.linkBw[l] && p.linkMaxLatency[m] == p.linkMaxLatency[l]
                        && Arrays.equals(p.arcCost[m], p.arcCost[l])) {
                    linkClass[l] = linkClass[m];
                    break;
                }
            }
        }
        // per ordered pair of requested sites, the sorted classes of the links between them
        List<List<List<Integer>>> between = new ArrayList<>();
        for (int j = 0; j < p.nReq; j++) {
            List<List<Integer>> row = new ArrayList<>();
            for (int k = 0; k < p.nReq; k++) {
                row.add(new ArrayList<>());
            }
            between.add(row);
        }
        for (int l = 0; l < p.nLinks; l++) {
            between.get(p.linkO[l]).get(p.linkP[l]).add(linkClass[l]);
            between.get(p.linkP[l]).get(p.linkO[l]).add(linkClass[l]);
        }
        between.forEach(row -> row.forEach(Collections::sort));
        int[] twin = new int[p.nReq];
        Arrays.fill(twin, -1);
        for (int t = 1; t < order.length; t++) {
            for (int s = t - 1; s >= 0 && twin[order[t]] < 0; s--) {
                if (interchangeable(p, between, order[s], order[t])) {
                    twin[order[t]] = order[s];
                }
            }
        }
        return twin;
    }

    private static boolean interchangeable(SlotProblem p, List<List<List<Integer>>> between, int a, int b) {
        if (p.reqCores[a] != p.reqCores[b] || !Arrays.equals(p.cand[a], p.cand[b])
                || !Arrays.equals(p.candCost[a], p.candCost[b]) || !Arrays.equals(p.candCores[a], p.candCores[b])) {
            return false;
        }
        for (int k = 0; k < p.nReq; k++) {
            if (k != a && k != b && !between.get(a).get(k).equals(between.get(b).get(k))) {
                return false;
            }
        }
        return true;
    }

    private static boolean better(SlotProblem p, int[] degree, int j, int linked, int best, int bestLinked) {
        if (linked != bestLinked) {
            return linked > bestLinked;
        }
        if (degree[j] != degree[best]) {
            return degree[j] > degree[best];
        }
        return p.cand[j].length < p.cand[best].length;
    }
}
