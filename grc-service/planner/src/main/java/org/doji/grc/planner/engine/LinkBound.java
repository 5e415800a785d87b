package org.doji.grc.planner.engine;

import java.util.Arrays;
import org.doji.grc.planner.problem.SlotProblem;

/**
 * The placement search's per-link lower bound: placement costs of placed sites + cheapest candidate of every
 * unplaced site + per link: the shortest-path cost between both ends when both are placed, the cheapest path
 * from the placed end to any candidate of the other when one is, and otherwise the cheaper of a one-hop
 * site-to-site path and one arc at each end (distinct sites need ≥ 1 hop, and a route through an exchange point
 * ≥ 2). Reads the search's placement ({@code siteOf}); one per solve, not thread-safe.
 */
final class LinkBound {
    private final SlotProblem p;
    private final DistanceCache distances;
    private final int[] siteOf;
    private final double[] minX;
    private final double[][] minIncident;
    /** per link and end (0 = o, 1 = p): cheapest incident arc over that end's candidates. */
    private final double[][] minIncidentCand;
    private final double[][] minDirect;
    /** per link: cheapest one-hop route from any candidate of o. */
    private final double[] minDirectCand;
    /** per (link, site, other end): see minToCand; NaN = not computed. An array: the bound is the hot loop. */
    private final double[] minToCandCache;
    private double incumbent;

    LinkBound(SlotProblem p, Network net, DistanceCache distances, int[] siteOf) {
        this.p = p;
        this.distances = distances;
        this.siteOf = siteOf;
        minX = new double[p.nReq];
        for (int j = 0; j < p.nReq; j++) {
            minX[j] = Arrays.stream(p.candCost[j]).min().orElse(Double.POSITIVE_INFINITY);
        }
        minIncident = new double[p.nLinks][];
        minIncidentCand = new double[p.nLinks][2];
        minDirect = new double[p.nLinks][];
        minDirectCand = new double[p.nLinks];
        for (int l = 0; l < p.nLinks; l++) {
            minIncident[l] = net.minIncident(l);
            minIncidentCand[l][0] = minOver(minIncident[l], p.cand[p.linkO[l]]);
            minIncidentCand[l][1] = minOver(minIncident[l], p.cand[p.linkP[l]]);
            minDirect[l] = net.minDirect(l);
            minDirectCand[l] = minOver(minDirect[l], p.cand[p.linkO[l]]);
        }
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
     * The bound's terms that do not depend on where the unplaced requested site {@code next} goes: the
     * other requested sites' costs ({@code placedCost} where placed) and the links not incident to {@code next}.
     * The full bound of a candidate of next adds its cost there and its links' terms ({@link #link}).
     */
    double fixed(int next, double[] placedCost, double incumbent) {
        this.incumbent = incumbent;
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

    /** The term of link l, with requested site {@code tentative} just placed (or about to be). */
    double link(int l, int tentative, double incumbent) {
        this.incumbent = incumbent;
        return linkBound(l, tentative);
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
