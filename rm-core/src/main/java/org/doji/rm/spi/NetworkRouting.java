package org.doji.rm.spi;

import java.util.List;
import java.util.Optional;
import org.doji.rm.model.NetworkDemand;

/**
 * Path computation over the internal links of a network domain (an allocation policy: hop, bandwidth,
 * fat-tree, ...). Implementations are stateless; the kernel supplies what is free in the window.
 */
public interface NetworkRouting {

    /** Link ids of a route from demand.from to demand.to with enough free bandwidth, or empty. */
    Optional<List<String>> route(NetworkDemand demand, LinkFreeView free);

    /** The best bandwidth available between two endpoints (the abstract graph's answer for one slot). */
    long bestBandwidth(String from, String to, LinkFreeView free);
}
