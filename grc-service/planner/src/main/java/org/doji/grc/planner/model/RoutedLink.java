package org.doji.grc.planner.model;

import java.util.List;

/** The route chosen for a requested link (from/to are requested site ids); empty hops when bandwidth is 0. */
public record RoutedLink(String from, String to, long bandwidthMbps, List<DirectedHop> hops) {
    public RoutedLink {
        Checks.name(from, "routed link from");
        Checks.name(to, "routed link to");
        hops = hops == null ? List.of() : List.copyOf(hops);
    }
}
