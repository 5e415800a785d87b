package org.doji.nrm.openflow.policy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.spi.BackendInventory.NetLink;
import org.doji.rm.spi.LinkFreeView;

/**
 * Adjacency over the links of a {@link LinkFreeView} restricted to links usable by a demand. Endpoint
 * vertices other than the demand's two ends are never transit vertices.
 */
final class RoutingGraph {

    private final Map<String, List<NetLink>> adjacency = new HashMap<>();
    private final LinkFreeView free;
    private final Set<String> endpoints = new HashSet<>();

    RoutingGraph(LinkFreeView free, long minFreeMbps) {
        this.free = free;
        for (NetLink l : free.links()) {
            if (free.freeMbps(l.id()) < minFreeMbps) {
                continue;
            }
            adjacency.computeIfAbsent(l.a(), k -> new ArrayList<>()).add(l);
            adjacency.computeIfAbsent(l.b(), k -> new ArrayList<>()).add(l);
            if (l.id().startsWith("ep-")) {
                endpoints.add(l.a().startsWith("sw-") ? l.b() : l.a());
            }
        }
    }

    static RoutingGraph forDemand(NetworkDemand d, LinkFreeView free) {
        return new RoutingGraph(free, Math.max(d.bandwidthMbps(), 0));
    }

    /** Links out of {@code v} that a route may take towards {@code target}. */
    List<NetLink> next(String v, String target) {
        List<NetLink> out = new ArrayList<>();
        for (NetLink l : adjacency.getOrDefault(v, List.of())) {
            String o = l.other(v);
            if (!endpoints.contains(o) || o.equals(target)) {
                out.add(l);
            }
        }
        return out;
    }

    long free(String linkId) {
        return free.freeMbps(linkId);
    }

    RouteCandidate candidate(List<NetLink> links) {
        long width = Long.MAX_VALUE;
        double latency = 0;
        List<String> ids = new ArrayList<>();
        for (NetLink l : links) {
            width = Math.min(width, free.freeMbps(l.id()));
            latency += l.latencyMs() == null ? 0 : l.latencyMs();
            ids.add(l.id());
        }
        return new RouteCandidate(ids, links.isEmpty() ? 0 : width, links.size(), latency);
    }

    static boolean withinLatency(RouteCandidate c, NetworkDemand d) {
        return d.maxLatencyMs() == null || c.latencyMs() <= d.maxLatencyMs();
    }
}
