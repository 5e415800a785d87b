package org.doji.grc.planner.problem;

import java.util.List;
import org.doji.grc.planner.model.RequestedLink;

/**
 * The integer program of one slot in index form, shared by every engine and the LP exporter.
 * Built by {@link ProblemCompiler}; arrays are read-only by convention (copying them per
 * engine call would cost more than the fast engine's whole solve).
 *
 * <p>Vertices 0..nSites-1 are compute sites, the rest exchange points. Requested links with
 * bandwidth 0 are not routed and are not among the nLinks "routed links". Arc code
 * {@code 2k} is path k traversed pathU→pathV, {@code 2k+1} the reverse.
 */
public final class SlotProblem {
    /** Objective weight of a (routed link, path) pair that may not be used. */
    public static final double FORBIDDEN = Double.POSITIVE_INFINITY;

    public final int slotIndex;
    public final int nSites;
    public final int nVertices;
    public final String[] vertexNames;
    public final int[] freeCores;

    public final int nReq;
    public final String[] reqIds;
    public final int[] reqCores;
    /** candidate sites of each requested site, ascending. */
    public final int[][] cand;
    /** objective coefficient of x[j][cand[j][c]]. */
    public final double[][] candCost;
    /** rc_ij: cores requested site j needs on site cand[j][c] (its own cores unless its alternatives differ). */
    public final int[][] candCores;

    public final int nPaths;
    public final String[] pathIds;
    public final int[] pathU;
    public final int[] pathV;
    public final long[] pathCap;
    /** latency in ms, NaN when unknown. */
    public final double[] pathLatency;

    public final int nLinks;
    /** index into the request's link list. */
    public final int[] linkRequestIndex;
    public final int[] linkO;
    public final int[] linkP;
    public final long[] linkBw;
    /** latency bound in ms, +Infinity when none. */
    public final double[] linkMaxLatency;
    /** objective coefficient of y for link l on path k (either direction), FORBIDDEN when unusable. */
    public final double[][] arcCost;

    public final String[] countableNames;
    public final long[] countableRequested;
    public final long[] countableFree;

    /** the request's links in request order (bandwidth-0 ones included), for decoding. */
    public final List<RequestedLink> requestLinks;
    /** non-null when the slot is infeasible for a reason visible before solving. */
    public final String precheckFailure;

    SlotProblem(ProblemCompiler.Builder b) {
        slotIndex = b.slotIndex;
        nSites = b.nSites;
        vertexNames = b.vertexNames;
        nVertices = vertexNames.length;
        freeCores = b.freeCores;
        reqIds = b.reqIds;
        nReq = reqIds.length;
        reqCores = b.reqCores;
        cand = b.cand;
        candCost = b.candCost;
        candCores = b.candCores;
        pathIds = b.pathIds;
        nPaths = pathIds.length;
        pathU = b.pathU;
        pathV = b.pathV;
        pathCap = b.pathCap;
        pathLatency = b.pathLatency;
        linkRequestIndex = b.linkRequestIndex;
        nLinks = linkRequestIndex.length;
        linkO = b.linkO;
        linkP = b.linkP;
        linkBw = b.linkBw;
        linkMaxLatency = b.linkMaxLatency;
        arcCost = b.arcCost;
        countableNames = b.countableNames;
        countableRequested = b.countableRequested;
        countableFree = b.countableFree;
        requestLinks = b.requestLinks;
        precheckFailure = b.precheckFailure;
    }

    /** Tail vertex of an arc. */
    public int arcTail(int arc) {
        return (arc & 1) == 0 ? pathU[arc >> 1] : pathV[arc >> 1];
    }

    /** Head vertex of an arc. */
    public int arcHead(int arc) {
        return (arc & 1) == 0 ? pathV[arc >> 1] : pathU[arc >> 1];
    }

    /** Cores requested site j needs on site i (a candidate of j). */
    public int coresOn(int j, int site) {
        int c = java.util.Arrays.binarySearch(cand[j], site);
        return c < 0 ? reqCores[j] : candCores[j][c];
    }

    /** Objective coefficient of placing requested site j on site i, or NaN when not a candidate. */
    public double placementCost(int j, int site) {
        int c = java.util.Arrays.binarySearch(cand[j], site);
        return c < 0 ? Double.NaN : candCost[j][c];
    }
}
