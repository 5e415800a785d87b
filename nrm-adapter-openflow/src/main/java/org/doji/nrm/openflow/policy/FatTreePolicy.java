package org.doji.nrm.openflow.policy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.spi.BackendInventory.NetLink;
import org.doji.rm.spi.LinkFreeView;

/**
 * {@code fat-tree}: endpoints are grouped by edge switch and a job's endpoints go to the edge switch whose
 * free endpoints fit it most tightly (the coordinator places them: the RM's describe publishes each endpoint's
 * edge group, {@code org.doji.rm.kernel.EdgeGroups}); between two endpoints every minimum-hop
 * (up-down) route is a candidate, the one with the most available bandwidth first (reserved free
 * bandwidth; on ties the uplinks fewer installed routes cross, then measured available bandwidth), and
 * round-robin among them once all are saturated: the policy
 * keeps the routes whose flows are installed ({@link #setRoute}, forgotten at {@link #delRoute}) and puts the
 * candidate crossing the fewest of them first, so successive best-effort paths spread over the uplinks (an
 * availability query, which ranks too, moves nothing).
 */
public final class FatTreePolicy implements AllocationPolicy {

    public static final String NAME = "fat-tree";
    private static final int MAX_CANDIDATES = 1024;

    private final ToLongFunction<String> measuredAvailable;
    /** Links of the routes installed now, by reservation key (set_route / del_route). */
    private final Map<String, List<String>> installed = new ConcurrentHashMap<>();

    /** @param measuredAvailable live available bandwidth of a link (from monitoring); ties only */
    public FatTreePolicy(ToLongFunction<String> measuredAvailable) {
        this.measuredAvailable = measuredAvailable;
    }

    public FatTreePolicy() {
        this(id -> 0);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<RouteCandidate> rank(NetworkDemand demand, LinkFreeView free) {
        if (demand.from().equals(demand.to())) {
            return List.of();
        }
        RoutingGraph g = RoutingGraph.forDemand(demand, free);
        List<RouteCandidate> all = new ArrayList<>();
        for (List<NetLink> p : shortestPaths(g, demand.from(), demand.to())) {
            RouteCandidate c = g.candidate(p);
            if (RoutingGraph.withinLatency(c, demand)) {
                all.add(c);
            }
        }
        Map<RouteCandidate, Long> live = new HashMap<>();
        all.forEach(c -> live.put(c, c.links().stream().mapToLong(measuredAvailable).min().orElse(0)));
        Map<String, Integer> crossing = routesPerLink();
        // equal free (booked) bandwidth: the uplinks fewer installed routes cross, then the most measured available
        all.sort(Comparator.comparingLong(RouteCandidate::widthMbps).reversed()
                .thenComparingInt(c -> mostCrossed(c, crossing))
                .thenComparing(Comparator.comparingLong((RouteCandidate c) -> live.get(c)).reversed())
                .thenComparing(c -> String.join(",", c.links())));
        if (all.size() > 1 && all.stream().allMatch(c -> c.widthMbps() == 0)) {
            // saturated: the route over the links fewest installed routes cross first (round-robin over uplinks)
            all.sort(Comparator.comparingInt((RouteCandidate c) -> mostCrossed(c, crossing))
                    .thenComparingInt(c -> c.links().stream().mapToInt(id -> crossing.getOrDefault(id, 0)).sum())
                    .thenComparing(c -> String.join(",", c.links())));
        }
        return all;
    }

    /** Phase 2: the route's flows are installed; saturated choices now count it. */
    @Override
    public void setRoute(String key, List<String> links) {
        installed.put(key, List.copyOf(links));
    }

    /** Phase 3: the route's flows are gone. */
    @Override
    public void delRoute(String key, List<String> links) {
        installed.remove(key);
    }

    /** The most installed routes any link of the candidate carries (equal candidates: the least used first). */
    private static int mostCrossed(RouteCandidate c, Map<String, Integer> crossing) {
        return c.links().stream().mapToInt(id -> crossing.getOrDefault(id, 0)).max().orElse(0);
    }

    /** How many installed routes cross each link (for operators and tests). */
    public Map<String, Integer> routesPerLink() {
        Map<String, Integer> crossing = new TreeMap<>();
        installed.values().forEach(links -> links.forEach(id -> crossing.merge(id, 1, Integer::sum)));
        return crossing;
    }

    /** Every minimum-hop route (BFS layers, then all layered paths), capped at MAX_CANDIDATES. */
    private static List<List<NetLink>> shortestPaths(RoutingGraph g, String from, String to) {
        Map<String, Integer> dist = new HashMap<>();
        Map<String, List<NetLink>> preds = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(from));
        dist.put(from, 0);
        while (!queue.isEmpty()) {
            String v = queue.poll();
            if (v.equals(to)) {
                continue;
            }
            for (NetLink l : g.next(v, to)) {
                String n = l.other(v);
                Integer d = dist.get(n);
                if (d == null) {
                    dist.put(n, dist.get(v) + 1);
                    queue.add(n);
                    d = dist.get(n);
                }
                if (d == dist.get(v) + 1) {
                    preds.computeIfAbsent(n, k -> new ArrayList<>()).add(l);
                }
            }
        }
        List<List<NetLink>> out = new ArrayList<>();
        if (dist.containsKey(to)) {
            collect(to, from, preds, new ArrayDeque<>(), out);
        }
        return out;
    }

    private static void collect(String v, String from, Map<String, List<NetLink>> preds, Deque<NetLink> suffix,
                                List<List<NetLink>> out) {
        if (out.size() >= MAX_CANDIDATES) {
            return;
        }
        if (v.equals(from)) {
            out.add(new ArrayList<>(suffix));
            return;
        }
        for (NetLink l : preds.getOrDefault(v, List.of())) {
            suffix.addFirst(l);
            collect(l.other(v), from, preds, suffix, out);
            suffix.removeFirst();
        }
    }
}
