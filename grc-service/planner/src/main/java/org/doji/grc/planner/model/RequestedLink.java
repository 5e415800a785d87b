package org.doji.grc.planner.model;

/**
 * A requested link l = (from, to) between two requested sites. Bandwidth 0 means no network
 * is needed: no route is chosen and the latency bound is then ignored.
 */
public record RequestedLink(String from, String to, long bandwidthMbps, Double maxLatencyMs) {
    public RequestedLink {
        Checks.name(from, "link from");
        Checks.name(to, "link to");
        if (from.equals(to)) {
            throw new IllegalArgumentException("link " + from + "-" + to + " joins a site to itself");
        }
        Checks.nonNegative(bandwidthMbps, "bandwidth of link " + from + "-" + to);
        if (maxLatencyMs != null) {
            Checks.nonNegative(maxLatencyMs, "max latency of link " + from + "-" + to);
        }
    }

    public RequestedLink(String from, String to, long bandwidthMbps) {
        this(from, to, bandwidthMbps, null);
    }
}
