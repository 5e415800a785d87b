package org.doji.grc.planner;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
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
 * Seeded random planning instances of three sizes (tiny: ≤ 4 sites, small: ≤ 8, medium: ≤ 16),
 * with sparse and tight capacities, missing latencies, latency bounds, attributes, pins,
 * countables, admin terms and service levels, so that a good share is infeasible or needs
 * non-shortest routes. Values are small integers or halves, so optima are exact in binary.
 */
public final class CorpusGenerator {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private CorpusGenerator() {
    }

    public static Instance generate(long seed) {
        Random rnd = new Random(seed * 0x9E3779B97F4A7C15L + 17);
        int kind = rnd.nextInt(10);
        int nSites = kind < 4 ? 2 + rnd.nextInt(3) : kind < 8 ? 4 + rnd.nextInt(5) : 9 + rnd.nextInt(8);
        int nDomains = Math.max(1, Math.min(nSites, 1 + rnd.nextInt(kind < 4 ? 2 : 4)));
        int nXp = nDomains == 1 ? rnd.nextInt(2) : 1 + rnd.nextInt(2);
        List<SiteVertex> sites = new ArrayList<>();
        List<List<String>> members = new ArrayList<>();
        for (int d = 0; d < nDomains; d++) {
            members.add(new ArrayList<>());
        }
        for (int i = 0; i < nSites; i++) {
            int d = i < nDomains ? i : rnd.nextInt(nDomains);
            Map<String, String> attrs = new HashMap<>();
            attrs.put("os", rnd.nextInt(4) == 0 ? "bsd" : "linux");
            attrs.put("memoryGb", Integer.toString(16 << rnd.nextInt(4)));
            if (rnd.nextBoolean()) {
                attrs.put("availability", Double.toString(0.5 + rnd.nextInt(6) * 0.1));
            }
            String name = "S" + i;
            sites.add(new SiteVertex(name, "crm" + (i % 5 == 4 ? i - 1 : i), 8 << rnd.nextInt(4), 0.5 * (1 + rnd.nextInt(4)),
                    attrs));
            members.get(d).add(name);
        }
        List<String> xps = new ArrayList<>();
        for (int x = 0; x < nXp; x++) {
            xps.add("X" + x);
        }
        double density = 0.5 + 0.5 * rnd.nextDouble();
        List<PathEdge> paths = new ArrayList<>();
        for (int d = 0; d < nDomains; d++) {
            List<String> vs = new ArrayList<>(members.get(d));
            for (String x : xps) {
                if (nXp == 1 || rnd.nextInt(3) > 0) {
                    vs.add(x);
                }
            }
            for (int a = 0; a < vs.size(); a++) {
                for (int b = a + 1; b < vs.size(); b++) {
                    if (rnd.nextDouble() < density) {
                        Double latency = rnd.nextInt(10) == 0 ? null : (double) (1 + rnd.nextInt(20));
                        paths.add(new PathEdge("D" + d + "_" + vs.get(a) + "_" + vs.get(b), vs.get(a), vs.get(b),
                                "nrm" + d, 1000L * (1 + rnd.nextInt(10)), 0.5 * rnd.nextInt(8), latency));
                    }
                }
            }
        }
        ResourceGraph g = new ResourceGraph(sites, xps, paths);
        return new Instance("corpus-" + seed, g, request(rnd, sites), slot(rnd, g, seed), admin(rnd), 
                rnd.nextInt(5) == 0 ? 0.5 : 1.0);
    }

    /**
     * An instance of one of the bandwidth-bound families ({@code dense}, {@code sparse}, {@code hub}) of
     * {@link HardFamilies}: kept apart from {@link #generate}'s seeds, whose optima GLPK cross-checks in
     * milliseconds, because GLPK needs minutes on these.
     */
    public static Instance family(String name, long seed) {
        return HardFamilies.generate(name, seed);
    }

    private static PlanningRequest request(Random rnd, List<SiteVertex> sites) {
        int nReq = 1 + rnd.nextInt(Math.min(4, sites.size() + (rnd.nextInt(20) == 0 ? 1 : 0)));
        List<RequestedSite> req = new ArrayList<>();
        for (int j = 0; j < nReq; j++) {
            Set<String> cands = new HashSet<>();
            if (rnd.nextInt(5) == 0) {
                int n = 1 + rnd.nextInt(3);
                for (int c = 0; c < n; c++) {
                    cands.add("S" + rnd.nextInt(sites.size() + 1)); // sometimes names an unknown site
                }
            }
            List<Requirement> reqs = new ArrayList<>();
            if (rnd.nextInt(4) == 0) {
                reqs.add(Requirement.equalTo("os", "linux"));
            }
            if (rnd.nextInt(5) == 0) {
                reqs.add(Requirement.atLeast("memoryGb", 32));
            }
            req.add(new RequestedSite("r" + j, 1 << rnd.nextInt(6), cands, reqs));
        }
        List<RequestedLink> links = new ArrayList<>();
        for (int a = 0; a < nReq; a++) {
            for (int b = a + 1; b < nReq; b++) {
                if (rnd.nextInt(5) > 0) {
                    long bw = new long[] {0, 100, 500, 1000, 1000, 2000, 5000}[rnd.nextInt(7)];
                    Double lat = rnd.nextInt(4) == 0 ? (double) (5 + rnd.nextInt(30)) : null;
                    links.add(rnd.nextBoolean() ? new RequestedLink("r" + a, "r" + b, bw, lat)
                            : new RequestedLink("r" + b, "r" + a, bw, lat));
                }
            }
        }
        Map<String, Long> countables = rnd.nextInt(6) == 0 ? Map.of("Lic", (long) (1 + rnd.nextInt(8))) : Map.of();
        // QUALITY on larger graphs has weak LP bounds that take GLPK minutes; keep it to smaller ones
        Policy policy = sites.size() <= 8 && rnd.nextInt(3) == 0 ? Policy.QUALITY : Policy.CHEAPEST;
        return new PlanningRequest(req, links, countables, policy);
    }

    private static SlotCapacity slot(Random rnd, ResourceGraph g, long seed) {
        Map<String, Integer> cores = new HashMap<>();
        for (SiteVertex s : g.sites()) {
            if (rnd.nextInt(8) > 0) {
                cores.put(s.name(), rnd.nextInt(s.totalCores() + 1));
            }
        }
        Map<String, Long> bw = new HashMap<>();
        for (PathEdge p : g.paths()) {
            if (rnd.nextInt(8) > 0) {
                bw.put(p.id(), rnd.nextInt(3) == 0 ? p.capacityMbps() : 500L * rnd.nextInt((int) (p.capacityMbps() / 500) + 1));
            }
        }
        Map<String, Long> countables = rnd.nextBoolean() ? Map.of("Lic", (long) rnd.nextInt(10)) : Map.of();
        Instant start = T0.plusSeconds(3600L * (seed % 24));
        return new SlotCapacity((int) (seed % 10), start, start.plusSeconds(3600), cores, bw, countables);
    }

    private static AdminPolicy admin(Random rnd) {
        if (rnd.nextInt(3) > 0) {
            return AdminPolicy.NONE;
        }
        Map<String, Double> prefs = new HashMap<>();
        if (rnd.nextBoolean()) {
            prefs.put("S" + rnd.nextInt(4), 0.5);
            prefs.put("nrm0", 2.0);
        }
        return new AdminPolicy(rnd.nextInt(3) * 50.0, prefs, Map.of(), 1.0);
    }
}
