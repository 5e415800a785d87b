package org.doji.grc.planner.engine;

import java.util.Arrays;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;

/**
 * Depth-first branch and bound over x (one search per slot, not thread-safe).
 *
 * <p>Bound of a partial placement: the larger of two, per link ({@link LinkBound}) and per link end
 * ({@link EndShareBound}: placed costs + shortest paths of links between placed sites + the end shares of every
 * other link, the unplaced sites assigned to distinct free sites). Shortest paths ignore the latency sum and
 * sharing, so both are admissible; a full placement is then routed exactly ({@link Router}, which remembers each
 * routing problem's result). Interchangeable requested sites ({@link SearchOrder#twinBefore}) take sites in
 * RM order.
 *
 * <p>Tie-break: of the plans of least cost, the one whose sites, read in the search's order of the requested
 * sites ({@link SearchOrder}), come first in the order of the sites (the RMs' order): once the optimum is proven, a
 * last pass tries candidates in that order and keeps the first plan of optimal cost.
 */
final class PlacementSearch {
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
    private final LinkBound links;
    private final EndShareBound shares;
    private final int[] twinBefore;
    /** requested site on each site, -1 when free. */
    private final int[] owner;
    /** links of each requested site whose other end is not placed. */
    private final int[] openLinks;
    /** the tie pass: candidates in site order, plans of optimal cost accepted, the first one ends the search. */
    private boolean tiePass;
    private boolean tieFound;
    private double incumbent = Double.POSITIVE_INFINITY;
    private int[] bestSites;
    private int[][] bestRoutes;

    PlacementSearch(SlotProblem p, Deadline deadline) {
        this(p, deadline, null, Long.MAX_VALUE);
    }

    /**
     * @param mip      when not null, the last pass hands each routing whose search grows past {@code mipAfter} nodes to
     *                 this integer program ({@link Router}), so that pass is exact without enumerating: the passes are
     *                 then {@link #MIP_ROUTER_BUDGETS}
     */
    PlacementSearch(SlotProblem p, Deadline deadline, RouteMip mip, long mipAfter) {
        this(p, deadline, mip, mipAfter, mip == null ? ROUTER_BUDGETS : MIP_ROUTER_BUDGETS);
    }

    /** With other router passes (tests: one uncapped pass, so that every routing meets the integer program). */
    PlacementSearch(SlotProblem p, Deadline deadline, RouteMip mip, long mipAfter, long[] budgets) {
        this.p = p;
        this.deadline = deadline;
        this.net = new Network(p);
        this.distances = new DistanceCache(net);
        this.router = new Router(net, distances, deadline, mip, mipAfter);
        this.budgets = budgets.clone();
        this.packing = new EndpointPacking(net);
        siteOf = new int[p.nReq];
        Arrays.fill(siteOf, -1);
        used = new boolean[p.nSites];
        links = new LinkBound(p, net, distances, siteOf);
        int[] degree = new int[p.nReq];
        for (int l = 0; l < p.nLinks; l++) {
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
        twinBefore = SearchOrder.twinBefore(p, order);
        shares = new EndShareBound(p, net);
        owner = new int[p.nSites];
        Arrays.fill(owner, -1);
        openLinks = degree.clone();
        placedCost = new double[p.nReq];
    }

    /**
     * Router node caps of the successive passes. One full placement's routing can be a
     * long search of its own when many links compete for few paths, and an exact router spent minutes on
     * the first placements before any plan existed. The first passes cap the routing of each placement,
     * which finds good plans early; each pass starts from the best plan so far, whose cost bounds the
     * next pass's placements and routings much harder. A pass in which no routing hit its cap is exact.
     */
    private static final long[] ROUTER_BUDGETS = {200, 5_000, 100_000, Long.MAX_VALUE};
    /** With the integer program the last pass is not enumerated out, so there is no need for a third capped pass. */
    private static final long[] MIP_ROUTER_BUDGETS = {200, 5_000, Long.MAX_VALUE};
    private final long[] budgets;

    SlotSolution run() {
        for (long budget : budgets) {
            router.budget(budget);
            dfs(0);
            if (!router.truncated() || deadline.passed()) {
                break;
            }
        }
        if (bestSites != null && !deadline.passed() && !router.truncated()) {
            router.budget(Long.MAX_VALUE);
            tiePass = true;
            dfs(0);
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

    /** Routing problems the last pass handed to the integer program. */
    long mipSolves() {
        return router.mipSolves();
    }

    private boolean pruned(double bound) {
        double tolerance = REL_EPS * Math.max(1, Math.abs(incumbent));
        // the tie pass looks for plans of the proven optimal cost, so it keeps bounds equal to it
        return tiePass ? bound > incumbent + tolerance : bound >= incumbent - tolerance;
    }

    private void dfs(int depth) {
        if (deadline.expired() || tieFound) {
            return;
        }
        if (depth == p.nReq) {
            leaf();
            return;
        }
        int j = order[depth];
        int[] cand = p.cand[j];
        // only j's own cost and its links' terms change between j's candidates: the rest is summed once
        double fixed = links.fixed(j, placedCost, incumbent);
        if (pruned(fixed)) {
            return;
        }
        double[] bound = new double[cand.length];
        Integer[] idx = new Integer[cand.length];
        int n = 0;
        int twin = twinBefore[j];
        for (int c = 0; c < cand.length; c++) {
            if (used[cand[c]] || !packing.fits(j, cand[c]) || twin >= 0 && cand[c] < siteOf[twin]) {
                continue;
            }
            siteOf[j] = cand[c];
            double b = fixed + p.candCost[j][c];
            for (int l : linksOf[j]) {
                b += links.link(l, j, incumbent);
            }
            if (!pruned(b)) {
                b = Math.max(b, endShareBound(j, c));
            }
            if (!pruned(b)) {
                bound[c] = b;
                idx[n++] = c;
            }
        }
        siteOf[j] = -1;
        if (!tiePass) {
            Arrays.sort(idx, 0, n, (a, b) -> Double.compare(bound[a], bound[b]));
        }
        for (int t = 0; t < n; t++) {
            int c = idx[t];
            if (pruned(bound[c])) {
                if (tiePass) {
                    continue;
                }
                break;
            }
            place(j, c);
            dfs(depth + 1);
            unplace(j, c);
        }
        siteOf[j] = -1;
    }

    private void place(int j, int c) {
        siteOf[j] = p.cand[j][c];
        placedCost[j] = p.candCost[j][c];
        used[siteOf[j]] = true;
        owner[siteOf[j]] = j;
        for (int l : linksOf[j]) {
            openLinks[p.linkO[l] == j ? p.linkP[l] : p.linkO[l]]--;
        }
    }

    private void unplace(int j, int c) {
        for (int l : linksOf[j]) {
            openLinks[p.linkO[l] == j ? p.linkP[l] : p.linkO[l]]++;
        }
        used[p.cand[j][c]] = false;
        owner[p.cand[j][c]] = -1;
        siteOf[j] = -1;
    }

    /** The end-share bound ({@link EndShareBound}) with requested site j tentatively on its candidate c. */
    private double endShareBound(int j, int c) {
        place(j, c);
        double x = 0;
        for (int i = 0; i < p.nReq; i++) {
            if (siteOf[i] >= 0) {
                x += placedCost[i];
            }
        }
        double linkCost = 0;
        for (int l = 0; l < p.nLinks && linkCost < Double.POSITIVE_INFINITY; l++) {
            int so = siteOf[p.linkO[l]];
            int sd = siteOf[p.linkP[l]];
            if (so >= 0 && sd >= 0) {
                linkCost += distances.cost(l, so, incumbent)[sd];
            }
        }
        double b = x + (linkCost == Double.POSITIVE_INFINITY ? linkCost
                : shares.ends(siteOf, used, owner, openLinks, packing::fits, linkCost));
        unplace(j, c);
        return b;
    }

    private void leaf() {
        double x = 0;
        for (int j = 0; j < p.nReq; j++) {
            x += placedCost[j];
        }
        double limit = tiePass ? incumbent + REL_EPS * Math.max(1, Math.abs(incumbent)) : incumbent;
        int[][] routes = router.route(siteOf, limit - x);
        if (routes != null) {
            double total = x + router.cost();
            tieFound = tiePass;
            if (total < incumbent || tiePass) {
                incumbent = total;
                bestSites = siteOf.clone();
                bestRoutes = routes;
            }
        }
    }
}
