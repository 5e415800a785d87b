package org.doji.grc.planner.engine;

import java.util.Arrays;

/**
 * Shortest-path distances over the full (not residual) capacities, per link class and source.
 * Links with the same bandwidth, latency bound and objective row (the common case: every link
 * asks 1 Gbps) share one class, so one Dijkstra per site serves all of them. Not thread-safe:
 * one per solve.
 */
final class DistanceCache {
    private final Network net;
    private final int[] linkClass;
    /** by (link class, source, by latency); an array, not a map: the bound asks millions of times per solve. */
    private final double[][] cache;
    private final MinHeap heap = new MinHeap();

    DistanceCache(Network net) {
        this.net = net;
        var p = net.p;
        linkClass = new int[p.nLinks];
        cache = new double[p.nLinks * p.nVertices * 2][];
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
    }

    /** Distances by cost from {@code source} for link l (exact). */
    double[] cost(int l, int source) {
        return get(l, source, false, Double.POSITIVE_INFINITY);
    }

    /**
     * Distances by cost, exact up to {@code budget} and lower bounds beyond: on large graphs only
     * the neighbourhood that can still beat the incumbent is explored.
     */
    double[] cost(int l, int source, double budget) {
        return get(l, source, false, budget);
    }

    /** Distances by latency from {@code source} over the paths link l may use. */
    double[] latency(int l, int source) {
        return get(l, source, true, Double.POSITIVE_INFINITY);
    }

    private double[] get(int l, int source, boolean byLatency, double budget) {
        int key = (linkClass[l] * net.p.nVertices + source) * 2 + (byLatency ? 1 : 0);
        double[] d = cache[key];
        // the last element is how far the array is exact; recompute when asked for more
        if (d == null || d[net.p.nVertices] < budget) {
            d = net.dijkstra(l, source, null, byLatency, heap, budget);
            cache[key] = d;
        }
        return d;
    }
}
