package org.doji.rm.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import org.doji.rm.model.NetworkDemand;

/**
 * Default routing: the widest path (maximise the minimum free bandwidth), fewer hops on ties, honouring
 * the demand's latency bound. A modified Dijkstra; fine for the domain sizes an NRM manages.
 */
public final class WidestPathRouting implements NetworkRouting {

    public static final WidestPathRouting INSTANCE = new WidestPathRouting();

    private WidestPathRouting() {
    }

    @Override
    public Optional<List<String>> route(NetworkDemand demand, LinkFreeView free) {
        Result r = search(demand.from(), demand.to(), free, demand.bandwidthMbps(), demand.maxLatencyMs());
        if (r == null) {
            return Optional.empty();
        }
        return Optional.of(r.links);
    }

    @Override
    public long bestBandwidth(String from, String to, LinkFreeView free) {
        Result r = search(from, to, free, 0, null);
        return r == null ? 0 : r.width;
    }

    private record Label(String vertex, long width, int hops, double latency) {
    }

    private record Result(List<String> links, long width) {
    }

    private static Result search(String from, String to, LinkFreeView free, long minWidth, Double maxLatency) {
        Map<String, List<BackendInventory.NetLink>> adjacency = new HashMap<>();
        for (BackendInventory.NetLink l : free.links()) {
            adjacency.computeIfAbsent(l.a(), k -> new ArrayList<>()).add(l);
            adjacency.computeIfAbsent(l.b(), k -> new ArrayList<>()).add(l);
        }
        Map<String, Label> best = new HashMap<>();
        Map<String, BackendInventory.NetLink> via = new HashMap<>();
        PriorityQueue<Label> queue = new PriorityQueue<>((x, y) -> x.width != y.width
                ? Long.compare(y.width, x.width) : Integer.compare(x.hops, y.hops));
        Label start = new Label(from, Long.MAX_VALUE, 0, 0);
        best.put(from, start);
        queue.add(start);
        while (!queue.isEmpty()) {
            Label cur = queue.poll();
            if (cur != best.get(cur.vertex)) {
                continue;
            }
            if (cur.vertex.equals(to)) {
                break;
            }
            for (BackendInventory.NetLink l : adjacency.getOrDefault(cur.vertex, List.of())) {
                long w = Math.min(cur.width, free.freeMbps(l.id()));
                double lat = cur.latency + (l.latencyMs() == null ? 0 : l.latencyMs());
                if (w <= 0 || w < minWidth || (maxLatency != null && lat > maxLatency)) {
                    continue;
                }
                String next = l.other(cur.vertex);
                Label old = best.get(next);
                if (old == null || w > old.width || (w == old.width && cur.hops + 1 < old.hops)) {
                    Label label = new Label(next, w, cur.hops + 1, lat);
                    best.put(next, label);
                    via.put(next, l);
                    queue.add(label);
                }
            }
        }
        if (!best.containsKey(to) || from.equals(to)) {
            return null;
        }
        List<String> links = new ArrayList<>();
        String v = to;
        while (!v.equals(from)) {
            BackendInventory.NetLink l = via.get(v);
            links.add(l.id());
            v = l.other(v);
        }
        Collections.reverse(links);
        return new Result(links, best.get(to).width);
    }
}
