package org.doji.grc.simulation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.planner.Planner;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planning.IntegerProgramPlanner;
import org.doji.grc.simulation.Workload.SimRequest;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.util.SettableClock;

/**
 * Every request planned alone on an empty grid (one slot, nothing reserved): the cheapest routes it would take,
 * which measures the bandwidth demand without the paper's one-path-per-link convention, and whether each user with
 * a low service level could reserve it at all (on an empty grid both service-level readings show the same half).
 */
final class EmptyGridProbe {

    /** One request on the empty grid: path Mbps of its cheapest plan (Σ bandwidth × paths; -1: none) and per user. */
    record Probe(long cheapestPathMbps, Map<String, Boolean> feasibleFor, int slotsCut) {
    }

    private final Map<String, ? extends org.doji.rm.api.ResourceManager> rms;
    private final Map<String, ResourceInventory> descriptions = new LinkedHashMap<>();
    private final IntegerProgramPlanner planner;
    private final List<String> lowLevelUsers;

    EmptyGridProbe(Scenario s) {
        Map<String, Double> levels = new LinkedHashMap<>();
        s.users().stream().filter(u -> u.serviceLevel() < 1).forEach(u -> levels.put(u.name(), u.serviceLevel()));
        this.lowLevelUsers = List.copyOf(levels.keySet());
        this.rms = ReferenceGrid.create(s.topology(), new SettableClock(Workload.T0), levels).kernels();
        rms.forEach((id, rm) -> descriptions.put(id, rm.describe(ReferenceGrid.GRC)));
        this.planner = new IntegerProgramPlanner(new Planner(EngineRegistry.withDefaults(), new PlannerSettings(1,
                s.planning().engine(), AdminPolicy.NONE, java.time.Duration.ofNanos(s.planning().searchStepLimit() * 1000)),
                Runnable::run, new SearchStepClock(Workload.T0)));
    }

    Probe probe(SimRequest r) {
        TimeWindow w = new TimeWindow(r.request().time().earliestStart(),
                r.request().time().earliestStart().plus(r.request().time().duration()));
        PlanningOutcome all = plan(r, w, null);
        int cut = all.slotsCut();
        Map<String, Boolean> feasible = new LinkedHashMap<>();
        for (String user : lowLevelUsers) {
            PlanningOutcome mine = plan(r, w, user);
            cut += mine.slotsCut();
            feasible.put(user, !mine.ranked().isEmpty());
        }
        return new Probe(all.ranked().isEmpty() ? -1 : pathMbps(all.ranked().get(0)), feasible, cut);
    }

    private PlanningOutcome plan(SimRequest r, TimeWindow w, String user) {
        Map<String, List<SlotAvailability>> answers = new LinkedHashMap<>();
        rms.forEach((id, rm) -> answers.put(id, rm.availability(ReferenceGrid.GRC, new AvailabilityQuery(List.of(w), user))));
        return planner.plan(r.request(), List.of(w), descriptions, answers);
    }

    /** Σ over the plan's links of bandwidth × the paths it takes. */
    static long pathMbps(CoPlan plan) {
        return plan.links().stream().mapToLong(l -> l.bandwidthMbps() * l.hops().size()).sum();
    }
}
