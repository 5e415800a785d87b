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
 * The reference evaluation's requests on a partly booked §9 grid: a complete graph on n sites of 1, 2, 4 or 8
 * cores with 1 Gbps links, as {@code doji simulate} plans them, for user A (everything) or B (half of each RM).
 * Each site keeps a random share of its cores; a path is untouched, booked down to a random whole number of
 * Gbps, or full, so capacities bind the way they do under the reference load.
 */
public final class LoadedReference {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final int[] CORES = {1, 2, 4, 8};

    private LoadedReference() {
    }

    /** One instance; {@code load} in [0, 1] is the chance that a site or path is booked at all. */
    public static Instance generate(int n, long seed, double load) {
        Random rnd = new Random(seed * 0x9E3779B97F4A7C15L + 31L * n);
        ResourceGraph g = ReferenceTopology.graph();
        List<RequestedSite> sites = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            sites.add(new RequestedSite("s" + (j + 1), CORES[rnd.nextInt(CORES.length)]));
        }
        List<RequestedLink> links = new ArrayList<>();
        for (int a = 1; a <= n; a++) {
            for (int b = a + 1; b <= n; b++) {
                links.add(new RequestedLink("s" + a, "s" + b, 1000));
            }
        }
        Map<String, Integer> cores = new HashMap<>();
        for (SiteVertex s : g.sites()) {
            cores.put(s.name(), rnd.nextDouble() < load ? rnd.nextInt(s.totalCores() + 1) : s.totalCores());
        }
        Map<String, Long> bw = new HashMap<>();
        for (PathEdge p : g.paths()) {
            long gbps = p.capacityMbps() / 1000;
            long free = rnd.nextDouble() >= load ? gbps : rnd.nextInt(4) == 0 ? 0 : rnd.nextInt((int) gbps + 1);
            bw.put(p.id(), free * 1000);
        }
        SlotCapacity slot = new SlotCapacity((int) (seed % 10), T0, T0.plusSeconds(3600), cores, bw, Map.of());
        double share = rnd.nextInt(3) == 0 ? 0.5 : 1.0;
        return new Instance("K" + n + "-" + seed + "-load" + load, g, new PlanningRequest(sites, links, Map.of(), Policy.EARLIEST),
                slot, AdminPolicy.NONE, share);
    }
}
