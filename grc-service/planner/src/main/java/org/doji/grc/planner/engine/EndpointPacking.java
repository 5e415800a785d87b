package org.doji.grc.planner.engine;

import java.util.Arrays;
import org.doji.grc.planner.problem.SlotProblem;

/**
 * Necessary condition for placing requested site j on vertex v: every routed link of j leaves
 * or enters v over one path incident to v, so the links' bandwidths must pack into the free
 * capacities of v's usable paths. This prunes joint-capacity infeasibility at placement time
 * instead of discovering it once per full placement in the router. Results are cached.
 */
final class EndpointPacking {
    private final SlotProblem p;
    private final Network net;
    private final int[][] linksOf;
    private final byte[][] cache; // 0 unknown, 1 fits, 2 does not

    EndpointPacking(Network net) {
        this.net = net;
        this.p = net.p;
        linksOf = new int[p.nReq][];
        for (int j = 0; j < p.nReq; j++) {
            int[] ls = new int[p.nLinks];
            int n = 0;
            for (int l = 0; l < p.nLinks; l++) {
                if (p.linkO[l] == j || p.linkP[l] == j) {
                    ls[n++] = l;
                }
            }
            final int[] sorted = Arrays.copyOf(ls, n);
            linksOf[j] = Arrays.stream(sorted).boxed()
                    .sorted((a, b) -> Long.compare(p.linkBw[b], p.linkBw[a])).mapToInt(Integer::intValue).toArray();
        }
        cache = new byte[p.nReq][p.nSites];
    }

    boolean fits(int j, int v) {
        if (linksOf[j].length == 0) {
            return true;
        }
        if (cache[j][v] == 0) {
            int from = net.adjStart[v];
            int n = net.adjStart[v + 1] - from;
            long[] residual = new long[n];
            for (int a = 0; a < n; a++) {
                residual[a] = p.pathCap[net.adjArc[from + a] >> 1];
            }
            cache[j][v] = pack(linksOf[j], 0, v, residual) ? (byte) 1 : (byte) 2;
        }
        return cache[j][v] == 1;
    }

    private boolean pack(int[] links, int t, int v, long[] residual) {
        if (t == links.length) {
            return true;
        }
        int l = links[t];
        long bw = p.linkBw[l];
        int from = net.adjStart[v];
        for (int a = 0; a < residual.length; a++) {
            int k = net.adjArc[from + a] >> 1;
            if (residual[a] >= bw && p.arcCost[l][k] != SlotProblem.FORBIDDEN) {
                residual[a] -= bw;
                boolean ok = pack(links, t + 1, v, residual);
                residual[a] += bw;
                if (ok) {
                    return true;
                }
            }
        }
        return false;
    }
}
