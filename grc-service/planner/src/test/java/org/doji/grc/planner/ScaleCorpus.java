package org.doji.grc.planner;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
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
 * The scale corpus (up to 1,000 sites), built independently of {@link CorpusGenerator} (only the model
 * records are shared): 30 to 1,000 sites in domains of about 10 sites (at least 3, sizes vary) joined only through exchange points
 * (each exchange point belongs to two domains: the next one on a ring, or a far one as a chord), so a
 * route between domains is at least site → exchange point → site, often through several exchange points.
 *
 * <p>Inside a domain the sites form a ring with a few chords and reach one or two of the domain's exchange
 * points. Free path bandwidth is 0–4 Gbps in steps of 1 Gbps and links want 1–3 Gbps, so a path often
 * carries one link but not two: the bandwidth binds and routing choices matter. Prices are 1 or 2 and
 * demands come in few values, so many placements tie: compare objective values, never plans.
 *
 * <p>Requests have 3–8 requested sites linked by a random spanning tree plus extra links. Most pin each
 * requested site to 2–4 candidates in its own, distinct domain (the MIPs stay tractable and every link
 * crosses domains); the rest may go anywhere. QUALITY only on pinned requests of 30 sites (its LP relaxation is
 * weak, and fast's latency bound too: a free 9-link QUALITY request took fast 23 s); some
 * attribute requirements, latency bounds, countables and preference factors. Seeded: (sites, seed) gives
 * the same instance on every run.
 */
public final class ScaleCorpus {
    public static final List<Integer> SIZES = List.of(30, 100, 300, 1000);
    static final Instant T0 = Instant.parse("2026-06-01T08:00:00Z");

    private ScaleCorpus() {
    }

    /** The domains of a graph: site names per domain and exchange points per domain. */
    record Layout(List<List<String>> sites, List<List<String>> xps) {
    }

    /** One instance: {@code sites} compute sites (30–1,000), the request and slot drawn from {@code seed}. */
    public static Instance generate(int sites, long seed) {
        Random rnd = new Random(seed * 1_000_003L + sites);
        List<SiteVertex> vertices = new ArrayList<>();
        List<String> xpNames = new ArrayList<>();
        List<PathEdge> paths = new ArrayList<>();
        Layout layout = layout(sites, rnd, vertices, xpNames, paths);
        ResourceGraph graph = new ResourceGraph(vertices, xpNames, paths);
        boolean free = rnd.nextInt(10) < 3;
        PlanningRequest request = request(sites, layout, vertices, free, rnd);
        SlotCapacity slot = slot(graph, request, rnd);
        AdminPolicy admin = AdminPolicy.NONE;
        if (rnd.nextInt(5) == 0) {
            // a factor 0.5 on one NRM: its price-2 paths then tie with the price-1 paths of the others
            admin = new AdminPolicy(0, Map.of("nrm-" + rnd.nextInt(layout.sites().size()), 0.5), Map.of(), 1.0);
        }
        String name = "scale" + sites + "-" + seed + (free ? "-free" : "-pinned") + "-" + request.policy();
        return new Instance(name, graph, request, slot, admin, 1.0);
    }

    private static Layout layout(int n, Random rnd, List<SiteVertex> vertices, List<String> xpNames,
                                 List<PathEdge> paths) {
        int domains = Math.max(3, Math.round(n / 10f));
        List<List<String>> members = new ArrayList<>();
        List<List<String>> xps = new ArrayList<>();
        for (int d = 0; d < domains; d++) {
            members.add(new ArrayList<>());
            xps.add(new ArrayList<>());
        }
        // sizes differ: a site goes to a random domain, but every domain gets at least 3
        for (int i = 0; i < n; i++) {
            int d = i < 3 * domains ? i % domains : rnd.nextInt(domains);
            String name = "d" + d + "s" + members.get(d).size();
            members.get(d).add(name);
            Map<String, String> attrs = new HashMap<>();
            attrs.put("os", rnd.nextInt(6) == 0 ? "bsd" : "linux");
            attrs.put("memoryGb", String.valueOf(32 << rnd.nextInt(3)));
            attrs.put("availability", List.of("1", "0.999", "0.99").get(rnd.nextInt(3)));
            vertices.add(new SiteVertex(name, "crm-" + name, 8 << rnd.nextInt(3), 1 + rnd.nextInt(2), attrs));
        }
        for (int d = 0; d < domains; d++) {
            share(xpNames, xps, "x" + d, d, (d + 1) % domains);
            if (domains >= 6 && d % 4 == 0) {
                share(xpNames, xps, "y" + d, d, (d + domains / 2) % domains);
            }
        }
        for (int d = 0; d < domains; d++) {
            List<String> m = members.get(d);
            String nrm = "nrm-" + d;
            Set<String> pairs = new LinkedHashSet<>();
            for (int a = 0; a < m.size(); a++) {
                pairs.add(key(m.get(a), m.get((a + 1) % m.size())));
                if (rnd.nextInt(3) == 0) {
                    String other = m.get(rnd.nextInt(m.size()));
                    if (!other.equals(m.get(a))) {
                        pairs.add(key(m.get(a), other));
                    }
                }
            }
            List<String> dx = xps.get(d);
            for (int a = 0; a < m.size(); a++) {
                pairs.add(key(m.get(a), dx.get(rnd.nextInt(dx.size()))));
                if (rnd.nextBoolean()) {
                    pairs.add(key(m.get(a), dx.get(rnd.nextInt(dx.size()))));
                }
            }
            for (int a = 0; a < dx.size(); a++) {
                for (int b = a + 1; b < dx.size(); b++) {
                    pairs.add(key(dx.get(a), dx.get(b)));
                }
            }
            for (String pair : pairs) {
                String[] ends = pair.split("\\|");
                Double latency = rnd.nextInt(12) == 0 ? null : (double) (1 + rnd.nextInt(8));
                paths.add(new PathEdge(nrm + ":" + pair, ends[0], ends[1], nrm, 1000L * (2 + rnd.nextInt(3)),
                        1 + rnd.nextInt(2), latency));
            }
        }
        return new Layout(members, xps);
    }

    private static void share(List<String> xpNames, List<List<String>> xps, String name, int d1, int d2) {
        xpNames.add(name);
        xps.get(d1).add(name);
        if (d2 != d1) {
            xps.get(d2).add(name);
        }
    }

    private static String key(String a, String b) {
        return a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a;
    }

    private static PlanningRequest request(int n, Layout layout, List<SiteVertex> vertices, boolean free,
                                           Random rnd) {
        int k = 3 + rnd.nextInt(6);
        List<Integer> domains = new ArrayList<>();
        for (int d = 0; d < layout.sites().size(); d++) {
            domains.add(d);
        }
        java.util.Collections.shuffle(domains, rnd);
        Set<String> taken = new LinkedHashSet<>();
        List<RequestedSite> sites = new ArrayList<>();
        for (int j = 0; j < k; j++) {
            Set<String> candidates = new LinkedHashSet<>();
            if (!free) {
                // 2–4 candidates not offered to an earlier requested site (when the domain has any left)
                List<String> pool = new ArrayList<>(layout.sites().get(domains.get(j % domains.size())));
                pool.removeAll(taken);
                int c = 2 + rnd.nextInt(3);
                for (int t = 0; t < c && !pool.isEmpty(); t++) {
                    candidates.add(pool.remove(rnd.nextInt(pool.size())));
                }
                if (candidates.isEmpty()) {
                    candidates.add(layout.sites().get(domains.get(j % domains.size())).get(0));
                }
                taken.addAll(candidates);
            }
            List<Requirement> req = switch (rnd.nextInt(12)) {
                case 0 -> List.of(Requirement.equalTo("os", "linux"));
                case 1 -> List.of(Requirement.atLeast("memoryGb", 64));
                default -> List.of();
            };
            sites.add(new RequestedSite("r" + j, 1 << rnd.nextInt(4), candidates, req));
        }
        List<RequestedLink> links = new ArrayList<>();
        Set<String> linked = new LinkedHashSet<>();
        for (int j = 1; j < k; j++) {
            addLink(links, linked, rnd.nextInt(j), j, rnd);
        }
        int extra = rnd.nextInt(k / 2 + 1);
        for (int e = 0; e < extra; e++) {
            int a = rnd.nextInt(k);
            int b = rnd.nextInt(k);
            if (a != b) {
                addLink(links, linked, Math.min(a, b), Math.max(a, b), rnd);
            }
        }
        Map<String, Long> countables = rnd.nextInt(4) == 0 ? Map.of("lic", 1L + rnd.nextInt(5)) : Map.of();
        Policy policy = n <= 30 && !free && rnd.nextInt(4) == 0 ? Policy.QUALITY : Policy.CHEAPEST;
        return new PlanningRequest(sites, links, countables, policy);
    }

    private static void addLink(List<RequestedLink> links, Set<String> linked, int a, int b, Random rnd) {
        if (linked.add(a + "-" + b)) {
            // a generous bound on a fifth of the links: enough hops fit, but not every detour
            Double bound = rnd.nextInt(5) == 0 ? 20.0 + rnd.nextInt(20) : null;
            links.add(new RequestedLink("r" + a, "r" + b, 1000L * (1 + rnd.nextInt(3)), bound));
        }
    }

    /** Free capacity: a third of the sites partly or fully booked; paths free 0–capacity in 1 Gbps steps. */
    private static SlotCapacity slot(ResourceGraph g, PlanningRequest r, Random rnd) {
        Map<String, Integer> cores = new HashMap<>();
        for (SiteVertex s : g.sites()) {
            cores.put(s.name(), rnd.nextInt(3) == 0 ? rnd.nextInt(s.totalCores() + 1) : s.totalCores());
        }
        Map<String, Long> bw = new HashMap<>();
        for (PathEdge p : g.paths()) {
            bw.put(p.id(), rnd.nextInt(2) == 0 ? p.capacityMbps() : 1000L * rnd.nextInt((int) (p.capacityMbps() / 1000) + 1));
        }
        Map<String, Long> countables = new HashMap<>();
        Map<String, Double> prices = new HashMap<>();
        r.countables().keySet().forEach(c -> {
            countables.put(c, (long) rnd.nextInt(8));
            prices.put(c, 0.5);
        });
        Instant start = T0.plusSeconds(3600L * rnd.nextInt(10));
        return new SlotCapacity(0, start, start.plusSeconds(7200), cores, bw, countables, prices);
    }
}
