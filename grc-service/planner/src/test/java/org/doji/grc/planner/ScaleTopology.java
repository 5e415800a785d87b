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
 * The benchmark scenarios: (a) the reference topology of DESIGN §9 with 1–3-site requests,
 * (b) 100 sites in 10 domains with 5-site requests, (d) 300 sites in 30 domains and (c) 1,000 sites in
 * 100 domains with 5-site requests. Larger graphs follow §9's pattern: each domain is a complete graph of its
 * sites and two exchange points shared with the neighbouring domains (a ring).
 */
public final class ScaleTopology {
    public static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");

    private ScaleTopology() {
    }

    public static ResourceGraph graph(String scenario) {
        return switch (scenario) {
            case "a" -> ReferenceTopology.graph();
            case "b" -> domains(10, 10, 1);
            case "c" -> domains(100, 10, 2);
            case "d" -> domains(30, 10, 3);
            default -> throw new IllegalArgumentException("scenario a, b, c or d");
        };
    }

    public static ResourceGraph domains(int nDomains, int sitesPerDomain, long seed) {
        Random rnd = new Random(seed);
        List<SiteVertex> sites = new ArrayList<>();
        List<String> xps = new ArrayList<>();
        for (int x = 0; x < nDomains; x++) {
            xps.add("X" + x);
        }
        List<PathEdge> paths = new ArrayList<>();
        for (int d = 0; d < nDomains; d++) {
            List<String> members = new ArrayList<>();
            for (int s = 0; s < sitesPerDomain; s++) {
                String name = "D" + d + "S" + s;
                sites.add(new SiteVertex(name, "crm-" + name, 8 << rnd.nextInt(4), 1 + rnd.nextInt(2),
                        Map.of("os", "linux")));
                members.add(name);
            }
            members.add(xps.get(d));
            members.add(xps.get((d + 1) % nDomains));
            for (int a = 0; a < members.size(); a++) {
                for (int b = a + 1; b < members.size(); b++) {
                    boolean xp = a >= sitesPerDomain;
                    boolean toXp = xp || b >= sitesPerDomain;
                    paths.add(new PathEdge("D" + d + ":" + members.get(a) + "-" + members.get(b), members.get(a),
                            members.get(b), "nrm-D" + d, toXp ? 20_000 : 10_000, toXp ? 3 : 5, toXp ? 5.0 : 2.0));
                }
            }
        }
        return new ResourceGraph(sites, xps, paths);
    }

    /** Random availability: a third of the sites and paths partly booked. */
    public static SlotCapacity slot(ResourceGraph g, int index, Random rnd) {
        Map<String, Integer> cores = new HashMap<>();
        for (SiteVertex s : g.sites()) {
            cores.put(s.name(), rnd.nextInt(3) == 0 ? rnd.nextInt(s.totalCores() + 1) : s.totalCores());
        }
        Map<String, Long> bw = new HashMap<>();
        for (PathEdge p : g.paths()) {
            bw.put(p.id(), rnd.nextInt(3) == 0 ? 1000L * rnd.nextInt((int) (p.capacityMbps() / 1000) + 1) : p.capacityMbps());
        }
        Instant start = T0.plusSeconds(600L * index);
        return new SlotCapacity(index, start, start.plusSeconds(3600), cores, bw, Map.of());
    }

    /** §9 requests: 1–3 sites for (a), 5 for (b)/(c)/(d); 1/2/4/8 cores; 1 Gbps between linked sites. */
    public static PlanningRequest request(String scenario, Random rnd) {
        int n = scenario.equals("a") ? 1 + rnd.nextInt(3) : 5;
        List<RequestedSite> sites = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            sites.add(new RequestedSite("r" + j, 1 << rnd.nextInt(4)));
        }
        List<RequestedLink> links = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                if (b == a + 1 || rnd.nextBoolean()) {
                    links.add(new RequestedLink("r" + a, "r" + b, 1000));
                }
            }
        }
        return new PlanningRequest(sites, links, Map.of(), Policy.CHEAPEST);
    }

    /** {@code count} single-slot instances of a scenario. */
    public static List<Instance> instances(String scenario, int count, long seed) {
        ResourceGraph g = graph(scenario);
        Random rnd = new Random(seed);
        List<Instance> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new Instance(scenario + i, g, request(scenario, rnd), slot(g, i % 10, rnd), AdminPolicy.NONE, 1));
        }
        return out;
    }
}
