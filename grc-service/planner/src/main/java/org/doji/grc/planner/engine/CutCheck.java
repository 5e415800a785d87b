package org.doji.grc.planner.engine;

import java.util.Arrays;

/**
 * The cut condition of a set of links between placed sites: for every split of
 * their sites into two sides A and B, the bandwidth of the links between A and B must fit through
 * the network, i.e. the maximum flow from A to B over the path capacities must reach it. The links
 * crossing a split, each oriented from A to B, form one such flow, so a split that fails proves
 * that no routing exists — whatever the cut in between (a bottleneck hub, a domain's exchange
 * points) — without enumerating a single route. Checking every split with a max flow checks every
 * vertex cut at once (max-flow min-cut). Necessary, not sufficient: routes may still conflict.
 *
 * <p>Max flow is Edmonds–Karp on the undirected paths (flow of path k in [−cap, cap]), multi-source
 * from A's sites to any of B's, stopped as soon as the demand is met. One per solve; not thread-safe.
 */
final class CutCheck {
    private final Network net;
    private final int nVertices;
    private final long[] flow;
    private final int[] parentArc;
    private final int[] queue;
    private final byte[] side; // 0 none, 1 in A, 2 in B
    private final int[] terminals;

    CutCheck(Network net) {
        this.net = net;
        this.nVertices = net.p.nVertices;
        flow = new long[net.p.nPaths];
        parentArc = new int[nVertices];
        queue = new int[nVertices];
        side = new byte[nVertices];
        terminals = new int[2 * Math.max(1, net.p.nLinks)];
    }

    /**
     * Whether links {@code 0..n-1}, link i of {@code bw[i]} between sites {@code from[i]} and
     * {@code to[i]}, pass every cut with the path capacities {@code cap}.
     */
    boolean fits(int[] from, int[] to, long[] bw, int n, long[] cap) {
        int nt = 0;
        for (int i = 0; i < n; i++) {
            nt = addTerminal(nt, from[i]);
            nt = addTerminal(nt, to[i]);
        }
        if (nt < 2 || nt > 20) {
            return true; // more than 2^19 splits would cost more than the search it saves
        }
        // the first terminal stays on side A: a split and its mirror image are the same cut
        for (int mask = 1; mask < (1 << nt) - 1; mask += 2) {
            long demand = 0;
            for (int i = 0; i < n; i++) {
                if (inA(mask, nt, from[i]) != inA(mask, nt, to[i])) {
                    demand += bw[i];
                }
            }
            if (demand > 0 && maxFlow(mask, nt, cap, demand) < demand) {
                return false;
            }
        }
        return true;
    }

    private int addTerminal(int nt, int v) {
        for (int t = 0; t < nt; t++) {
            if (terminals[t] == v) {
                return nt;
            }
        }
        terminals[nt] = v;
        return nt + 1;
    }

    private boolean inA(int mask, int nt, int v) {
        for (int t = 0; t < nt; t++) {
            if (terminals[t] == v) {
                return (mask >> t & 1) == 1;
            }
        }
        throw new IllegalStateException("not a terminal: " + v);
    }

    /** Max flow from side A to side B, stopped once it reaches {@code enough}. */
    private long maxFlow(int mask, int nt, long[] cap, long enough) {
        Arrays.fill(flow, 0);
        long total = 0;
        while (total < enough) {
            long pushed = augment(mask, nt, cap, enough - total);
            if (pushed == 0) {
                break;
            }
            total += pushed;
        }
        return total;
    }

    /** One shortest augmenting path (BFS from all of A); returns what it carried (0 when none is left). */
    private long augment(int mask, int nt, long[] cap, long want) {
        Arrays.fill(side, (byte) 0);
        Arrays.fill(parentArc, -2);
        int head = 0;
        int tail = 0;
        for (int t = 0; t < nt; t++) {
            boolean a = (mask >> t & 1) == 1;
            side[terminals[t]] = a ? (byte) 1 : (byte) 2;
            if (a) {
                parentArc[terminals[t]] = -1;
                queue[tail++] = terminals[t];
            }
        }
        int sink = -1;
        while (head < tail && sink < 0) {
            int v = queue[head++];
            for (int a = net.adjStart[v]; a < net.adjStart[v + 1]; a++) {
                int arc = net.adjArc[a];
                int w = net.p.arcHead(arc);
                if (parentArc[w] != -2 || residual(arc, cap) <= 0) {
                    continue;
                }
                parentArc[w] = arc;
                if (side[w] == 2) {
                    sink = w;
                    break;
                }
                queue[tail++] = w;
            }
        }
        if (sink < 0) {
            return 0;
        }
        long push = want;
        for (int v = sink; parentArc[v] >= 0; v = net.p.arcTail(parentArc[v])) {
            push = Math.min(push, residual(parentArc[v], cap));
        }
        for (int v = sink; parentArc[v] >= 0; v = net.p.arcTail(parentArc[v])) {
            int arc = parentArc[v];
            flow[arc >> 1] += (arc & 1) == 0 ? push : -push;
        }
        return push;
    }

    /** Free capacity of an arc: path k carries flow[k] from pathU to pathV (negative: the other way). */
    private long residual(int arc, long[] cap) {
        int k = arc >> 1;
        return (arc & 1) == 0 ? cap[k] - flow[k] : cap[k] + flow[k];
    }
}
