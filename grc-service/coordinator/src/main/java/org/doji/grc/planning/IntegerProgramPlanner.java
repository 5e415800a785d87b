package org.doji.grc.planning;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.planner.Planner;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.model.DirectedHop;
import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.PlanningResult;
import org.doji.grc.planner.model.RequestedLink;
import org.doji.grc.planner.model.RequestedSite;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.RoutedLink;
import org.doji.grc.planner.model.SiteVertex;
import org.doji.grc.planner.model.SlotCapacity;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;

/**
 * The product's planner: the co-allocation integer program of DESIGN §3 solved per slot by the configured
 * engine (the structure-exploiting "fast" engine by default). Maps the RMs' descriptions and answers onto
 * the planner's resource graph and its plans back onto the coordinator's model.
 */
public class IntegerProgramPlanner implements PlanningStrategy {

    /** The network RMs' path policy whose endpoint placement the planner carries out (DESIGN §8). */
    static final String FAT_TREE = "fat-tree";

    private final Planner planner;

    /** Where every slot's program is written in CPLEX LP format (operators cross-check with glpsol); null = nowhere. */
    private final java.nio.file.Path lpExportDir;

    public IntegerProgramPlanner(Planner planner) {
        this(planner, null);
    }

    /** Also writes every slot's program to {@code lpExportDir} as {@code <co-allocation>-slot<i>.lp}. */
    public IntegerProgramPlanner(Planner planner, java.nio.file.Path lpExportDir) {
        this.lpExportDir = lpExportDir;
        this.planner = planner;
    }

    /**
     * With the fat-tree path policy, each site endpoint's edge group as its network RM describes it (qualified by
     * the RM: labels are unique only within one); otherwise none, and the planner does not pack.
     */
    static Map<String, String> packingGroups(CoRequest request, Map<String, ResourceInventory> descriptions,
                                             java.util.Set<String> answered) {
        if (!FAT_TREE.equals(request.pathPolicy())) {
            return Map.of();
        }
        Map<String, String> groups = new HashMap<>();
        descriptions.forEach((rmId, d) -> {
            if (d.kind() != RmKind.COMPUTE && answered.contains(rmId)) { // network RMs and child GRCs
                d.endpoints().stream().filter(e -> e.group() != null)
                        .forEach(e -> groups.putIfAbsent(e.name(), rmId + "/" + e.group()));
            }
        });
        return groups;
    }

    @Override
    public PlanningOutcome plan(CoRequest request, List<TimeWindow> slots, Map<String, ResourceInventory> descriptions,
                                Map<String, List<SlotAvailability>> availability) {
        List<SiteVertex> sites = new ArrayList<>();
        List<String> exchangePoints = new ArrayList<>();
        List<PathEdge> paths = new ArrayList<>();
        Map<String, String> siteRm = new HashMap<>();
        Map<String, PathEdge> pathByKey = new HashMap<>();
        descriptions.forEach((rmId, d) -> {
            if (!availability.containsKey(rmId)) {
                return; // an RM that did not answer is left out of planning
            }
            for (ResourceInventory.Site s : d.sites()) {
                sites.add(new SiteVertex(s.name(), rmId, s.totalCores(), s.unitPrice(), s.attributes()));
                siteRm.put(s.name(), rmId);
            }
            if (d.kind() != RmKind.COMPUTE) { // network RMs, and child GRCs exporting their paths
                d.endpoints().stream().filter(ResourceInventory.Endpoint::exchangePoint).map(ResourceInventory.Endpoint::name)
                        .filter(x -> !exchangePoints.contains(x)).forEach(exchangePoints::add);
                for (ResourceInventory.Path p : d.paths()) {
                    PathEdge e = new PathEdge(pathId(rmId, p.from(), p.to()), p.from(), p.to(), rmId, p.capacityMbps(),
                            p.unitPrice(), p.latencyMs());
                    paths.add(e);
                    pathByKey.put(e.id(), e);
                }
            }
        });
        // a path whose end is a site of an RM left out of planning (silent, not yet described) cannot be used
        java.util.Set<String> vertices = new java.util.HashSet<>(exchangePoints);
        sites.forEach(s -> vertices.add(s.name()));
        paths.removeIf(p -> !vertices.contains(p.from()) || !vertices.contains(p.to()));
        ResourceGraph graph = new ResourceGraph(sites, exchangePoints, paths);
        Map<String, Long> demanded = CountablePools.demanded(request.countables());
        List<Map<String, CountablePools.Pool>> pools = new ArrayList<>();
        List<SlotCapacity> capacities = new ArrayList<>();
        for (int i = 0; i < slots.size(); i++) {
            Map<String, Integer> cores = new LinkedHashMap<>();
            Map<String, Long> bandwidth = new LinkedHashMap<>();
            for (var e : availability.entrySet()) {
                if (e.getValue().size() <= i) {
                    continue;
                }
                SlotAvailability a = e.getValue().get(i);
                a.compute().forEach(c -> cores.put(c.site(), c.freeCores()));
                a.paths().forEach(p -> bandwidth.put(pathId(e.getKey(), p.from(), p.to()), p.freeBandwidthMbps()));
            }
            sites.forEach(s -> cores.putIfAbsent(s.name(), 0));
            paths.forEach(p -> bandwidth.putIfAbsent(p.id(), 0L));
            Map<String, CountablePools.Pool> chosen = CountablePools.choose(demanded, availability, i);
            pools.add(chosen);
            Map<String, Long> countableFree = new LinkedHashMap<>();
            Map<String, Double> countablePrices = new LinkedHashMap<>();
            chosen.forEach((name, pool) -> {
                countableFree.put(name, pool.free());
                countablePrices.put(name, pool.unitPrice());
            });
            capacities.add(new SlotCapacity(i, slots.get(i).start(), slots.get(i).end(), cores, bandwidth, countableFree,
                    countablePrices));
        }
        PlanningRequest r = new PlanningRequest(
                request.sites().stream().map(s -> new RequestedSite(s.id(), s.cores(), s.candidates(),
                        s.requirements(), s.candidateCores())).toList(),
                request.links().stream().map(l -> new RequestedLink(l.from(), l.to(), l.bandwidthMbps(), l.maxLatencyMs())).toList(),
                demanded, org.doji.grc.planner.model.Policy.valueOf(request.policy().name()),
                packingGroups(request, descriptions, availability.keySet()));
        exportLp(graph, r, capacities);
        PlanningResult result = planner.plan(graph, r, capacities);
        List<CoPlan> plans = new ArrayList<>();
        for (CandidatePlan p : result.ranked()) {
            List<CoPlan.PlacedSite> placed = new ArrayList<>();
            for (CoRequest.Site s : request.sites()) {
                String site = p.placement().get(s.id());
                placed.add(new CoPlan.PlacedSite(s.id(), site, siteRm.get(site), s.coresAt(site)));
            }
            List<CoPlan.RoutedLink> links = new ArrayList<>();
            for (RoutedLink l : p.routes()) {
                if (l.bandwidthMbps() == 0 || l.hops().isEmpty()) {
                    continue;
                }
                List<CoPlan.Hop> hops = new ArrayList<>();
                for (DirectedHop h : l.hops()) {
                    hops.add(new CoPlan.Hop(pathByKey.get(h.pathId()).rmId(), h.from(), h.to()));
                }
                links.add(new CoPlan.RoutedLink(l.from(), l.to(), l.bandwidthMbps(), hops));
            }
            plans.add(new CoPlan(p.slotIndex(), new TimeWindow(p.start(), p.end()), placed, links,
                    CountablePools.placed(demanded, pools.get(p.slotIndex())), p.cost(), p.quality()));
        }
        int cut = (int) (result.ranked().stream()
                .filter(p -> p.optimality() == org.doji.grc.planner.model.Optimality.INCUMBENT).count()
                + result.infeasible().stream().filter(org.doji.grc.planner.model.SlotInfeasibility::timedOut).count());
        return new PlanningOutcome(plans, result.infeasible().stream()
                .map(i -> new PlanningOutcome.Infeasible(i.slotIndex(), i.start(), i.reason())).toList(), List.of(),
                Map.of(), cut);
    }

    private void exportLp(ResourceGraph graph, PlanningRequest r, List<SlotCapacity> capacities) {
        if (lpExportDir == null) {
            return;
        }
        String name = org.slf4j.MDC.get("coAllocation");
        name = name == null ? "plan-" + System.currentTimeMillis() : name;
        try {
            java.nio.file.Files.createDirectories(lpExportDir);
            for (SlotCapacity slot : capacities) {
                java.nio.file.Files.writeString(lpExportDir.resolve(name + "-slot" + slot.index() + ".lp"),
                        planner.exportLp(graph, r, slot, null));
            }
        } catch (java.io.IOException | RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(IntegerProgramPlanner.class).warn("LP export to {} failed: {}", lpExportDir, e.toString());
        }
    }

    private static String pathId(String rmId, String from, String to) {
        return rmId + ":" + from + "--" + to;
    }
}
