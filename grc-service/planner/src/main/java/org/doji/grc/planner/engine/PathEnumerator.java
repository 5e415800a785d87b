package org.doji.grc.planner.engine;

import java.util.ArrayList;
import java.util.List;
import org.doji.grc.planner.problem.SlotProblem;

/**
 * Simple paths of one link from {@code from} to {@code to}, cheapest first (A* over partial
 * paths with the exact residual-graph distance as heuristic, so complete paths come out in
 * non-decreasing cost). Partial paths that cannot meet the latency bound or the cost limit are
 * dropped at once, which keeps the frontier small.
 */
final class PathEnumerator {
    private static final double EPS = 1e-9;

    private final SlotProblem p;
    private final Network net;
    private final int l;
    private final int to;
    private final long[] residual;
    private final double limit;
    private final double[] h;
    private final double[] minLatency;
    private final double maxLatency;
    private final Deadline deadline;
    private final MinHeap open = new MinHeap();
    // partial paths as a parent-linked tree in parallel lists
    private final List<int[]> nodes = new ArrayList<>(); // {vertex, parent, arc, depth}
    private final List<double[]> gl = new ArrayList<>(); // {cost, latency}

    /**
     * @param limit only paths costing less than this are produced
     */
    PathEnumerator(Network net, int l, int from, int to, long[] residual, double limit, MinHeap scratch,
                   DistanceCache full, Deadline deadline) {
        this.p = net.p;
        this.deadline = deadline;
        this.net = net;
        this.l = l;
        this.to = to;
        this.residual = residual;
        this.limit = limit;
        // over untouched capacities the heuristics are the cached full-graph distances
        boolean untouched = residual == p.pathCap;
        this.h = untouched ? full.cost(l, to, limit) : net.dijkstra(l, to, residual, false, scratch, limit);
        this.maxLatency = p.linkMaxLatency[l];
        this.minLatency = maxLatency == Double.POSITIVE_INFINITY ? null
                : untouched ? full.latency(l, to) : net.dijkstra(l, to, residual, true, scratch);
        if (h[from] < limit && latencyOk(from, 0)) {
            add(from, -1, -1, 0, 0, 0);
        }
    }

    /** Lower bound on the cost of any path this enumerator can still produce. */
    double minCost(int from) {
        return h[from];
    }

    private boolean latencyOk(int v, double latency) {
        return minLatency == null || latency + minLatency[v] <= maxLatency + EPS;
    }

    private void add(int v, int parent, int arc, int depth, double cost, double latency) {
        nodes.add(new int[] {v, parent, arc, depth});
        gl.add(new double[] {cost, latency});
        open.push(cost + h[v], nodes.size() - 1);
    }

    /** The next path as arc codes from {@code from} to {@code to}, or null when exhausted or out of time. */
    int[] next() {
        // one call may expand many partial paths that end in dead ends (simple paths only): watch the clock
        while (!open.isEmpty() && !deadline.expired()) {
            int id = open.pop();
            int[] node = nodes.get(id);
            int v = node[0];
            double cost = gl.get(id)[0];
            double latency = gl.get(id)[1];
            if (v == to) {
                return arcs(id, node[3]);
            }
            for (int a = net.adjStart[v]; a < net.adjStart[v + 1]; a++) {
                int arc = net.adjArc[a];
                int k = arc >> 1;
                double c = p.arcCost[l][k];
                if (c == SlotProblem.FORBIDDEN || residual[k] < p.linkBw[l]) {
                    continue;
                }
                int w = p.arcHead(arc);
                double nc = cost + c;
                double nl = latency + (minLatency == null ? 0 : p.pathLatency[k]);
                if (nc + h[w] >= limit || !latencyOk(w, nl) || onPath(id, w)) {
                    continue;
                }
                add(w, id, arc, node[3] + 1, nc, nl);
            }
        }
        return null;
    }

    /** Cost of the path last returned is recomputed by the caller from arcCost; this is for the vertex test. */
    private boolean onPath(int id, int w) {
        for (int n = id; n >= 0; n = nodes.get(n)[1]) {
            if (nodes.get(n)[0] == w) {
                return true;
            }
        }
        return false;
    }

    private int[] arcs(int id, int depth) {
        int[] out = new int[depth];
        for (int n = id, i = depth - 1; i >= 0; n = nodes.get(n)[1], i--) {
            out[i] = nodes.get(n)[2];
        }
        return out;
    }
}
