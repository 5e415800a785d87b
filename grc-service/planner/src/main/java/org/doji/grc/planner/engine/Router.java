package org.doji.grc.planner.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.doji.grc.planner.problem.SlotProblem;

/**
 * Cheapest routing of all links for a fixed placement. Each link first takes its own cheapest
 * latency-feasible path; when those fit the shared path capacities together (the usual case)
 * that is optimal. Otherwise a depth-first search over each link's paths in cost order, bounded
 * by the independent optima of the links not yet routed, finds the exact optimum.
 *
 * <p>When bandwidth binds (many links competing for few paths), a placement whose links cannot fit the capacity of a
 * site's paths or of some cut ({@link CutCheck}) is rejected before the search: that search would
 * otherwise have to enumerate every combination of routes to prove it. The search may be capped in
 * nodes ({@link #budget}) and stops at the deadline, returning its best routing so far. With a {@link RouteMip}, an
 * uncapped call whose search grows past {@code mipAfter} nodes is solved as an integer program instead, which proves
 * its optimum without enumerating.
 */
final class Router {
    private static final double EPS = 1e-9;

    private final SlotProblem p;
    private final Network net;
    private final MinHeap heap = new MinHeap();
    private int[] from;
    private int[] to;
    private int[] order;
    private double[] restBound;
    private long[] residual;
    private int[][] current;
    private int[][] best;
    private double bestCost;
    /** paths whose capacity all links together could exceed; only these can make routes conflict. */
    private final boolean[] contested;

    private final DistanceCache full;
    private final Deadline deadline;
    private final CutCheck cuts;
    private final RouteCache cache;
    private long nodeBudget = Long.MAX_VALUE;
    private long nodes;
    private boolean truncated;
    private final int[] restFrom;
    private final int[] restTo;
    private final long[] restBw;
    private final RouteMip mip;
    private final long mipAfter;
    private long mipSolves;

    Router(Network net, DistanceCache full, Deadline deadline) {
        this(net, full, deadline, null, Long.MAX_VALUE);
    }

    /** @param mip the exact fallback of uncapped calls that search more than {@code mipAfter} nodes (null: none) */
    Router(Network net, DistanceCache full, Deadline deadline, RouteMip mip, long mipAfter) {
        this.mip = mip;
        this.mipAfter = mipAfter;
        this.net = net;
        this.full = full;
        this.deadline = deadline;
        this.cuts = new CutCheck(net);
        this.cache = new RouteCache(net.p);
        restFrom = new int[net.p.nLinks];
        restTo = new int[net.p.nLinks];
        restBw = new long[net.p.nLinks];
        this.p = net.p;
        contested = new boolean[p.nPaths];
        for (int k = 0; k < p.nPaths; k++) {
            long demand = 0;
            for (int l = 0; l < p.nLinks; l++) {
                if (p.arcCost[l][k] != SlotProblem.FORBIDDEN) {
                    demand += p.linkBw[l];
                }
            }
            contested[k] = demand > p.pathCap[k];
        }
    }

    /**
     * Caps the search nodes of each later {@link #route} call; a call that hits the cap returns its best
     * routing so far and sets {@link #truncated()}, so the caller knows it has no proof for that placement.
     */
    void budget(long maxNodes) {
        nodeBudget = maxNodes;
        truncated = false;
    }

    /** Whether a route call since the last {@link #budget} stopped at the cap. */
    boolean truncated() {
        return truncated;
    }

    /**
     * Routes of the best routing cheaper than {@code limit}, or null; {@link #cost()} gives its cost. When the
     * deadline or the node cap stops the search, the best routing found so far is returned (feasible, not
     * proven best).
     */
    int[][] route(int[] siteOf, double limit) {
        nodes = 0;
        from = new int[p.nLinks];
        to = new int[p.nLinks];
        for (int l = 0; l < p.nLinks; l++) {
            from[l] = siteOf[p.linkO[l]];
            to[l] = siteOf[p.linkP[l]];
        }
        cache.select(from, to);
        int[][] known = cache.optimum(limit);
        if (known != null) {
            bestCost = cache.optimumCost();
            return known;
        }
        if (cache.noneBelow(limit)) {
            return null;
        }
        if (cache.cutBefore(nodeBudget, limit)) {
            truncated = true;
            return null;
        }
        int[][] routes = mip != null && nodeBudget == Long.MAX_VALUE ? routeOrSolve(limit) : routeAnew(limit);
        if (!deadline.passed()) {
            if (nodes > nodeBudget) {
                if (routes == null) {
                    cache.rememberCut(nodeBudget, limit);
                }
            } else if (routes == null) {
                cache.rememberNoneBelow(limit);
            } else {
                cache.rememberOptimum(routes, bestCost);
            }
        }
        return routes;
    }

    /** The search capped at {@code mipAfter} nodes; past the cap, the integer program decides. */
    private int[][] routeOrSolve(double limit) {
        boolean before = truncated;
        nodeBudget = mipAfter;
        int[][] routes = routeAnew(limit);
        nodeBudget = Long.MAX_VALUE;
        if (nodes > mipAfter && !deadline.passed()) {
            truncated = before;
            nodes = 0;
            mipSolves++;
            routes = mip.solve(from, to, limit);
            if (routes != null) {
                bestCost = mip.cost();
            }
        }
        return routes;
    }

    /** Routing problems handed to the integer program so far. */
    long mipSolves() {
        return mipSolves;
    }

    private int[][] routeAnew(double limit) {
        int[][] independent = new int[p.nLinks][];
        double[] own = new double[p.nLinks];
        double total = 0;
        long[] caps = p.pathCap;
        for (int l = 0; l < p.nLinks; l++) {
            independent[l] = new PathEnumerator(net, l, from[l], to[l], caps, limit, heap, full, deadline).next();
            if (independent[l] == null) {
                return null;
            }
            own[l] = cost(l, independent[l]);
            total += own[l];
            if (total >= limit) {
                return null;
            }
        }
        if (fits(independent)) {
            bestCost = total;
            return independent;
        }
        // widest links first, then the links of the sites with the least spare capacity: they fail first
        long[] spare = spareCapacity();
        order = IntStream.range(0, p.nLinks).boxed()
                .sorted(Comparator.comparingLong((Integer l) -> -p.linkBw[l])
                        .thenComparingLong(l -> Math.min(spare[from[l]], spare[to[l]])))
                .mapToInt(Integer::intValue).toArray();
        restBound = new double[p.nLinks + 1];
        for (int t = p.nLinks - 1; t >= 0; t--) {
            restBound[t] = restBound[t + 1] + own[order[t]];
        }
        residual = Arrays.copyOf(caps, caps.length);
        current = new int[p.nLinks][];
        best = null;
        bestCost = limit;
        // joint-capacity proofs first: a placement whose links cannot pass a site or a cut has no routing
        if (endsFit(0) && restPassesCuts(0)) {
            search(0, 0);
        }
        return best;
    }

    double cost() {
        return bestCost;
    }

    private void search(int t, double soFar) {
        if (t == p.nLinks) {
            bestCost = soFar;
            best = current.clone();
            return;
        }
        int l = order[t];
        PathEnumerator paths = new PathEnumerator(net, l, from[l], to[l], residual, bestCost - soFar - restBound[t + 1],
                heap, full, deadline);
        List<BitSet> explored = new ArrayList<>();
        for (int[] path = paths.next(); path != null; path = paths.next()) {
            // every path counts: dominated ones are skipped without recursion, and there can be millions
            if (deadline.expired() || ++nodes > nodeBudget) {
                truncated |= nodes > nodeBudget;
                return;
            }
            double c = cost(l, path);
            if (soFar + c + restBound[t + 1] >= bestCost - EPS * Math.max(1, Math.abs(bestCost))) {
                return; // paths come cheapest first: nothing later can do better
            }
            if (dominated(path, explored)) {
                continue;
            }
            for (int arc : path) {
                residual[arc >> 1] -= p.linkBw[l];
            }
            current[l] = path;
            search(t + 1, soFar + c);
            for (int arc : path) {
                residual[arc >> 1] += p.linkBw[l];
            }
        }
    }

    /** Per vertex: the capacity of its paths less the bandwidth of the links that end there. */
    private long[] spareCapacity() {
        long[] spare = new long[p.nVertices];
        for (int v = 0; v < p.nVertices; v++) {
            for (int a = net.adjStart[v]; a < net.adjStart[v + 1]; a++) {
                spare[v] += p.pathCap[net.adjArc[a] >> 1];
            }
        }
        for (int l = 0; l < p.nLinks; l++) {
            spare[from[l]] -= p.linkBw[l];
            spare[to[l]] -= p.linkBw[l];
        }
        return spare;
    }

    /** The cut condition ({@link CutCheck}) of the links still to route, in the residual capacities. */
    private boolean restPassesCuts(int t) {
        int n = 0;
        for (int u = t; u < p.nLinks; u++) {
            int l = order[u];
            restFrom[n] = from[l];
            restTo[n] = to[l];
            restBw[n++] = p.linkBw[l];
        }
        return cuts.fits(restFrom, restTo, restBw, n, residual);
    }

    /**
     * Every link still to route leaves its site over one incident path: at each site, their bandwidth
     * must fit the residual capacity of the site's paths together (a cut of one vertex).
     */
    private boolean endsFit(int t) {
        long[] demand = new long[p.nVertices];
        for (int u = t; u < p.nLinks; u++) {
            int l = order[u];
            demand[from[l]] += p.linkBw[l];
            demand[to[l]] += p.linkBw[l];
        }
        for (int v = 0; v < p.nVertices; v++) {
            if (demand[v] == 0) {
                continue;
            }
            long capacity = 0;
            for (int a = net.adjStart[v]; a < net.adjStart[v + 1] && capacity < demand[v]; a++) {
                capacity += residual[net.adjArc[a] >> 1];
            }
            if (capacity < demand[v]) {
                return false;
            }
        }
        return true;
    }

    /**
     * A path is dominated when an earlier (so no dearer) path of the same link used a subset of
     * its contested paths: whatever the remaining links can do after it, they can do after the
     * earlier one. Paths that differ only on uncontested paths collapse into one branch.
     */
    private boolean dominated(int[] path, List<BitSet> explored) {
        BitSet mine = new BitSet(p.nPaths);
        for (int arc : path) {
            if (contested[arc >> 1]) {
                mine.set(arc >> 1);
            }
        }
        for (BitSet e : explored) {
            BitSet extra = (BitSet) e.clone();
            extra.andNot(mine);
            if (extra.isEmpty()) {
                return true;
            }
        }
        explored.add(mine);
        return false;
    }

    private boolean fits(int[][] routes) {
        long[] used = new long[p.nPaths];
        for (int l = 0; l < p.nLinks; l++) {
            for (int arc : routes[l]) {
                int k = arc >> 1;
                used[k] += p.linkBw[l];
                if (used[k] > p.pathCap[k]) {
                    return false;
                }
            }
        }
        return true;
    }

    private double cost(int l, int[] path) {
        double c = 0;
        for (int arc : path) {
            c += p.arcCost[l][arc >> 1];
        }
        return c;
    }
}
