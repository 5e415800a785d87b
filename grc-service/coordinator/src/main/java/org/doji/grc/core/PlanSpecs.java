package org.doji.grc.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;

/** Splits a plan into what each RM must hold: its sites' cores, its paths' bandwidth and its pools' countables. */
public final class PlanSpecs {

    private PlanSpecs() {
    }

    public static Map<String, ReservationSpec> perRm(CoPlan plan, CoRequest request, String owner, String globalId) {
        Map<String, List<ComputeDemand>> compute = new LinkedHashMap<>();
        Map<String, List<NetworkDemand>> network = new LinkedHashMap<>();
        Map<String, List<CountableDemand>> countables = new LinkedHashMap<>();
        for (CoPlan.PlacedSite s : plan.sites()) {
            CoRequest.Site requested = request.sites().stream().filter(r -> r.id().equals(s.requestSite())).findFirst().orElseThrow();
            compute.computeIfAbsent(s.rmId(), k -> new ArrayList<>())
                    .add(new ComputeDemand(s.site(), s.cores(), requested.requirements()));
        }
        for (CoPlan.RoutedLink l : plan.links()) {
            for (CoPlan.Hop h : l.hops()) {
                network.computeIfAbsent(h.rmId(), k -> new ArrayList<>())
                        .add(new NetworkDemand(h.from(), h.to(), l.bandwidthMbps(), null, request.pathPolicy()));
            }
        }
        for (CoPlan.PlacedCountable c : plan.countables()) {
            countables.computeIfAbsent(c.rmId(), k -> new ArrayList<>()).add(new CountableDemand(c.name(), c.amount()));
        }
        List<String> users = new ArrayList<>();
        users.add(owner);
        request.additionalUsers().stream().filter(u -> !users.contains(u)).forEach(users::add);
        Map<String, ReservationSpec> specs = new LinkedHashMap<>();
        List<String> rmIds = new ArrayList<>(compute.keySet());
        network.keySet().stream().filter(id -> !rmIds.contains(id)).forEach(rmIds::add);
        countables.keySet().stream().filter(id -> !rmIds.contains(id)).forEach(rmIds::add);
        for (String rmId : rmIds) {
            specs.put(rmId, new ReservationSpec(plan.window(), compute.getOrDefault(rmId, List.of()),
                    network.getOrDefault(rmId, List.of()), countables.getOrDefault(rmId, List.of()), users, globalId));
        }
        return specs;
    }
}
