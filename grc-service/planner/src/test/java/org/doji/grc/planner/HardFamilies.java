package org.doji.grc.planner;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
 * The three instance families on which the exact route search of the {@code fast} engine once ran for
 * minutes, where bandwidth, not cost, decides: many links compete for few paths.
 * <ul>
 * <li>{@code dense}: 5-site complete-graph requests (10 links of 6–9 Gbps) on the §9 reference topology;
 *     seed 0 is the reported instance (8 Gbps everywhere, everything free, 578 s before).</li>
 * <li>{@code sparse}: 29 sites in three domains joined by two exchange points, partly booked, and a 4–5-site
 *     request with 5 links of 2–6 Gbps.</li>
 * <li>{@code hub}: 8 sites in four 2-site domains whose only exchange point is one hub; a 5-site complete
 *     request (10 links of 5–6 Gbps) must cross it.</li>
 * </ul>
 * Values are integers or halves, so optima are exact in binary and comparable with glpsol.
 */
public final class HardFamilies {
    public static final List<String> NAMES = List.of("dense", "sparse", "hub");
    private static final Instant T0 = Instant.parse("2026-04-01T00:00:00Z");

    private HardFamilies() {
    }

    public static Instance generate(String family, long seed) {
        Random rnd = new Random(seed * 0x9E3779B97F4A7C15L + family.hashCode());
        return switch (family) {
            case "dense" -> dense(seed, rnd);
            case "sparse" -> sparse(seed, rnd);
            case "hub" -> hub(seed, rnd);
            default -> throw new IllegalArgumentException("family dense, sparse or hub, was " + family);
        };
    }

    private static Instance dense(long seed, Random rnd) {
        ResourceGraph g = ReferenceTopology.graph();
        long[] bws = {6000, 7000, 8000, 8000, 9000};
        PlanningRequest r = complete(5, rnd, () -> seed == 0 ? 8000 : bws[rnd.nextInt(bws.length)]);
        SlotCapacity slot = seed == 0 ? ReferenceTopology.allFree(g, 0, T0) : booked(g, rnd, 2, seed);
        return new Instance("dense-" + seed, g, r, slot, AdminPolicy.NONE, 1);
    }

    private static Instance sparse(long seed, Random rnd) {
        int[] sizes = {10, 10, 9};
        List<SiteVertex> sites = new ArrayList<>();
        List<PathEdge> paths = new ArrayList<>();
        List<String> xps = List.of("X0", "X1");
        for (int d = 0; d < sizes.length; d++) {
            List<String> members = new ArrayList<>();
            for (int s = 0; s < sizes[d]; s++) {
                String name = "D" + d + "S" + s;
                sites.add(new SiteVertex(name, "crm-" + name, 8 << rnd.nextInt(3), 1 + rnd.nextInt(3), Map.of()));
                members.add(name);
            }
            int nSites = members.size();
            members.addAll(d == 1 ? xps : List.of(xps.get(d == 0 ? 0 : 1)));
            for (int a = 0; a < members.size(); a++) {
                for (int b = a + 1; b < members.size(); b++) {
                    boolean xp = b >= nSites;
                    paths.add(new PathEdge("D" + d + ":" + members.get(a) + "-" + members.get(b), members.get(a),
                            members.get(b), "nrm-D" + d, xp ? 10_000 : 5_000, 1 + rnd.nextInt(4), 2.0));
                }
            }
        }
        ResourceGraph g = new ResourceGraph(sites, xps, paths);
        int n = 4 + rnd.nextInt(2);
        List<RequestedSite> req = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            req.add(new RequestedSite("r" + j, 1 << rnd.nextInt(3)));
        }
        List<RequestedLink> links = new ArrayList<>();
        for (int j = 0; j + 1 < n; j++) {
            links.add(new RequestedLink("r" + j, "r" + (j + 1), 1000L * (3 + rnd.nextInt(6))));
        }
        while (links.size() < 5) {
            int a = rnd.nextInt(n);
            int b = rnd.nextInt(n);
            if (a < b && links.stream().noneMatch(l -> l.from().equals("r" + a) && l.to().equals("r" + b))) {
                links.add(new RequestedLink("r" + a, "r" + b, 1000L * (3 + rnd.nextInt(6))));
            }
        }
        PlanningRequest r = new PlanningRequest(req, links, Map.of(), Policy.CHEAPEST);
        return new Instance("sparse-" + seed, g, r, booked(g, rnd, 2, seed), AdminPolicy.NONE, 1);
    }

    private static Instance hub(long seed, Random rnd) {
        List<SiteVertex> sites = new ArrayList<>();
        List<PathEdge> paths = new ArrayList<>();
        for (int d = 0; d < 4; d++) {
            String a = "D" + d + "A";
            String b = "D" + d + "B";
            sites.add(new SiteVertex(a, "crm-" + a, 16, 1 + rnd.nextInt(2), Map.of()));
            sites.add(new SiteVertex(b, "crm-" + b, 16, 1 + rnd.nextInt(2), Map.of()));
            String nrm = "nrm-D" + d;
            paths.add(new PathEdge("D" + d + ":" + a + "-" + b, a, b, nrm, 10_000, 1 + rnd.nextInt(3), 1.0));
            paths.add(new PathEdge("D" + d + ":" + a + "-H", a, "H", nrm, 1000L * (12 + rnd.nextInt(9)),
                    1 + rnd.nextInt(3), 2.0));
            paths.add(new PathEdge("D" + d + ":" + b + "-H", b, "H", nrm, 1000L * (12 + rnd.nextInt(9)),
                    1 + rnd.nextInt(3), 2.0));
        }
        ResourceGraph g = new ResourceGraph(sites, List.of("H"), paths);
        PlanningRequest r = complete(5, rnd, () -> 5000L + 500L * rnd.nextInt(3));
        return new Instance("hub-" + seed, g, r, booked(g, rnd, 0, seed), AdminPolicy.NONE, 1);
    }

    private static PlanningRequest complete(int n, Random rnd, java.util.function.LongSupplier bandwidth) {
        List<RequestedSite> req = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            req.add(new RequestedSite("r" + j, 1 << rnd.nextInt(3)));
        }
        List<RequestedLink> links = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                links.add(new RequestedLink("r" + a, "r" + b, bandwidth.getAsLong()));
            }
        }
        return new PlanningRequest(req, links, Map.of(), Policy.CHEAPEST);
    }

    /** All cores free; one path in {@code oneIn} (none when 0) booked down to a random multiple of 1 Gbps. */
    private static SlotCapacity booked(ResourceGraph g, Random rnd, int oneIn, long seed) {
        Map<String, Integer> cores = new HashMap<>();
        g.sites().forEach(s -> cores.put(s.name(), s.totalCores()));
        Map<String, Long> bw = new HashMap<>();
        for (PathEdge p : g.paths()) {
            boolean book = oneIn > 0 && rnd.nextInt(oneIn) == 0;
            bw.put(p.id(), book ? 1000L * rnd.nextInt((int) (p.capacityMbps() / 1000) + 1) : p.capacityMbps());
        }
        Instant start = T0.plusSeconds(3600L * (seed % 24));
        return new SlotCapacity((int) (seed % 10), start, start.plusSeconds(3600), cores, bw, Map.of());
    }

    /** {@code count} instances of a family, seeds 0..count-1. */
    public static List<Instance> instances(String family, int count) {
        List<Instance> out = new ArrayList<>();
        for (long s = 0; s < count; s++) {
            out.add(generate(family, s));
        }
        return out;
    }
}
