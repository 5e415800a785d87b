package org.doji.grc.planner.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;

/**
 * A greedy heuristic: each requested site, in the request's order, on its cheapest candidate not taken yet; then each
 * link, in order, on the cheapest route whose paths still have its bandwidth free (Dijkstra on the objective's path
 * weights). Fast and simple, but not optimal, and it may miss a plan that exists: its answers are marked
 * {@link org.doji.grc.planner.model.Optimality#HEURISTIC}. A baseline for the exact engines, never the default.
 */
public final class GreedyEngine implements SolverEngine {
    public static final String NAME = "greedy";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public SlotSolution solve(SlotProblem p) {
        if (p.precheckFailure != null) {
            return SlotSolution.infeasible(p.precheckFailure);
        }
        int[] siteOf = new int[p.nReq];
        boolean[] taken = new boolean[p.nSites];
        for (int j = 0; j < p.nReq; j++) {
            int best = -1;
            for (int c = 0; c < p.cand[j].length; c++) {
                if (!taken[p.cand[j][c]] && (best < 0 || p.candCost[j][c] < p.candCost[j][best])) {
                    best = c;
                }
            }
            if (best < 0) {
                return SlotSolution.heuristicNone("no free site for " + p.reqIds[j] + " (" + p.reqCores[j] + " cores)");
            }
            siteOf[j] = p.cand[j][best];
            taken[siteOf[j]] = true;
        }
        long[] free = p.pathCap.clone();
        int[][] routes = new int[p.nLinks][];
        for (int l = 0; l < p.nLinks; l++) {
            int[] route = cheapestRoute(p, l, siteOf[p.linkO[l]], siteOf[p.linkP[l]], free);
            String between = p.reqIds[p.linkO[l]] + " and " + p.reqIds[p.linkP[l]];
            if (route == null) {
                return SlotSolution.heuristicNone("no route with " + p.linkBw[l] + " Mbps free between " + between);
            }
            double latency = 0;
            for (int arc : route) {
                latency += p.pathLatency[arc >> 1];
                free[arc >> 1] -= p.linkBw[l];
            }
            if (latency > p.linkMaxLatency[l]) { // under a bound, paths of unknown latency are forbidden already
                return SlotSolution.heuristicNone("the cheapest route between " + between + " takes " + latency
                        + " ms, above its bound of " + p.linkMaxLatency[l] + " ms");
            }
            routes[l] = route;
        }
        return SlotSolution.heuristic(siteOf, routes, SlotSolution.objectiveOf(p, siteOf, routes));
    }

    /** Arc codes from {@code from} to {@code to} of the cheapest route with the link's bandwidth free, or null. */
    private static int[] cheapestRoute(SlotProblem p, int l, int from, int to, long[] free) {
        double[] dist = new double[p.nVertices];
        int[] via = new int[p.nVertices];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        Arrays.fill(via, -1);
        dist[from] = 0;
        PriorityQueue<double[]> queue = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        queue.add(new double[] {0, from});
        while (!queue.isEmpty()) {
            double[] cur = queue.poll();
            int v = (int) cur[1];
            if (cur[0] > dist[v]) {
                continue;
            }
            if (v == to) {
                break;
            }
            for (int k = 0; k < p.nPaths; k++) {
                double w = p.arcCost[l][k];
                if (w == SlotProblem.FORBIDDEN || free[k] < p.linkBw[l]) {
                    continue;
                }
                int arc = p.pathU[k] == v ? 2 * k : p.pathV[k] == v ? 2 * k + 1 : -1;
                if (arc < 0) {
                    continue;
                }
                int head = p.arcHead(arc);
                if (dist[v] + w < dist[head]) {
                    dist[head] = dist[v] + w;
                    via[head] = arc;
                    queue.add(new double[] {dist[head], head});
                }
            }
        }
        if (via[to] < 0) {
            return null;
        }
        List<Integer> arcs = new ArrayList<>();
        for (int v = to; v != from; v = p.arcTail(via[v])) {
            arcs.add(0, via[v]);
        }
        return arcs.stream().mapToInt(Integer::intValue).toArray();
    }
}
