package org.doji.rm.model;

import java.util.List;
import java.util.Objects;

/** What a coordinator asks one RM to hold over one window. */
public record ReservationSpec(
        TimeWindow window,
        List<ComputeDemand> compute,
        List<NetworkDemand> network,
        List<CountableDemand> countables,
        List<String> users,
        String globalId) {

    public ReservationSpec {
        Objects.requireNonNull(window, "window");
        compute = List.copyOf(compute == null ? List.of() : compute);
        network = List.copyOf(network == null ? List.of() : network);
        countables = List.copyOf(countables == null ? List.of() : countables);
        users = List.copyOf(users == null ? List.of() : users);
    }

    public boolean isEmpty() {
        return compute.isEmpty() && network.isEmpty() && countables.isEmpty();
    }
}
