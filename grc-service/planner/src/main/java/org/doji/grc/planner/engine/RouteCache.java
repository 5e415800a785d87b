package org.doji.grc.planner.engine;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.doji.grc.planner.problem.SlotProblem;

/**
 * Routing results of one solve by routing problem, not by placement. What a routing costs depends on a placement
 * only through the site pair and class of each link, so placements that differ by swapping requested sites with
 * the same links (in a complete graph of equal links: every placement on the same set of sites) share one
 * routing problem, and a search would route it again for each. A result is kept when it is final: the optimum,
 * no routing below a limit, or a search cut at a node cap (repeating it at the same cap and a lower limit would
 * be cut again, and the pass is marked not exact either way). One per solve; not thread-safe.
 */
final class RouteCache {
    /** What is known of one routing problem. */
    private static final class Entry {
        /** canonical routes of the optimum (null when none is known), and its cost. */
        int[][] routes;
        double cost = Double.NaN;
        /** no routing costs less than this. */
        double noneBelow = Double.NEGATIVE_INFINITY;
        /** a search with this node cap and limit was cut without a routing. */
        long cutAtBudget = -1;
        double cutAtLimit = Double.NEGATIVE_INFINITY;
    }

    private final SlotProblem p;
    private final int[] linkClass;
    private final int classes;
    private final Map<String, Entry> entries = new HashMap<>();
    private Entry current;
    /** canonical position of each link for the current placement, and whether it runs the other way. */
    private final int[] position;
    private final boolean[] reversed;
    private final long[] keys;

    RouteCache(SlotProblem p) {
        this.p = p;
        linkClass = new int[p.nLinks];
        int n = 0;
        for (int l = 0; l < p.nLinks; l++) {
            linkClass[l] = -1;
            for (int m = 0; m < l && linkClass[l] < 0; m++) {
                if (p.linkBw[m] == p.linkBw[l] && p.linkMaxLatency[m] == p.linkMaxLatency[l]
                        && Arrays.equals(p.arcCost[m], p.arcCost[l])) {
                    linkClass[l] = linkClass[m];
                }
            }
            if (linkClass[l] < 0) {
                linkClass[l] = n++;
            }
        }
        classes = n;
        position = new int[p.nLinks];
        reversed = new boolean[p.nLinks];
        keys = new long[p.nLinks];
    }

    /** Looks the routing problem of {@code from}/{@code to} up; the other calls then refer to it. */
    void select(int[] from, int[] to) {
        for (int l = 0; l < p.nLinks; l++) {
            int a = Math.min(from[l], to[l]);
            int b = Math.max(from[l], to[l]);
            reversed[l] = from[l] != a;
            // the link index in the low bits keeps the order of equal links stable
            keys[l] = (((long) a * p.nVertices + b) * classes + linkClass[l]) * p.nLinks + l;
        }
        long[] sorted = keys.clone();
        Arrays.sort(sorted);
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < sorted.length; i++) {
            int l = (int) (sorted[i] % p.nLinks);
            position[l] = i;
            key.append(sorted[i] / p.nLinks).append(',');
        }
        current = entries.computeIfAbsent(key.toString(), k -> new Entry());
    }

    /** The optimal routes if known and cheaper than {@code limit}, oriented as the current links; else null. */
    int[][] optimum(double limit) {
        if (current.routes == null || !(current.cost < limit)) {
            return null;
        }
        int[][] out = new int[p.nLinks][];
        for (int l = 0; l < p.nLinks; l++) {
            out[l] = orient(current.routes[position[l]], reversed[l]);
        }
        return out;
    }

    double optimumCost() {
        return current.cost;
    }

    /** Whether it is known that no routing costs less than {@code limit}. */
    boolean noneBelow(double limit) {
        return limit <= current.noneBelow || current.routes != null && current.cost >= limit;
    }

    /** Whether a search with this cap was cut at this limit or a higher one without finding a routing. */
    boolean cutBefore(long budget, double limit) {
        return current.cutAtBudget == budget && limit <= current.cutAtLimit;
    }

    void rememberOptimum(int[][] routes, double cost) {
        int[][] canonical = new int[p.nLinks][];
        for (int l = 0; l < p.nLinks; l++) {
            canonical[position[l]] = orient(routes[l], reversed[l]);
        }
        current.routes = canonical;
        current.cost = cost;
    }

    void rememberNoneBelow(double limit) {
        current.noneBelow = Math.max(current.noneBelow, limit);
    }

    void rememberCut(long budget, double limit) {
        if (current.cutAtBudget != budget) {
            current.cutAtBudget = budget;
            current.cutAtLimit = limit;
        } else {
            current.cutAtLimit = Math.max(current.cutAtLimit, limit);
        }
    }

    /** A route of arc codes, turned round when the link runs the other way (arc 2k ↔ 2k+1, last arc first). */
    private static int[] orient(int[] route, boolean reverse) {
        if (!reverse) {
            return route;
        }
        int[] out = new int[route.length];
        for (int i = 0; i < route.length; i++) {
            out[route.length - 1 - i] = route[i] ^ 1;
        }
        return out;
    }
}
