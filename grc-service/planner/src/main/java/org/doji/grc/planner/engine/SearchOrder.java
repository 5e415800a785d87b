package org.doji.grc.planner.engine;

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
