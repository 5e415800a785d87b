package org.doji.grc.planner.problem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.doji.common.Requirement;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.Policy;
import org.doji.grc.planner.model.RequestedLink;
import org.doji.grc.planner.model.RequestedSite;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SiteVertex;
import org.doji.grc.planner.model.SlotCapacity;

/**
 * Turns graph + request + one slot's free capacity into a {@link SlotProblem}: applies the
 * service-level share (C), attribute/pinning/core filters (x_ij = 0), latency and capacity
 * filters (y_kl = 0) and computes the objective coefficients of the request's policy.
 */
public final class ProblemCompiler {
    private ProblemCompiler() {
    }

    public static SlotProblem compile(ResourceGraph g, PlanningRequest r, SlotCapacity slot, AdminPolicy admin,
                                      double share) {
        return compile(GraphIndex.of(g, admin), r, slot, share);
    }

    /** As above, from an index built once for all slots of a request. */
    public static SlotProblem compile(GraphIndex ix, PlanningRequest r, SlotCapacity slot, double share) {
        ResourceGraph g = ix.graph;
        AdminPolicy admin = ix.admin;
        Builder b = new Builder();
        b.slotIndex = slot.index();
        boolean quality = r.policy() == Policy.QUALITY;
        List<SiteVertex> sites = g.sites();
        b.nSites = sites.size();
        b.vertexNames = ix.vertexNames;
        b.freeCores = new int[b.nSites];
        for (int i = 0; i < b.nSites; i++) {
            b.freeCores[i] = (int) Math.floor(share * slot.freeCores().getOrDefault(sites.get(i).name(), 0));
        }

        List<RequestedSite> req = r.sites();
        Map<String, Integer> reqIndex = new HashMap<>();
        b.reqIds = new String[req.size()];
        b.reqCores = new int[req.size()];
        b.cand = new int[req.size()][];
        b.candCost = new double[req.size()][];
        b.candCores = new int[req.size()][];
        List<String> failures = new ArrayList<>();
        for (int j = 0; j < req.size(); j++) {
            RequestedSite rs = req.get(j);
            b.reqIds[j] = rs.id();
            b.reqCores[j] = rs.cores();
            reqIndex.put(rs.id(), j);
            List<Integer> cs = new ArrayList<>();
            for (int i = 0; i < b.nSites; i++) {
                if (admissible(rs, sites.get(i), b.freeCores[i])) {
                    cs.add(i);
                }
            }
            b.cand[j] = cs.stream().mapToInt(Integer::intValue).toArray();
            b.candCost[j] = new double[cs.size()];
            b.candCores[j] = new int[cs.size()];
            for (int c = 0; c < cs.size(); c++) {
                int i = cs.get(c);
                SiteVertex s = sites.get(i);
                int cores = rs.coresAt(s.name());
                b.candCores[j][c] = cores;
                double base = quality
                        ? QualityScore.SITE_PENALTY * (1 - QualityScore.availability(s))
                        : ix.siteWeight[i] * cores;
                b.candCost[j][c] = base + admin.loadSpreadWeight() * cores / b.freeCores[i];
            }
            if (cs.isEmpty()) {
                failures.add("no site can host requested site " + rs.id() + " (" + rs.cores() + " cores"
                        + (rs.candidates().isEmpty() ? "" : ", pinned to " + new java.util.TreeSet<>(rs.candidates()))
                        + (rs.requirements().isEmpty() ? "" : ", requires " + rs.requirements()) + ")");
            }
        }
        if (req.size() > b.nSites) {
            failures.add(req.size() + " requested sites but only " + b.nSites + " sites");
        }

        List<PathEdge> paths = g.paths();
        int np = paths.size();
        b.pathIds = ix.pathIds;
        b.pathU = ix.pathU;
        b.pathV = ix.pathV;
        b.pathLatency = ix.pathLatency;
        b.pathCap = new long[np];
        for (int k = 0; k < np; k++) {
            b.pathCap[k] = (long) Math.floor(share * slot.freeBandwidthMbps().getOrDefault(ix.pathIds[k], 0L));
        }
        // per path once, not per (link, path): large graphs have thousands of paths
        double[] unitWeight = quality ? ix.pathPenalty : ix.pathWeight;
        b.requestLinks = r.links();
        List<Integer> routed = new ArrayList<>();
        for (int l = 0; l < r.links().size(); l++) {
            if (r.links().get(l).bandwidthMbps() > 0) {
                routed.add(l);
            }
        }
        int nl = routed.size();
        b.linkRequestIndex = new int[nl];
        b.linkO = new int[nl];
        b.linkP = new int[nl];
        b.linkBw = new long[nl];
        b.linkMaxLatency = new double[nl];
        b.arcCost = new double[nl][np];
        for (int l = 0; l < nl; l++) {
            RequestedLink rl = r.links().get(routed.get(l));
            b.linkRequestIndex[l] = routed.get(l);
            b.linkO[l] = reqIndex.get(rl.from());
            b.linkP[l] = reqIndex.get(rl.to());
            b.linkBw[l] = rl.bandwidthMbps();
            b.linkMaxLatency[l] = rl.maxLatencyMs() == null ? Double.POSITIVE_INFINITY : rl.maxLatencyMs();
            for (int k = 0; k < np; k++) {
                b.arcCost[l][k] = arcCost(paths.get(k), b.pathCap[k], unitWeight[k], rl, admin.loadSpreadWeight(),
                        quality);
            }
        }

        Map<String, Long> countables = new TreeMap<>(r.countables());
        b.countableNames = countables.keySet().toArray(String[]::new);
        b.countableRequested = new long[countables.size()];
        b.countableFree = new long[countables.size()];
        int c = 0;
        for (Map.Entry<String, Long> e : countables.entrySet()) {
            b.countableRequested[c] = e.getValue();
            b.countableFree[c] = (long) Math.floor(share * slot.freeCountables().getOrDefault(e.getKey(), 0L));
            if (b.countableFree[c] < e.getValue()) {
                failures.add("countable " + e.getKey() + ": " + e.getValue() + " requested, " + b.countableFree[c] + " free");
            }
            c++;
        }
        FatTreePacking.apply(b, r.packingGroups());
        b.precheckFailure = failures.isEmpty() ? null : String.join("; ", failures);
        return new SlotProblem(b);
    }

    static boolean admissible(RequestedSite rs, SiteVertex s, int freeCores) {
        if (!rs.candidates().isEmpty() && !rs.candidates().contains(s.name())) {
            return false;
        }
        if (rs.coresAt(s.name()) > freeCores) {
            return false;
        }
        for (Requirement q : rs.requirements()) {
            if (!q.matches(s.attributes())) {
                return false;
            }
        }
        return true;
    }

    private static double arcCost(PathEdge p, long cap, double unitWeight, RequestedLink rl, double loadSpread,
                                  boolean quality) {
        long rb = rl.bandwidthMbps();
        if (cap < rb) {
            return SlotProblem.FORBIDDEN;
        }
        if (rl.maxLatencyMs() != null && (p.latencyMs() == null || p.latencyMs() > rl.maxLatencyMs())) {
            return SlotProblem.FORBIDDEN;
        }
        double base = quality ? unitWeight : unitWeight * rb;
        return base + loadSpread * rb / cap;
    }

    /** Mutable staging area; only the compiler fills it. */
    static final class Builder {
        int slotIndex;
        int nSites;
        String[] vertexNames;
        int[] freeCores;
        String[] reqIds;
        int[] reqCores;
        int[][] cand;
        double[][] candCost;
        int[][] candCores;
        String[] pathIds;
        int[] pathU;
        int[] pathV;
        long[] pathCap;
        double[] pathLatency;
        int[] linkRequestIndex;
        int[] linkO;
        int[] linkP;
        long[] linkBw;
        double[] linkMaxLatency;
        double[][] arcCost;
        String[] countableNames;
        long[] countableRequested;
        long[] countableFree;
        List<RequestedLink> requestLinks;
        String precheckFailure;
    }
}
