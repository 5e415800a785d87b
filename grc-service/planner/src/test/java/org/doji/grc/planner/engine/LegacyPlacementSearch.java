package org.doji.grc.planner.engine;

import java.util.Arrays;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;

/**
 * The fast engine's placement search as it was before symmetry breaking, the end-share bound and the
 * documented tie-break: the reference the equivalence tests compare the new search's optimum against.
 *
 * <p>Depth-first branch and bound over x (one search per slot, not thread-safe).
 *
 * <p>Bound of a partial placement = placement costs of placed sites + cheapest candidate of
 * every unplaced site + per link: the shortest-path cost between both ends when both are placed,
 * the cheapest path from the placed end to any candidate of the other when one is, and otherwise
 * the cheaper of a one-hop site-to-site path and one arc at each end (distinct sites need ≥ 1 hop,
 * and a route through an exchange point ≥ 2). Shortest
 * paths ignore the latency sum and sharing, so the bound is admissible; a full placement is
 * then routed exactly.
 */
final class LegacyPlacementSearch {
    private static final double REL_EPS = 1e-9;

    private final SlotProblem p;
    private final Deadline deadline;
    private final Network net;
    private final Router router;
    private final DistanceCache distances;
    private final EndpointPacking packing;
    private final int[] order;
    /** the links incident to each requested site. */
    private final int[][] linksOf;
    /** objective coefficient of each placed requested site (valid where siteOf[j] >= 0). */
    private final double[] placedCost;
    private final int[] siteOf;
    private final boolean[] used;
    private final double[] minX;
    private final double[][] minIncident;
    /** per link and end (0 = o, 1 = p): cheapest incident arc over that end's candidates. */
    private final double[][] minIncidentCand;
    private final double[][] minDirect;
    /** per link: cheapest one-hop route from any candidate of o. */
    private final double[] minDirectCand;
    /** per (link, site, other end): see minToCand; NaN = not computed. An array: the bound is the hot loop. */
    private final double[] minToCandCache;
    private double incumbent = Double.POSITIVE_INFINITY;
    private int[] bestSites;
    private int[][] bestRoutes;

    LegacyPlacementSearch(SlotProblem p, Deadline deadline) {
        this.p = p;
        this.deadline = deadline;
        this.net = new Network(p);
        this.distances = new DistanceCache(net);
        this.router = new Router(net, distances, deadline);
        this.packing = new EndpointPacking(net);
        siteOf = new int[p.nReq];
        Arrays.fill(siteOf, -1);
        used = new boolean[p.nSites];
        minX = new double[p.nReq];
        for (int j = 0; j < p.nReq; j++) {
            minX[j] = Arrays.stream(p.candCost[j]).min().orElse(Double.POSITIVE_INFINITY);
        }
        minIncident = new double[p.nLinks][];
        minIncidentCand = new double[p.nLinks][2];
        minDirect = new double[p.nLinks][];
        minDirectCand = new double[p.nLinks];
        int[] degree = new int[p.nReq];
        for (int l = 0; l < p.nLinks; l++) {
            minIncident[l] = net.minIncident(l);
            minIncidentCand[l][0] = minOver(minIncident[l], p.cand[p.linkO[l]]);
            minIncidentCand[l][1] = minOver(minIncident[l], p.cand[p.linkP[l]]);
            minDirect[l] = net.minDirect(l);
            minDirectCand[l] = minOver(minDirect[l], p.cand[p.linkO[l]]);
            degree[p.linkO[l]]++;
            degree[p.linkP[l]]++;
        }
        order = SearchOrder.of(p, degree);
        linksOf = new int[p.nReq][];
        for (int j = 0; j < p.nReq; j++) {
            linksOf[j] = new int[degree[j]];
        }
        int[] fill = new int[p.nReq];
        for (int l = 0; l < p.nLinks; l++) {
            linksOf[p.linkO[l]][fill[p.linkO[l]]++] = l;
            linksOf[p.linkP[l]][fill[p.linkP[l]]++] = l;
        }
        placedCost = new double[p.nReq];
        minToCandCache = new double[p.nLinks * p.nSites * 2];
        Arrays.fill(minToCandCache, Double.NaN);
    }

    private static double minOver(double[] values, int[] idx) {
        double m = Double.POSITIVE_INFINITY;
        for (int i : idx) {
            m = Math.min(m, values[i]);
        }
        return m;
    }

    /**
     * Router node caps of the successive passes. One full placement's routing can be a
     * long search of its own when many links compete for few paths, and an exact router spent minutes on
     * the first placements before any plan existed. The first passes cap the routing of each placement,
     * which finds good plans early; each pass starts from the best plan so far, whose cost bounds the
     * next pass's placements and routings much harder. A pass in which no routing hit its cap is exact.
     */
    private static final long[] ROUTER_BUDGETS = {200, 5_000, 100_000, Long.MAX_VALUE};

    SlotSolution run() {
        for (long budget : ROUTER_BUDGETS) {
            router.budget(budget);
            dfs(0);
            if (!router.truncated() || deadline.passed()) {
                break;
            }
        }
        // no proof when the deadline cut the search or the last pass capped a routing
        boolean cut = deadline.passed() || router.truncated();
        if (bestSites == null) {
            return cut ? SlotSolution.timedOut("no plan found within the planning time limit of " + deadline.describe())
                    : SlotSolution.infeasible("no placement and routing satisfies cores, bandwidth and latency");
        }
        double objective = SlotSolution.objectiveOf(p, bestSites, bestRoutes);
        return cut ? SlotSolution.incumbent(bestSites, bestRoutes, objective)
                : SlotSolution.optimal(bestSites, bestRoutes, objective);
    }

    private boolean pruned(double bound) {
        return bound >= incumbent - REL_EPS * Math.max(1, Math.abs(incumbent));
    }

    private void dfs(int depth) {
        if (deadline.expired()) {
            return;
        }
        if (depth == p.nReq) {
            leaf();
            return;
        }
        int j = order[depth];
        int[] cand = p.cand[j];
        // only j's own cost and its links' terms change between j's candidates: the rest is summed once
        double fixed = fixedBound(j);
        if (pruned(fixed)) {
            return;
        }
        double[] bound = new double[cand.length];
        Integer[] idx = new Integer[cand.length];
        int n = 0;
        for (int c = 0; c < cand.length; c++) {
            if (used[cand[c]] || !packing.fits(j, cand[c])) {
                continue;
            }
            siteOf[j] = cand[c];
            double b = fixed + p.candCost[j][c];
            for (int l : linksOf[j]) {
                b += linkBound(l, j);
            }
            if (!pruned(b)) {
                bound[c] = b;
                idx[n++] = c;
            }
        }
        siteOf[j] = -1;
        Arrays.sort(idx, 0, n, (a, b) -> Double.compare(bound[a], bound[b]));
        for (int t = 0; t < n; t++) {
            int c = idx[t];
            if (pruned(bound[c])) {
                break;
            }
            siteOf[j] = cand[c];
            placedCost[j] = p.candCost[j][c];
            used[cand[c]] = true;
            dfs(depth + 1);
            used[cand[c]] = false;
        }
        siteOf[j] = -1;
    }

    private void leaf() {
        double x = 0;
        for (int j = 0; j < p.nReq; j++) {
            x += placedCost[j];
        }
        int[][] routes = router.route(siteOf, incumbent - x);
        if (routes != null) {
            double total = x + router.cost();
            if (total < incumbent) {
                incumbent = total;
                bestSites = siteOf.clone();
                bestRoutes = routes;
            }
        }
    }

    /**
     * The lower bound's terms that do not depend on where the unplaced requested site {@code next} goes: the
     * other requested sites' costs and the links not incident to {@code next}. The full bound of a candidate of
     * next adds its cost there and its links' terms ({@link #linkBound} with next tentative).
     */
    private double fixedBound(int next) {
        double b = 0;
        for (int j = 0; j < p.nReq; j++) {
            if (j != next) {
                b += siteOf[j] < 0 ? minX[j] : placedCost[j];
            }
        }
        if (b == Double.POSITIVE_INFINITY) {
            return b;
        }
        for (int l = 0; l < p.nLinks; l++) {
            if (p.linkO[l] != next && p.linkP[l] != next) {
                b += linkBound(l, next);
            }
        }
        return b;
    }

    private double linkBound(int l, int tentative) {
        int o = p.linkO[l];
        int d = p.linkP[l];
        int so = siteOf[o];
        int sd = siteOf[d];
        if (so >= 0 && sd >= 0) {
            if (o != tentative) {
                return dist(l, so)[sd];
            }
            return dist(l, sd)[so];
        }
        // a route is one site-to-site hop, or at least two hops: one arc at each end
        if (so < 0 && sd < 0) {
            return Math.min(minDirectCand[l], minIncidentCand[l][0] + minIncidentCand[l][1]);
        }
        int placedEnd = so >= 0 ? o : d;
        int site = so >= 0 ? so : sd;
        double cheap = Math.min(minDirect[l][site], minIncident[l][site] + minIncidentCand[l][so >= 0 ? 1 : 0]);
        if (placedEnd == tentative) {
            return cheap;
        }
        return Math.max(cheap, minToCand(l, site, so >= 0 ? d : o));
    }

    private double[] dist(int l, int source) {
        // distances at or beyond the incumbent prune anyway: no need to know them exactly
        return distances.cost(l, source, incumbent);
    }

    /** Cheapest path from a placed site to any candidate of the link's other end. */
    private double minToCand(int l, int site, int otherEnd) {
        int key = (l * p.nSites + site) * 2 + (otherEnd == p.linkO[l] ? 0 : 1);
        double cached = minToCandCache[key];
        if (Double.isNaN(cached)) {
            double[] dist = dist(l, site);
            double m = Double.POSITIVE_INFINITY;
            for (int v : p.cand[otherEnd]) {
                if (v != site) {
                    m = Math.min(m, dist[v]);
                }
            }
            cached = m;
            minToCandCache[key] = cached;
        }
        return cached;
    }
}
