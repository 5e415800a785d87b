package org.doji.grc.planner.engine;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPSolverParameters;
import com.google.ortools.linearsolver.MPVariable;
import java.util.ArrayList;
import java.util.List;
import org.doji.grc.planner.problem.MipFormulation;
import org.doji.grc.planner.problem.SlotProblem;

/**
 * The routing of one fixed placement as an integer program, solved to proven optimality by SCIP (through OR-Tools):
 * per link and path two binary direction variables, flow conservation from the link's site to its other site,
 * the paths' shared capacities and each link's latency bound. The router hands a routing problem here when its
 * combinatorial search grows past a cap: many links competing for the residual capacity of a few paths make that
 * search enumerate combinations, where the LP relaxation bounds them at once.
 *
 * <p>Deterministic: SCIP runs on one thread with its fixed default seed and no time or gap limit, so the same
 * problem gives the same routes in every run. Not bounded in time: for offline use (the simulation), not for a
 * planner that must answer within a deadline. One per solve; not thread-safe.
 */
final class RouteMip {
    private static final double EPS = 1e-9;

    private final SlotProblem p;
    private double cost;

    RouteMip(SlotProblem p) {
        this.p = p;
        Loader.loadNativeLibraries(); // once per process; later calls return at once
    }

    /**
     * The optimal routes of the links from {@code from[l]} to {@code to[l]} if they cost less than {@code limit}
     * (as the router compares: by more than a relative 1e-9), else null: no routing costs less.
     */
    int[][] solve(int[] from, int[] to, double limit) {
        MPSolver solver = MPSolver.createSolver("SCIP");
        if (solver == null) {
            throw new IllegalStateException("OR-Tools has no SCIP backend");
        }
        MPSolverParameters params = new MPSolverParameters();
        try {
            solver.setNumThreads(1);
            MPVariable[][][] y = build(solver, from, to, limit);
            params.setDoubleParam(MPSolverParameters.DoubleParam.RELATIVE_MIP_GAP, 0.0);
            MPSolver.ResultStatus status = solver.solve(params);
            if (status == MPSolver.ResultStatus.INFEASIBLE) {
                return null;
            }
            if (status != MPSolver.ResultStatus.OPTIMAL) {
                throw new IllegalStateException("routing MIP ended with status " + status);
            }
            int[][] routes = decode(y, from, to);
            cost = checkedCost(routes);
            boolean below = limit == Double.POSITIVE_INFINITY || cost < limit - EPS * Math.max(1, Math.abs(limit));
            return below ? routes : null;
        } finally {
            params.delete();
            solver.delete();
        }
    }

    /** Cost of the routes last returned, summed from the arc costs (not the solver's objective). */
    double cost() {
        return cost;
    }

    private MPVariable[][][] build(MPSolver solver, int[] from, int[] to, double limit) {
        MPVariable[][][] y = new MPVariable[p.nLinks][p.nPaths][];
        MPObjective objective = solver.objective();
        MPConstraint[] capacity = new MPConstraint[p.nPaths];
        for (int k = 0; k < p.nPaths; k++) {
            capacity[k] = solver.makeConstraint(Double.NEGATIVE_INFINITY, p.pathCap[k], "bw_" + k);
        }
        MPConstraint bound = limit == Double.POSITIVE_INFINITY ? null
                : solver.makeConstraint(Double.NEGATIVE_INFINITY, limit, "limit");
        for (int l = 0; l < p.nLinks; l++) {
            MPConstraint[] flow = new MPConstraint[p.nVertices];
            for (int v = 0; v < p.nVertices; v++) {
                // out − in: one unit leaves the link's site and arrives at its other site
                double net = v == from[l] ? 1 : v == to[l] ? -1 : 0;
                flow[v] = solver.makeConstraint(net, net, "flow_" + l + "_" + v);
            }
            MPConstraint latency = p.linkMaxLatency[l] == Double.POSITIVE_INFINITY ? null
                    : solver.makeConstraint(Double.NEGATIVE_INFINITY, p.linkMaxLatency[l], "lat_" + l);
            for (int k = 0; k < p.nPaths; k++) {
                double c = p.arcCost[l][k];
                if (c == SlotProblem.FORBIDDEN || p.pathCap[k] < p.linkBw[l]) {
                    continue;
                }
                y[l][k] = new MPVariable[2];
                for (int dir = 0; dir < 2; dir++) {
                    MPVariable v = solver.makeBoolVar("y_" + l + "_" + k + (dir == 0 ? "f" : "r"));
                    y[l][k][dir] = v;
                    int tail = dir == 0 ? p.pathU[k] : p.pathV[k];
                    int head = dir == 0 ? p.pathV[k] : p.pathU[k];
                    flow[tail].setCoefficient(v, 1);
                    flow[head].setCoefficient(v, -1);
                    capacity[k].setCoefficient(v, p.linkBw[l]);
                    objective.setCoefficient(v, c);
                    if (bound != null) {
                        bound.setCoefficient(v, c);
                    }
                    if (latency != null) {
                        latency.setCoefficient(v, p.pathLatency[k]);
                    }
                }
            }
        }
        objective.setMinimization();
        return y;
    }

    /** Each link's chosen arcs reduced to a simple path (zero-cost cycles beside it dropped). */
    private int[][] decode(MPVariable[][][] y, int[] from, int[] to) {
        int[][] routes = new int[p.nLinks][];
        for (int l = 0; l < p.nLinks; l++) {
            List<Integer> arcs = new ArrayList<>();
            for (int k = 0; k < p.nPaths; k++) {
                if (y[l][k] != null) {
                    if (y[l][k][0].solutionValue() > 0.5) {
                        arcs.add(2 * k);
                    }
                    if (y[l][k][1].solutionValue() > 0.5) {
                        arcs.add(2 * k + 1);
                    }
                }
            }
            routes[l] = MipFormulation.simplePath(p, arcs, from[l], to[l]);
        }
        return routes;
    }

    /**
     * The routes' cost, after checking them in exact integer arithmetic against the capacities and the latency
     * bounds: the solver works to tolerances, the plan must not.
     */
    private double checkedCost(int[][] routes) {
        long[] used = new long[p.nPaths];
        double total = 0;
        for (int l = 0; l < p.nLinks; l++) {
            double latency = 0;
            for (int arc : routes[l]) {
                int k = arc >> 1;
                used[k] += p.linkBw[l];
                latency += p.pathLatency[k];
                total += p.arcCost[l][k];
                if (used[k] > p.pathCap[k]) {
                    throw new IllegalStateException("routing MIP exceeds the capacity of path " + p.pathIds[k]);
                }
            }
            if (latency > p.linkMaxLatency[l] + EPS * Math.max(1, p.linkMaxLatency[l])) {
                throw new IllegalStateException("routing MIP exceeds the latency bound of link " + l);
            }
        }
        return total;
    }
}
