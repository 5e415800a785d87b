package org.doji.rm.model;

import java.util.List;

/**
 * The route given to one network demand. {@code links} are internal link ids (never exported);
 * {@code hops} are the abstract hops shown to coordinators.
 */
public record NetworkAllocation(String from, String to, long bandwidthMbps, List<String> links, List<String> hops) {

    public NetworkAllocation {
        links = List.copyOf(links);
        hops = List.copyOf(hops);
    }
}
