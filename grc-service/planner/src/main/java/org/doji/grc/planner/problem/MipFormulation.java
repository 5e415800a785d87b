package org.doji.grc.planner.problem;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.doji.grc.planner.problem.MipModel.Sense;

/**
 * DESIGN §3 written out as a MIP: x_ij (placement) and, per routed link l and path k, two
 * direction variables y+/y− that share the path's bandwidth. Flow conservation (9) per link
 * and vertex m is {@code Σ_in y − Σ_out y = x_{m,p} − x_{m,o}}: at the site of o one more unit
 * leaves than arrives, at the site of p one more arrives.
 */
public final class MipFormulation {
    private final SlotProblem p;
    private final MipModel model = new MipModel();
    private final int[][] xCol;
    private final int[][][] yCol;

    public MipFormulation(SlotProblem p) {
        this.p = p;
        xCol = new int[p.nReq][];
        yCol = new int[p.nLinks][p.nPaths][];
        build();
    }

    public MipModel model() {
        return model;
    }

    private void build() {
        for (int j = 0; j < p.nReq; j++) {
            xCol[j] = new int[p.cand[j].length];
            for (int c = 0; c < p.cand[j].length; c++) {
                xCol[j][c] = model.addColumn("x_" + j + "_" + p.cand[j][c], p.candCost[j][c], 0, 1, true);
            }
        }
        for (int l = 0; l < p.nLinks; l++) {
            for (int k = 0; k < p.nPaths; k++) {
                double cost = p.arcCost[l][k];
                if (cost != SlotProblem.FORBIDDEN) {
                    yCol[l][k] = new int[] {
                        model.addColumn("y_" + l + "_" + k + "f", cost, 0, 1, true),
                        model.addColumn("y_" + l + "_" + k + "r", cost, 0, 1, true)};
                }
            }
        }
        // (4) each requested site exactly once; a dummy fixed at 0 keeps the row when nothing qualifies
        for (int j = 0; j < p.nReq; j++) {
            Terms t = new Terms();
            for (int col : xCol[j]) {
                t.add(col, 1);
            }
            if (t.isEmpty()) {
                t.add(model.addColumn("none_" + j, 0, 0, 0, true), 1);
            }
            t.addTo(model, "assign_" + j, Sense.EQ, 1);
        }
        // (5) at most one requested site per site, (6) cores
        for (int i = 0; i < p.nSites; i++) {
            Terms one = new Terms();
            Terms cores = new Terms();
            for (int j = 0; j < p.nReq; j++) {
                int c = Arrays.binarySearch(p.cand[j], i);
                if (c >= 0) {
                    one.add(xCol[j][c], 1);
                    cores.add(xCol[j][c], p.candCores[j][c]);
                }
            }
            if (!one.isEmpty()) {
                one.addTo(model, "one_" + i, Sense.LE, 1);
                cores.addTo(model, "cores_" + i, Sense.LE, p.freeCores[i]);
            }
        }
        for (int l = 0; l < p.nLinks; l++) {
            buildLink(l);
        }
        // (8) bandwidth of a path, both directions and all links together
        for (int k = 0; k < p.nPaths; k++) {
            Terms t = new Terms();
            for (int l = 0; l < p.nLinks; l++) {
                if (yCol[l][k] != null) {
                    t.add(yCol[l][k][0], p.linkBw[l]);
                    t.add(yCol[l][k][1], p.linkBw[l]);
                }
            }
            if (!t.isEmpty()) {
                t.addTo(model, "bw_" + k, Sense.LE, p.pathCap[k]);
            }
        }
        for (int c = 0; c < p.countableNames.length; c++) {
            int col = model.addColumn("cnt_" + c, 0, 0, p.countableFree[c], true);
            model.addRow("countable_" + c, new int[] {col}, new double[] {1}, Sense.GE, p.countableRequested[c]);
        }
    }

    private void buildLink(int l) {
        // (7) at least one path carries the link
        Terms route = new Terms();
        Terms latency = new Terms();
        Terms[] flow = new Terms[p.nVertices];
        for (int m = 0; m < p.nVertices; m++) {
            flow[m] = new Terms();
        }
        for (int k = 0; k < p.nPaths; k++) {
            if (yCol[l][k] == null) {
                continue;
            }
            int fwd = yCol[l][k][0];
            int rev = yCol[l][k][1];
            route.add(fwd, 1);
            route.add(rev, 1);
            if (p.linkMaxLatency[l] != Double.POSITIVE_INFINITY) {
                latency.add(fwd, p.pathLatency[k]);
                latency.add(rev, p.pathLatency[k]);
            }
            // forward arc u→v: out of u, into v; the reverse arc the other way round
            flow[p.pathU[k]].add(fwd, -1);
            flow[p.pathV[k]].add(fwd, 1);
            flow[p.pathV[k]].add(rev, -1);
            flow[p.pathU[k]].add(rev, 1);
        }
        int o = p.linkO[l];
        int dst = p.linkP[l];
        for (int c = 0; c < p.cand[dst].length; c++) {
            flow[p.cand[dst][c]].add(xCol[dst][c], -1);
        }
        for (int c = 0; c < p.cand[o].length; c++) {
            flow[p.cand[o][c]].add(xCol[o][c], 1);
        }
        if (route.isEmpty()) {
            route.add(model.addColumn("noroute_" + l, 0, 0, 0, true), 1);
        }
        route.addTo(model, "route_" + l, Sense.GE, 1);
        for (int m = 0; m < p.nVertices; m++) {
            if (!flow[m].isEmpty()) {
                flow[m].addTo(model, "flow_" + l + "_" + m, Sense.EQ, 0);
            }
        }
        if (!latency.isEmpty()) {
            latency.addTo(model, "lat_" + l, Sense.LE, p.linkMaxLatency[l]);
        }
    }

    /** Decodes column values (e.g. from GLPK or OR-Tools) into a placement and simple routes. */
    public SlotSolution decode(double[] values) {
        int[] siteOf = new int[p.nReq];
        for (int j = 0; j < p.nReq; j++) {
            siteOf[j] = -1;
            for (int c = 0; c < xCol[j].length; c++) {
                if (values[xCol[j][c]] > 0.5) {
                    siteOf[j] = p.cand[j][c];
                }
            }
            if (siteOf[j] < 0) {
                throw new IllegalStateException("solver returned no placement for requested site " + j);
            }
        }
        int[][] routes = new int[p.nLinks][];
        for (int l = 0; l < p.nLinks; l++) {
            List<Integer> arcs = new ArrayList<>();
            for (int k = 0; k < p.nPaths; k++) {
                if (yCol[l][k] != null) {
                    if (values[yCol[l][k][0]] > 0.5) {
                        arcs.add(2 * k);
                    }
                    if (values[yCol[l][k][1]] > 0.5) {
                        arcs.add(2 * k + 1);
                    }
                }
            }
            routes[l] = simplePath(p, arcs, siteOf[p.linkO[l]], siteOf[p.linkP[l]]);
        }
        return SlotSolution.optimal(siteOf, routes, SlotSolution.objectiveOf(p, siteOf, routes));
    }

    /**
     * BFS over the arcs a solver chose for one link; drops zero-cost cycles a solver may add alongside the route.
     * Also the routing program's ({@code engine.RouteMip}).
     */
    public static int[] simplePath(SlotProblem p, List<Integer> arcs, int from, int to) {
        int[] via = new int[p.nVertices];
        Arrays.fill(via, -1);
        boolean[] seen = new boolean[p.nVertices];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(from);
        seen[from] = true;
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int arc : arcs) {
                int h = p.arcHead(arc);
                if (p.arcTail(arc) == v && !seen[h]) {
                    seen[h] = true;
                    via[h] = arc;
                    queue.add(h);
                }
            }
        }
        if (!seen[to]) {
            throw new IllegalStateException("solver returned flow without a route " + from + "->" + to);
        }
        List<Integer> rev = new ArrayList<>();
        for (int v = to; v != from; v = p.arcTail(via[v])) {
            rev.add(via[v]);
        }
        int[] path = new int[rev.size()];
        for (int i = 0; i < path.length; i++) {
            path[i] = rev.get(rev.size() - 1 - i);
        }
        return path;
    }

    /** Row builder. */
    private static final class Terms {
        private int[] cols = new int[8];
        private double[] coefs = new double[8];
        private int n;

        void add(int col, double coef) {
            if (n == cols.length) {
                cols = Arrays.copyOf(cols, 2 * n);
                coefs = Arrays.copyOf(coefs, 2 * n);
            }
            cols[n] = col;
            coefs[n] = coef;
            n++;
        }

        boolean isEmpty() {
            return n == 0;
        }

        void addTo(MipModel m, String name, Sense sense, double rhs) {
            m.addRow(name, Arrays.copyOf(cols, n), Arrays.copyOf(coefs, n), sense, rhs);
        }
    }
}
