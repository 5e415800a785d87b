package org.doji.nrm.openflow.policy;

import java.util.List;
import java.util.Optional;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.spi.LinkFreeView;
import org.doji.rm.spi.NetworkRouting;

/**
 * An allocation policy (DESIGN §8) in three phases: {@link #rank} the candidate routes, {@link #setRoute}
 * when the chosen route's flows are installed, {@link #delRoute} when they are removed. A new policy is
 * one implementation plus its registration in {@link PolicyRegistry}.
 */
public interface AllocationPolicy extends NetworkRouting {

    String name();

    /** Phase 1: feasible routes for the demand (enough free bandwidth, latency bound), best first. */
    List<RouteCandidate> rank(NetworkDemand demand, LinkFreeView free);

    /** Phase 2 (set_route): the route of reservation {@code key} is being installed. */
    default void setRoute(String key, List<String> links) {
    }

    /** Phase 3 (del_route): the route of reservation {@code key} was removed. */
    default void delRoute(String key, List<String> links) {
    }

    @Override
    default Optional<List<String>> route(NetworkDemand demand, LinkFreeView free) {
        return rank(demand, free).stream().findFirst().map(RouteCandidate::links);
    }

    @Override
    default long bestBandwidth(String from, String to, LinkFreeView free) {
        return rank(new NetworkDemand(from, to, 0, null, name()), free).stream()
                .mapToLong(RouteCandidate::widthMbps).max().orElse(0);
    }
}
