package org.doji.grc.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import org.doji.common.Requirement;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.model.Policy;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;

/**
 * A greedy heuristic: each requested site on the cheapest free matching site, each link on the cheapest
 * route with enough free bandwidth. Fast and simple, but not optimal; the integer-programming planner
 * is the product's default where it is configured.
 */
public class GreedyPlanner implements PlanningStrategy {

    private record SiteOffer(String rmId, String site, int freeCores, double price, Map<String, String> attributes) {
    }

    private record Edge(String rmId, String from, String to, double price) {
        String key() {
            return rmId + "|" + (from.compareTo(to) < 0 ? from + "|" + to : to + "|" + from);
        }
    }

    @Override
    public PlanningOutcome plan(CoRequest request, List<TimeWindow> slots, Map<String, ResourceInventory> descriptions,
                                Map<String, List<SlotAvailability>> availability) {
        List<CoPlan> plans = new ArrayList<>();
        List<PlanningOutcome.Infeasible> infeasible = new ArrayList<>();
        for (int s = 0; s < slots.size(); s++) {
            try {
                plans.add(planSlot(request, s, slots.get(s), descriptions, availability));
            } catch (Infeasible e) {
                infeasible.add(new PlanningOutcome.Infeasible(s, slots.get(s).start(), e.getMessage()));
            }
        }
        Comparator<CoPlan> byStart = Comparator.comparing(p -> p.window().start());
        Comparator<CoPlan> byCost = Comparator.comparingDouble(CoPlan::cost);
        plans.sort(request.policy() == Policy.EARLIEST ? byStart.thenComparing(byCost)
                : request.policy() == Policy.QUALITY ? Comparator.comparingDouble(CoPlan::quality).reversed().thenComparing(byCost)
                : byCost.thenComparing(byStart));
        return new PlanningOutcome(plans, infeasible, List.of());
    }

    private static final class Infeasible extends Exception {
        Infeasible(String message) {
            super(message, null, false, false);
        }
    }

    private CoPlan planSlot(CoRequest request, int slot, TimeWindow window, Map<String, ResourceInventory> descriptions,
                            Map<String, List<SlotAvailability>> availability) throws Infeasible {
        List<SiteOffer> offers = new ArrayList<>();
        Map<String, Long> freeBandwidth = new HashMap<>();
        Map<String, List<Edge>> adjacency = new HashMap<>();
        for (var e : availability.entrySet()) {
            ResourceInventory d = descriptions.get(e.getKey());
            if (d == null || e.getValue().size() <= slot) {
                continue;
            }
            SlotAvailability a = e.getValue().get(slot);
            for (SlotAvailability.ComputeFree c : a.compute()) {
                Map<String, String> attrs = d.sites().stream().filter(x -> x.name().equals(c.site())).findFirst()
                        .map(ResourceInventory.Site::attributes).orElse(Map.of());
                offers.add(new SiteOffer(e.getKey(), c.site(), c.freeCores(), c.unitPrice(), attrs));
            }
            for (SlotAvailability.PathFree p : a.paths()) {
                Edge edge = new Edge(e.getKey(), p.from(), p.to(), p.unitPrice());
                freeBandwidth.put(edge.key(), p.freeBandwidthMbps());
                adjacency.computeIfAbsent(p.from(), k -> new ArrayList<>()).add(edge);
                adjacency.computeIfAbsent(p.to(), k -> new ArrayList<>()).add(new Edge(e.getKey(), p.to(), p.from(), p.unitPrice()));
            }
        }
        offers.sort(Comparator.comparingDouble(SiteOffer::price).thenComparing(SiteOffer::site));
        Map<String, SiteOffer> placement = new HashMap<>();
        Set<String> used = new HashSet<>();
        double cost = 0;
        List<CoPlan.PlacedSite> placed = new ArrayList<>();
        for (CoRequest.Site s : request.sites()) {
            SiteOffer chosen = offers.stream()
                    .filter(o -> !used.contains(o.site()) && o.freeCores() >= s.coresAt(o.site()))
                    .filter(o -> s.candidates().isEmpty() || s.candidates().contains(o.site()))
                    .filter(o -> s.requirements().stream().allMatch((Requirement r) -> r.matches(o.attributes())))
                    .findFirst().orElseThrow(() -> new Infeasible("no free site for " + s.id() + " (" + s.cores() + " cores)"));
            used.add(chosen.site());
            placement.put(s.id(), chosen);
            placed.add(new CoPlan.PlacedSite(s.id(), chosen.site(), chosen.rmId(), s.coresAt(chosen.site())));
            cost += chosen.price() * s.coresAt(chosen.site());
        }
        List<CoPlan.RoutedLink> routed = new ArrayList<>();
        for (CoRequest.Link l : request.links()) {
            if (l.bandwidthMbps() == 0) {
                continue;
            }
            List<Edge> route = cheapestRoute(placement.get(l.from()).site(), placement.get(l.to()).site(),
                    l.bandwidthMbps(), adjacency, freeBandwidth);
            if (route == null) {
                throw new Infeasible("no route with " + l.bandwidthMbps() + " Mbps free between " + l.from() + " and " + l.to());
            }
            for (Edge e : route) {
                freeBandwidth.merge(e.key(), -l.bandwidthMbps(), Long::sum);
                cost += e.price() * l.bandwidthMbps();
            }
            routed.add(new CoPlan.RoutedLink(l.from(), l.to(), l.bandwidthMbps(),
                    route.stream().map(e -> new CoPlan.Hop(e.rmId(), e.from(), e.to())).toList()));
        }
        Map<String, Long> demanded = CountablePools.demanded(request.countables());
        Map<String, CountablePools.Pool> pools = CountablePools.choose(demanded, availability, slot);
        for (var d : demanded.entrySet()) {
            CountablePools.Pool pool = pools.get(d.getKey());
            if (pool == null || pool.free() < d.getValue()) {
                throw new Infeasible("countable " + d.getKey() + ": " + d.getValue() + " requested, "
                        + (pool == null ? 0 : pool.free()) + " free");
            }
            cost += pool.unitPrice() * d.getValue();
        }
        double hours = java.time.Duration.between(window.start(), window.end()).toMillis() / 3_600_000.0;
        double money = cost * hours; // prices are per core-hour, per Mbps-hour and per unit-hour, as at the RMs
        return new CoPlan(slot, window, placed, routed, CountablePools.placed(demanded, pools), money, 1.0 / (1 + money));
    }

    /** Dijkstra on price over edges with enough free bandwidth. */
    private static List<Edge> cheapestRoute(String from, String to, long bw, Map<String, List<Edge>> adjacency,
                                            Map<String, Long> free) {
        Map<String, Double> dist = new HashMap<>();
        Map<String, Edge> via = new HashMap<>();
        PriorityQueue<Map.Entry<String, Double>> queue = new PriorityQueue<>(Map.Entry.comparingByValue());
        dist.put(from, 0.0);
        queue.add(Map.entry(from, 0.0));
        while (!queue.isEmpty()) {
            var cur = queue.poll();
            if (cur.getValue() > dist.get(cur.getKey())) {
                continue;
            }
            if (cur.getKey().equals(to)) {
                break;
            }
            for (Edge e : adjacency.getOrDefault(cur.getKey(), List.of())) {
                if (free.getOrDefault(e.key(), 0L) < bw) {
                    continue;
                }
                double d = cur.getValue() + e.price() * bw;
                if (d < dist.getOrDefault(e.to(), Double.MAX_VALUE)) {
                    dist.put(e.to(), d);
                    via.put(e.to(), e);
                    queue.add(Map.entry(e.to(), d));
                }
            }
        }
        if (!via.containsKey(to)) {
            return null;
        }
        List<Edge> route = new ArrayList<>();
        for (String v = to; !v.equals(from); v = via.get(v).from()) {
            route.add(0, via.get(v));
        }
        return route;
    }
}
