package org.doji.nrm.openflow.flow;

import java.util.List;
import org.doji.nrm.openflow.topology.EndpointAttachment;
import org.doji.nrm.openflow.topology.Hop;

/** One direction of a reserved path: the switches from {@code src} to {@code dst} and the rate. */
public record PathDirection(EndpointAttachment src, EndpointAttachment dst, List<Hop> hops, long rateMbps) {

    public PathDirection {
        hops = List.copyOf(hops);
        if (hops.isEmpty()) {
            throw new IllegalArgumentException("a path needs at least one switch");
        }
    }
}
