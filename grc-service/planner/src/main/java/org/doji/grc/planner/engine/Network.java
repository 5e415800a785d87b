package org.doji.grc.planner.engine;

import java.util.Arrays;
import org.doji.grc.planner.problem.SlotProblem;

/**
 * Adjacency (CSR) of the slot's graph and shortest paths per routed link. Path costs are the
 * same in both directions, so a Dijkstra from the target doubles as the distance-to-target.
 */
final class Network {
    final SlotProblem p;
    /** arcs leaving vertex v: adjArc[adjStart[v] .. adjStart[v+1]). */
    final int[] adjStart;
    final int[] adjArc;

    Network(SlotProblem p) {
        this.p = p;
        adjStart = new int[p.nVertices + 1];
        for (int k = 0; k < p.nPaths; k++) {
            adjStart[p.pathU[k] + 1]++;
            adjStart[p.pathV[k] + 1]++;
        }
        for (int v = 0; v < p.nVertices; v++) {
            adjStart[v + 1] += adjStart[v];
        }
        adjArc = new int[2 * p.nPaths];
        int[] fill = Arrays.copyOf(adjStart, p.nVertices);
        for (int k = 0; k < p.nPaths; k++) {
            adjArc[fill[p.pathU[k]]++] = 2 * k;
            adjArc[fill[p.pathV[k]]++] = 2 * k + 1;
        }
    }

    /**
     * Distances from {@code source} for link l over usable paths whose residual capacity (if
     * given) still fits the link; by cost, or by latency when {@code byLatency}.
     */
    double[] dijkstra(int l, int source, long[] residual, boolean byLatency, MinHeap heap) {
        return dijkstra(l, source, residual, byLatency, heap, Double.POSITIVE_INFINITY);
    }

    /**
     * As above, but stops once every remaining distance exceeds {@code budget}: those vertices get
     * the last settled distance, a lower bound, so the array stays admissible for bounds and A*.
     * The exactness limit is stored in the extra last element.
     */
    double[] dijkstra(int l, int source, long[] residual, boolean byLatency, MinHeap heap, double budget) {
        double[] dist = new double[p.nVertices + 1];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        boolean[] done = new boolean[p.nVertices];
        double[] cost = p.arcCost[l];
        long bw = p.linkBw[l];
        dist[source] = 0;
        heap.clear();
        heap.push(0, source);
        while (!heap.isEmpty()) {
            double d = heap.topKey();
            if (d > budget) {
                for (int v = 0; v < p.nVertices; v++) {
                    if (!done[v]) {
                        dist[v] = d;
                    }
                }
                dist[p.nVertices] = d;
                return dist;
            }
            int v = heap.pop();
            if (done[v]) {
                continue;
            }
            done[v] = true;
            for (int a = adjStart[v]; a < adjStart[v + 1]; a++) {
                int k = adjArc[a] >> 1;
                double c = cost[k];
                if (c == SlotProblem.FORBIDDEN || residual != null && residual[k] < bw) {
                    continue;
                }
                int w = p.arcHead(adjArc[a]);
                double nd = d + (byLatency ? p.pathLatency[k] : c);
                if (nd < dist[w]) {
                    dist[w] = nd;
                    heap.push(nd, w);
                }
            }
        }
        return dist; // complete: the extra element stays +Infinity
    }

    /**
     * Cheapest usable site-to-site path at each site for link l: the only kind of route with a
     * single hop (a route through an exchange point has at least two).
     */
    double[] minDirect(int l) {
        double[] min = new double[p.nVertices];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        for (int k = 0; k < p.nPaths; k++) {
            if (p.pathU[k] < p.nSites && p.pathV[k] < p.nSites) {
                double c = p.arcCost[l][k];
                min[p.pathU[k]] = Math.min(min[p.pathU[k]], c);
                min[p.pathV[k]] = Math.min(min[p.pathV[k]], c);
            }
        }
        return min;
    }

    /** Cheapest usable arc at each vertex for link l: a route leaving or entering v costs at least this. */
    double[] minIncident(int l) {
        double[] min = new double[p.nVertices];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        for (int k = 0; k < p.nPaths; k++) {
            double c = p.arcCost[l][k];
            min[p.pathU[k]] = Math.min(min[p.pathU[k]], c);
            min[p.pathV[k]] = Math.min(min[p.pathV[k]], c);
        }
        return min;
    }
}
