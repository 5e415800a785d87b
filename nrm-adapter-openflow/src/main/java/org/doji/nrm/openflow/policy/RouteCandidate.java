package org.doji.nrm.openflow.policy;

import java.util.List;

/** A candidate route (link ids from the demand's source) with its bottleneck width, hops and latency. */
public record RouteCandidate(List<String> links, long widthMbps, int hops, double latencyMs) {

    public RouteCandidate {
        links = List.copyOf(links);
    }
}
