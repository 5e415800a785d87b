package org.doji.grc.planner.engine;

import java.util.Arrays;
import java.util.function.BiPredicate;
import org.doji.grc.planner.problem.SlotProblem;

/**
 * A lower bound on the links of a partial placement that charges every link end, not every link. A route of one
 * arc (a site-to-site path) costs c = c/2 + c/2; a longer route costs at least its first arc plus its last (costs
 * are never negative). So a
 * link costs at least the sum of two end shares: half its arc at each end when direct, else the first arc at each
 * end. At a site v the links of requested site j share the arcs of v: each arc carries at most
 * {@code capacity / bandwidth} of them, and a direct arc to site w is the one-hop route of at most as many links
 * as j has to one neighbour (w holds one requested site). Taking the cheapest such slots for j's links is the
 * least j's ends can cost at v.
 *
 * <p>Where the old per-link bound lets every link of a complete graph go direct, this one sees that a site has only
 * as many direct paths as it has site neighbours, and with a min-cost assignment of the unplaced requested sites to
 * distinct free sites ({@link #ends}) that only so many requested sites fit where direct paths are plentiful. Costs and bandwidths are relaxed to the cheapest and smallest among j's links, so the bound holds for
 * links of different classes too. One per solve; not thread-safe.
 */
final class EndShareBound {
    private final SlotProblem p;
    private final Network net;
    /** per requested site: the cheapest cost of each path over its links (FORBIDDEN when none may use it). */
    private final double[][] rowMin;
    private final long[] bwMin;
    /** per requested site: the most links it has to one neighbour (1 in a simple graph). */
    private final int[] multiplicity;
    private final int[] degree;
    private final boolean[][] linked;
    private double[] slotCost = new double[16];
    private long[] slotUnits = new long[16];
    private double[] freeHalf = new double[16];
    private final Assignment assignment;

    EndShareBound(SlotProblem p, Network net) {
        this.p = p;
        this.net = net;
        rowMin = new double[p.nReq][p.nPaths];
        bwMin = new long[p.nReq];
        multiplicity = new int[p.nReq];
        degree = new int[p.nReq];
        linked = new boolean[p.nReq][p.nReq];
        int[][] pairs = new int[p.nReq][p.nReq];
        for (double[] row : rowMin) {
            Arrays.fill(row, SlotProblem.FORBIDDEN);
        }
        Arrays.fill(bwMin, Long.MAX_VALUE);
        for (int l = 0; l < p.nLinks; l++) {
            for (int end = 0; end < 2; end++) {
                int j = end == 0 ? p.linkO[l] : p.linkP[l];
                int other = end == 0 ? p.linkP[l] : p.linkO[l];
                degree[j]++;
                linked[j][other] = true;
                multiplicity[j] = Math.max(multiplicity[j], ++pairs[j][other]);
                bwMin[j] = Math.min(bwMin[j], p.linkBw[l]);
                for (int k = 0; k < p.nPaths; k++) {
                    rowMin[j][k] = Math.min(rowMin[j][k], p.arcCost[l][k]);
                }
            }
        }
        assignment = new Assignment(p.nReq, p.nSites);
    }

    boolean linked(int j, int k) {
        return linked[j][k];
    }

    /**
     * The least the ends at v of {@code m} links of requested site j can cost. A direct path to site w counts at
     * half price only where a one-hop route can end: for placed j ({@code self} = j; its links to placed sites
     * are not among the m) a free site that is not {@code empty}; for unplaced j ({@code self} < 0) such a free
     * site, at most as many as j has unplaced neighbours ({@code freeDirects}), or a site holding a requested site
     * linked to j. With {@code owner} null every direct path counts (a relaxation that holds in any state).
     */
    double share(int j, int v, int m, int[] owner, int self, boolean[] empty, int freeDirects) {
        if (m == 0) {
            return 0;
        }
        int n = 0;
        int nFree = 0;
        long units = 0;
        for (int a = net.adjStart[v]; a < net.adjStart[v + 1]; a++) {
            int arc = net.adjArc[a];
            int k = arc >> 1;
            double c = rowMin[j][k];
            long u = p.pathCap[k] / bwMin[j];
            if (c == SlotProblem.FORBIDDEN || u == 0) {
                continue;
            }
            int w = p.arcHead(arc);
            long direct = 0;
            if (w < p.nSites) {
                if (owner == null || owner[w] >= 0 && self < 0 && linked[j][owner[w]]) {
                    direct = Math.min(u, multiplicity[j]);
                    n = add(n, c / 2, direct);
                } else if (owner[w] < 0 && !empty[w]) {
                    // a unit of this path per parallel link may be a direct route; which ones is decided below
                    direct = Math.min(u, multiplicity[j]);
                    for (long d = 0; d < direct; d++) {
                        if (nFree == freeHalf.length) {
                            freeHalf = Arrays.copyOf(freeHalf, 2 * nFree);
                        }
                        freeHalf[nFree++] = c / 2;
                    }
                }
            }
            if (u > direct) {
                n = add(n, c, u - direct);
            }
            units += u;
            if (units >= Integer.MAX_VALUE) {
                break;
            }
        }
        if (units < m) {
            return Double.POSITIVE_INFINITY;
        }
        // the cheapest free direct paths may carry direct routes (as many as can end there), the others a first hop
        Arrays.sort(freeHalf, 0, nFree);
        long cap = self >= 0 ? Long.MAX_VALUE : (long) freeDirects * multiplicity[j];
        for (int f = 0; f < nFree; f++) {
            n = f < cap ? add(n, freeHalf[f], 1) : add(n, 2 * freeHalf[f], 1);
        }
        sortSlots(n);
        double sum = 0;
        long left = m;
        for (int s = 0; s < n && left > 0; s++) {
            long take = Math.min(left, slotUnits[s]);
            sum += take * slotCost[s];
            left -= take;
        }
        return sum;
    }

    /**
     * The bound on all links but the placed sites' own costs: the links between placed sites at their shortest
     * paths ({@code placedLinks}) plus the end shares of the placed sites' open links, or all links of the placed
     * sites by end shares (whichever is larger), plus the least placement cost and end shares of the unplaced sites
     * over distinct free sites that pass {@code fits} (a min-cost assignment, so two of them cannot both take the
     * best site). A free site no unplaced site can take stays empty, and no direct route ends there; when exactly
     * one more free site than unplaced sites remains, each choice of the one left empty is tried.
     */
    double ends(int[] siteOf, boolean[] used, int[] owner, int[] openLinks, BiPredicate<Integer, Integer> fits,
                double placedLinks) {
        boolean[] empty = new boolean[p.nSites];
        int live = 0;
        int unplaced = 0;
        Arrays.fill(empty, true);
        for (int j = 0; j < p.nReq; j++) {
            if (siteOf[j] >= 0) {
                continue;
            }
            unplaced++;
            for (int v : p.cand[j]) {
                if (!used[v] && empty[v] && fits.test(j, v)) {
                    empty[v] = false;
                    live++;
                }
            }
        }
        for (int v = 0; v < p.nSites; v++) {
            empty[v] &= !used[v];
        }
        if (live != unplaced + 1) {
            return ends(siteOf, used, owner, openLinks, fits, empty, placedLinks);
        }
        double best = Double.POSITIVE_INFINITY;
        for (int w = 0; w < p.nSites; w++) {
            if (!used[w] && !empty[w]) {
                empty[w] = true;
                best = Math.min(best, ends(siteOf, used, owner, openLinks, fits, empty, placedLinks));
                empty[w] = false;
            }
        }
        return best;
    }

    private double ends(int[] siteOf, boolean[] used, int[] owner, int[] openLinks, BiPredicate<Integer, Integer> fits,
                        boolean[] empty, double placedLinks) {
        // the links between placed sites are charged either by their shortest paths (exact for one link, blind to
        // sharing) or by their ends like the others (blind to the path between, but not to the arcs' capacity at
        // each site): both are lower bounds, so the larger counts
        double open = 0;
        double all = 0;
        int rows = 0;
        for (int j = 0; j < p.nReq && open < Double.POSITIVE_INFINITY; j++) {
            if (siteOf[j] >= 0) {
                open += share(j, siteOf[j], openLinks[j], owner, j, empty, 0);
                all += share(j, siteOf[j], degree[j], owner, -1, empty, openLinks[j]);
                continue;
            }
            double[] row = assignment.row(rows++);
            Arrays.fill(row, Double.POSITIVE_INFINITY);
            int[] cand = p.cand[j];
            for (int c = 0; c < cand.length; c++) {
                int v = cand[c];
                if (!used[v] && !empty[v] && fits.test(j, v)) {
                    row[v] = p.candCost[j][c] + share(j, v, degree[j], owner, -1, empty, openLinks[j]);
                }
            }
        }
        double unplaced = rows == 0 || open == Double.POSITIVE_INFINITY ? 0 : assignment.solve(rows);
        return Math.max(placedLinks + open, all) + unplaced;
    }

    private int add(int n, double cost, long units) {
        if (n == slotCost.length) {
            slotCost = Arrays.copyOf(slotCost, 2 * n);
            slotUnits = Arrays.copyOf(slotUnits, 2 * n);
        }
        slotCost[n] = cost;
        slotUnits[n] = units;
        return n + 1;
    }

    private void sortSlots(int n) {
        for (int i = 1; i < n; i++) {
            double c = slotCost[i];
            long u = slotUnits[i];
            int t = i - 1;
            while (t >= 0 && slotCost[t] > c) {
                slotCost[t + 1] = slotCost[t];
                slotUnits[t + 1] = slotUnits[t];
                t--;
            }
            slotCost[t + 1] = c;
            slotUnits[t + 1] = u;
        }
    }
}
