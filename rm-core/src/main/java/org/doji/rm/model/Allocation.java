package org.doji.rm.model;

import java.util.ArrayList;
import java.util.List;

/** Concrete resources bound to a reservation, and what they cost. */
public record Allocation(List<ComputeAllocation> compute, List<NetworkAllocation> network,
                         List<CountableDemand> countables, double cost) {

    public static final Allocation EMPTY = new Allocation(List.of(), List.of(), List.of(), 0);

    public Allocation {
        compute = List.copyOf(compute);
        network = List.copyOf(network);
        countables = List.copyOf(countables);
    }

    /** The same allocation with the compute part's handles replaced (by site, in order). */
    public Allocation withCompute(List<ComputeAllocation> newCompute) {
        return new Allocation(new ArrayList<>(newCompute), network, countables, cost);
    }
}
