package org.doji.rm.model;

import java.util.Objects;

/** A bandwidth-guaranteed path wanted between two endpoints of the NRM's domain. */
public record NetworkDemand(String from, String to, long bandwidthMbps, Double maxLatencyMs, String policy) {

    public NetworkDemand {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
    }
}
