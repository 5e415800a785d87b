package org.doji.rm.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LinkFreeView;
import org.doji.rm.spi.ResourceBackend;

/**
 * The abstract graph a network RM exports: one path per pair of its endpoints that are connected, with
 * the capacity of the widest route over the idle network, the price and latency of that route, and each
 * site endpoint's edge group (the endpoints hanging off one switch). The internal links and switches stay
 * private: a group is an opaque label.
 */
final class AbstractTopology {

    private final List<ResourceInventory.Path> paths;
    private final Map<String, String> groups;

    AbstractTopology(BackendInventory inventory, ResourceBackend backend) {
        LinkFreeView idle = new LinkFreeView() {
            @Override
            public java.util.Collection<BackendInventory.NetLink> links() {
                return inventory.links();
            }

            @Override
            public long freeMbps(String linkId) {
                return inventory.links().stream().filter(l -> l.id().equals(linkId)).findFirst()
                        .map(BackendInventory.NetLink::capacityMbps).orElse(0L);
            }
        };
        List<ResourceInventory.Path> out = new ArrayList<>();
        List<BackendInventory.NetEndpoint> eps = inventory.endpoints();
        for (int i = 0; i < eps.size(); i++) {
            for (int j = i + 1; j < eps.size(); j++) {
                String a = eps.get(i).name();
                String b = eps.get(j).name();
                long capacity = backend.routing(null).bestBandwidth(a, b, idle);
                if (capacity <= 0) {
                    continue;
                }
                Optional<List<String>> route = backend.routing(null).route(new NetworkDemand(a, b, capacity, null, null), idle);
                double price = 0;
                Double latency = null;
                for (String id : route.orElse(List.of())) {
                    BackendInventory.NetLink l = inventory.links().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
                    price += l.unitPrice();
                    if (l.latencyMs() != null) {
                        latency = (latency == null ? 0 : latency) + l.latencyMs();
                    }
                }
                out.add(new ResourceInventory.Path(a, b, capacity, price, latency));
            }
        }
        this.paths = List.copyOf(out);
        this.groups = EdgeGroups.of(inventory);
    }

    List<ResourceInventory.Path> paths() {
        return paths;
    }

    /** Site endpoint → its edge group; endpoints on no single switch are absent. */
    Map<String, String> groups() {
        return groups;
    }
}
