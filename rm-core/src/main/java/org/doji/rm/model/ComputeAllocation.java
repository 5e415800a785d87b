package org.doji.rm.model;

import java.util.List;

/** The nodes given to one compute demand, and the handle users submit with (queue name, AR id). */
public record ComputeAllocation(String site, int cores, List<String> nodes, String handle) {

    public ComputeAllocation {
        nodes = List.copyOf(nodes);
    }

    public ComputeAllocation withHandle(String newHandle) {
        return new ComputeAllocation(site, cores, nodes, newHandle);
    }
}
