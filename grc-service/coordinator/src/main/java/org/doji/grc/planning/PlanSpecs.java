package org.doji.grc.planning;

import java.util.ArrayList;
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
        RmParts parts = new RmParts();
        for (CoPlan.PlacedSite s : plan.sites()) {
            CoRequest.Site requested = request.sites().stream().filter(r -> r.id().equals(s.requestSite())).findFirst().orElseThrow();
            parts.compute(s.rmId(), new ComputeDemand(s.site(), s.cores(), requested.requirements()));
        }
        for (CoPlan.RoutedLink l : plan.links()) {
            for (CoPlan.Hop h : l.hops()) {
                parts.network(h.rmId(), new NetworkDemand(h.from(), h.to(), l.bandwidthMbps(), null, request.pathPolicy()));
            }
        }
        for (CoPlan.PlacedCountable c : plan.countables()) {
            parts.countable(c.rmId(), new CountableDemand(c.name(), c.amount()));
        }
        List<String> users = new ArrayList<>();
        users.add(owner);
        request.additionalUsers().stream().filter(u -> !users.contains(u)).forEach(users::add);
        return parts.specs(plan.window(), users, globalId);
    }
}
