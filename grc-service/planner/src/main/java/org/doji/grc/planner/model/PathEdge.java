package org.doji.grc.planner.model;

/**
 * A path offered by an NRM between two vertices of its domain. It is undirected: both
 * directions share {@code capacityMbps} and {@code unitPrice} (DESIGN §3).
 *
 * @param unitPrice price per Mbps reserved (vb_k)
 * @param latencyMs one-way latency, or null when unknown (such a path cannot serve a latency-bounded link)
 */
public record PathEdge(String id, String from, String to, String rmId, long capacityMbps, double unitPrice,
                       Double latencyMs) {
    public PathEdge {
        Checks.name(id, "path id");
        Checks.name(from, "path " + id + " from");
        Checks.name(to, "path " + id + " to");
        Checks.name(rmId, "path " + id + " rmId");
        if (from.equals(to)) {
            throw new IllegalArgumentException("path " + id + " is a loop on " + from);
        }
        Checks.nonNegative(capacityMbps, "capacity of path " + id);
        Checks.nonNegative(unitPrice, "unitPrice of path " + id);
        if (latencyMs != null) {
            Checks.nonNegative(latencyMs, "latency of path " + id);
        }
    }

    /** The end opposite to {@code vertex}. */
    public String other(String vertex) {
        return vertex.equals(from) ? to : from;
    }
}
