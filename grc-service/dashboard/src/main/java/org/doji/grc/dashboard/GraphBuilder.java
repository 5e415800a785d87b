package org.doji.grc.dashboard;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.dashboard.DashboardViews.Edge;
import org.doji.grc.dashboard.DashboardViews.Graph;
import org.doji.grc.dashboard.DashboardViews.Node;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoPlan;
import org.doji.rm.model.ResourceInventory;

/**
 * The resource graph of DESIGN §3 from the RMs' describe answers: compute sites (with the CRM that manages
 * them), exchange points (which may belong to several domains), and every NRM path. Usage is what the
 * co-allocations running now hold.
 */
final class GraphBuilder {

    private static final class NodeAcc {
        final String id;
        String kind;
        String rmId;
        final List<String> domains = new ArrayList<>();
        int totalCores;
        int nodes;
        Double unitPrice;
        Map<String, String> attributes = Map.of();

        NodeAcc(String id, String kind) {
            this.id = id;
            this.kind = kind;
        }

        void domain(String d) {
            if (d != null && !domains.contains(d)) {
                domains.add(d);
            }
        }
    }

    private GraphBuilder() {
    }

    static Graph build(List<ResourceInventory> inventories, List<CoAllocation> runningNow) {
        Map<String, Integer> coresInUse = new HashMap<>();
        Map<String, Long> mbpsInUse = new HashMap<>();
        for (CoAllocation c : runningNow) {
            CoPlan plan = c.plan();
            if (plan == null) {
                continue;
            }
            plan.sites().forEach(s -> coresInUse.merge(s.site(), s.cores(), Integer::sum));
            plan.links().forEach(l -> l.hops().forEach(h ->
                    mbpsInUse.merge(TimelineBuilder.pathId(h.rmId(), h.from(), h.to()), l.bandwidthMbps(), Long::sum)));
        }
        Map<String, NodeAcc> nodes = new LinkedHashMap<>();
        List<Edge> edges = new ArrayList<>();
        for (ResourceInventory inv : inventories) {
            for (ResourceInventory.Site s : inv.sites()) {
                NodeAcc n = nodes.computeIfAbsent(s.name(), id -> new NodeAcc(id, "site"));
                n.kind = "site";
                n.rmId = inv.rmId();
                n.totalCores = s.totalCores();
                n.nodes = s.nodes();
                n.unitPrice = s.unitPrice();
                n.attributes = s.attributes();
                n.domain(inv.domain());
            }
            for (ResourceInventory.Endpoint e : inv.endpoints()) {
                NodeAcc n = nodes.computeIfAbsent(e.name(), id -> new NodeAcc(id, e.exchangePoint() ? "exchange" : "site"));
                if (e.exchangePoint()) {
                    n.kind = "exchange";
                }
                n.domain(inv.domain());
            }
            for (ResourceInventory.Path p : inv.paths()) {
                String id = TimelineBuilder.pathId(inv.rmId(), p.from(), p.to());
                edges.add(new Edge(id, inv.rmId(), inv.domain(), p.from(), p.to(), p.capacityMbps(), p.unitPrice(),
                        p.latencyMs(), mbpsInUse.getOrDefault(id, 0L)));
                nodes.computeIfAbsent(p.from(), x -> new NodeAcc(x, "site")).domain(inv.domain());
                nodes.computeIfAbsent(p.to(), x -> new NodeAcc(x, "site")).domain(inv.domain());
            }
        }
        List<Node> out = nodes.values().stream().map(n -> new Node(n.id, n.kind, n.rmId, List.copyOf(n.domains),
                n.totalCores, n.nodes, n.unitPrice, coresInUse.getOrDefault(n.id, 0), n.attributes)).toList();
        return new Graph(out, edges);
    }
}
