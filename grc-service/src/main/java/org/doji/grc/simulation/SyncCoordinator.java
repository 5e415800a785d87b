package org.doji.grc.simulation;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;
import org.doji.grc.core.CandidateSlots;
import org.doji.grc.core.IntegerProgramPlanner;
import org.doji.grc.core.PlanningStrategy;
import org.doji.grc.core.RmRegistry;
import org.doji.grc.core.TwoPhaseCoordinator;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.planner.Planner;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;

/**
 * The GRC's planning and reservation path of {@code CoAllocationService.planNow/run/reserve}, run
 * synchronously in-process: N candidate slots ({@link CandidateSlots}), one availability call per RM for
 * all slots (answers respect the user's service level), the real integer-program planner
 * ({@link IntegerProgramPlanner}), then the ranked plans in order with the real {@link TwoPhaseCoordinator}
 * (prepare everywhere, commit if all held, else abort the held ones and try the next plan). RM calls run
 * on the calling thread, in registry order, so a run is deterministic. What is left out is what has no
 * effect in virtual time: storing the co-allocation, parallel calls and timeouts.
 */
final class SyncCoordinator {

    /** What became of one request. */
    record Result(boolean reserved, CoPlan plan, int feasibleSlots, int plansTried, long availabilityNanos, long planNanos,
                  long totalNanos, String reason) {
    }

    private final Map<String, ResourceManager> rms;
    private final Map<String, ResourceInventory> descriptions = new LinkedHashMap<>();
    private final PlanningStrategy planner;
    private final TwoPhaseCoordinator coordinator;
    private final int slots;
    private final int maxPlans;

    SyncCoordinator(Map<String, ? extends ResourceManager> rms, int slots, int maxPlans, String engine) {
        this.rms = new LinkedHashMap<>(rms);
        this.slots = slots;
        this.maxPlans = maxPlans;
        // an ordered map (the registry's describeAll is unordered): the planner's tie-breaks follow it
        this.rms.forEach((id, rm) -> descriptions.put(id, rm.describe(ReferenceGrid.GRC)));
        this.planner = new IntegerProgramPlanner(new Planner(EngineRegistry.withDefaults(),
                new PlannerSettings(slots, engine, AdminPolicy.NONE), Runnable::run));
        List<RmRegistry.Entry> entries = new ArrayList<>();
        this.rms.forEach((id, rm) -> entries.add(new RmRegistry.Entry(id, "in-process:" + id, rm)));
        // no sleeping in virtual time: in-process RMs never answer "unreachable", so retries never happen
        this.coordinator = new TwoPhaseCoordinator(new RmRegistry(entries, ReferenceGrid.GRC), new CallingThread(),
                ReferenceGrid.GRC, Duration.ofMillis(200), d -> { }, new SimpleMeterRegistry());
    }

    /** Plans and, if any plan can be held everywhere, reserves {@code request} for {@code user}. */
    Result submit(String key, String user, CoRequest request) {
        long t0 = System.nanoTime();
        List<TimeWindow> windows = CandidateSlots.of(request.time(), slots);
        Map<String, List<SlotAvailability>> answers = new LinkedHashMap<>();
        rms.forEach((id, rm) -> answers.put(id, rm.availability(ReferenceGrid.GRC, new AvailabilityQuery(windows, user))));
        long p0 = System.nanoTime();
        PlanningOutcome outcome = planner.plan(request, windows, descriptions, answers);
        long planNanos = System.nanoTime() - p0;
        List<String> failures = new ArrayList<>();
        int tried = 0;
        for (CoPlan plan : outcome.ranked()) {
            if (tried >= maxPlans) {
                break;
            }
            tried++;
            String prefix = key + ":" + tried;
            var prepared = coordinator.prepare(perRm(plan, request, user, key), prefix);
            List<RmOutcome> held = prepared.stream().filter(TwoPhaseCoordinator.Prepared::ok)
                    .map(TwoPhaseCoordinator.Prepared::outcome).toList();
            if (held.size() == prepared.size()) {
                boolean acknowledged = coordinator.commit(held, prefix).stream().allMatch(TwoPhaseCoordinator.Prepared::ok);
                if (!acknowledged) {
                    throw new IllegalStateException("an in-process RM did not acknowledge the commit of " + key);
                }
                return new Result(true, plan, outcome.ranked().size(), tried, p0 - t0, planNanos, System.nanoTime() - t0, null);
            }
            coordinator.abort(held, prefix);
            prepared.stream().filter(p -> !p.ok()).forEach(p -> failures.add(p.rmId() + ": " + p.outcome().errorCode()));
        }
        String reason = outcome.ranked().isEmpty() ? "no feasible slot" : "no plan could be held: " + String.join(", ", failures);
        return new Result(false, null, outcome.ranked().size(), tried, p0 - t0, planNanos, System.nanoTime() - t0, reason);
    }

    /**
     * What each RM must hold for a plan: its sites' cores and its paths' bandwidth. The same split as the
     * GRC's {@code core.PlanSpecs.perRm}, which is package-private (making it public would remove this copy).
     */
    static Map<String, ReservationSpec> perRm(CoPlan plan, CoRequest request, String owner, String globalId) {
        Map<String, List<ComputeDemand>> compute = new LinkedHashMap<>();
        Map<String, List<NetworkDemand>> network = new LinkedHashMap<>();
        for (CoPlan.PlacedSite s : plan.sites()) {
            CoRequest.Site requested = request.sites().stream().filter(r -> r.id().equals(s.requestSite())).findFirst().orElseThrow();
            compute.computeIfAbsent(s.rmId(), k -> new ArrayList<>()).add(new ComputeDemand(s.site(), s.cores(), requested.requirements()));
        }
        for (CoPlan.RoutedLink l : plan.links()) {
            for (CoPlan.Hop h : l.hops()) {
                network.computeIfAbsent(h.rmId(), k -> new ArrayList<>())
                        .add(new NetworkDemand(h.from(), h.to(), l.bandwidthMbps(), null, null));
            }
        }
        List<String> rmIds = new ArrayList<>(compute.keySet());
        network.keySet().stream().filter(id -> !rmIds.contains(id)).forEach(rmIds::add);
        Map<String, ReservationSpec> specs = new LinkedHashMap<>();
        for (String rmId : rmIds) {
            specs.put(rmId, new ReservationSpec(plan.window(), compute.getOrDefault(rmId, List.of()),
                    network.getOrDefault(rmId, List.of()), List.of(), List.of(owner), globalId));
        }
        return specs;
    }

    /** Runs every task at once on the submitting thread: the coordinator's "parallel" calls become sequential. */
    private static final class CallingThread extends AbstractExecutorService {
        private volatile boolean shutdown;

        @Override
        public void execute(Runnable command) {
            command.run();
        }

        @Override
        public void shutdown() {
            shutdown = true;
        }

        @Override
        public List<Runnable> shutdownNow() {
            shutdown = true;
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return shutdown;
        }

        @Override
        public boolean isTerminated() {
            return shutdown;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }
}
