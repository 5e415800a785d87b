package org.doji.nrm.openflow.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.spi.BackendInventory.NetLink;
import org.doji.rm.spi.LinkFreeView;

/** {@code hop}: the minimum-hop route with enough free bandwidth; lower latency breaks ties. */
public final class HopPolicy implements AllocationPolicy {

    public static final String NAME = "hop";

    @Override
    public String name() {
        return NAME;
    }

    private record Label(String vertex, int hops, double latency) {
    }

    @Override
    public List<RouteCandidate> rank(NetworkDemand demand, LinkFreeView free) {
        if (demand.from().equals(demand.to())) {
            return List.of();
        }
        RoutingGraph g = RoutingGraph.forDemand(demand, free);
        Map<String, Label> best = new HashMap<>();
        Map<String, NetLink> via = new HashMap<>();
        PriorityQueue<Label> queue = new PriorityQueue<>((x, y) -> x.hops != y.hops
                ? Integer.compare(x.hops, y.hops) : Double.compare(x.latency, y.latency));
        Label start = new Label(demand.from(), 0, 0);
        best.put(demand.from(), start);
        queue.add(start);
        while (!queue.isEmpty()) {
            Label cur = queue.poll();
            if (cur != best.get(cur.vertex)) {
                continue;
            }
            if (cur.vertex.equals(demand.to())) {
                break;
            }
            for (NetLink l : g.next(cur.vertex, demand.to())) {
                String n = l.other(cur.vertex);
                double lat = cur.latency + (l.latencyMs() == null ? 0 : l.latencyMs());
                if (demand.maxLatencyMs() != null && lat > demand.maxLatencyMs()) {
                    continue;
                }
                Label old = best.get(n);
                if (old == null || cur.hops + 1 < old.hops || (cur.hops + 1 == old.hops && lat < old.latency)) {
                    Label label = new Label(n, cur.hops + 1, lat);
                    best.put(n, label);
                    via.put(n, l);
                    queue.add(label);
                }
            }
        }
        if (!via.containsKey(demand.to())) {
            return List.of();
        }
        List<NetLink> links = new ArrayList<>();
        for (String v = demand.to(); !v.equals(demand.from()); ) {
            NetLink l = via.get(v);
            links.add(l);
            v = l.other(v);
        }
        Collections.reverse(links);
        return List.of(g.candidate(links));
    }
}
