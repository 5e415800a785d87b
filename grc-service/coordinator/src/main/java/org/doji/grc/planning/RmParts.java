package org.doji.grc.planning;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;

/**
 * What each RM is asked to hold, gathered demand by demand: a plan split for its RMs ({@link PlanSpecs}) and a
 * reservation at the GRC's RM port split for its children. The RMs come out in the order they were first named.
 */
public final class RmParts {

    private final Map<String, List<ComputeDemand>> compute = new LinkedHashMap<>();
    private final Map<String, List<NetworkDemand>> network = new LinkedHashMap<>();
    private final Map<String, List<CountableDemand>> countables = new LinkedHashMap<>();
    private final List<String> rms = new ArrayList<>();

    public void compute(String rmId, ComputeDemand demand) {
        add(compute, rmId, demand);
    }

    public void network(String rmId, NetworkDemand demand) {
        add(network, rmId, demand);
    }

    public void countable(String rmId, CountableDemand demand) {
        add(countables, rmId, demand);
    }

    private <T> void add(Map<String, List<T>> parts, String rmId, T demand) {
        if (!rms.contains(rmId)) {
            rms.add(rmId);
        }
        parts.computeIfAbsent(rmId, k -> new ArrayList<>()).add(demand);
    }

    /** One spec per RM named, for {@code window}, {@code users} and the co-allocation's {@code globalId}. */
    public Map<String, ReservationSpec> specs(TimeWindow window, List<String> users, String globalId) {
        Map<String, ReservationSpec> out = new LinkedHashMap<>();
        for (String rmId : rms) {
            out.put(rmId, new ReservationSpec(window, compute.getOrDefault(rmId, List.of()),
                    network.getOrDefault(rmId, List.of()), countables.getOrDefault(rmId, List.of()), users, globalId));
        }
        return out;
    }
}
