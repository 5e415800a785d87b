package org.doji.nrm.openflow.policy;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.spi.BackendInventory.NetLink;
import org.doji.rm.spi.LinkFreeView;
import org.doji.rm.spi.WidestPathRouting;

/** {@code bandwidth}: the widest route (maximum bottleneck free bandwidth), fewer hops on ties. */
public final class BandwidthPolicy implements AllocationPolicy {

    public static final String NAME = "bandwidth";

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
        Map<String, NetLink> byId = free.links().stream().collect(Collectors.toMap(NetLink::id, Function.identity()));
        return WidestPathRouting.INSTANCE.route(demand, free)
                .map(ids -> g.candidate(ids.stream().map(byId::get).toList()))
                .filter(c -> c.widthMbps() >= demand.bandwidthMbps())
                .map(List::of).orElse(List.of());
    }

    @Override
    public long bestBandwidth(String from, String to, LinkFreeView free) {
        return WidestPathRouting.INSTANCE.bestBandwidth(from, to, free);
    }
}
