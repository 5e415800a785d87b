package org.doji.grc.simulation;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.doji.grc.coallocation.CoordinationListener;
import org.doji.grc.coallocation.PlanAttempts;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.planner.Planner;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.engine.FastEngine;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planning.CandidateSlots;
import org.doji.grc.planning.IntegerProgramPlanner;
import org.doji.grc.planning.PlanningStrategy;
import org.doji.grc.tx.InMemoryTransactionLog;
import org.doji.grc.tx.InlineRun;
import org.doji.grc.tx.ParticipantCalls;
import org.doji.grc.tx.RmDirectory;
import org.doji.grc.tx.TransactionEngine;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;

/**
 * The GRC's planning and reservation path run synchronously in-process: N candidate slots
 * ({@link CandidateSlots}), one availability call per RM for all slots (answers respect the user's service
 * level), the real integer-program planner ({@link IntegerProgramPlanner}), then the ranked plans in order with
 * the GRC's own {@link PlanAttempts} on its one {@link TransactionEngine} (prepare everywhere, commit if all
 * held, else abort and try the next plan). RM calls run on the calling thread, in registry order, so a run is
 * deterministic; transactions are kept in memory (nothing has to survive a virtual run).
 */
final class SyncCoordinator {

    /** What became of one request. */
    record Result(boolean reserved, CoPlan plan, int feasibleSlots, int plansTried, int slotsCut, long availabilityNanos,
                  long planNanos, long totalNanos, String reason) {
    }

    private final Map<String, ResourceManager> rms;
    private final Map<String, ResourceInventory> descriptions = new LinkedHashMap<>();
    private final PlanningStrategy planner;
    private final EngineRegistry engines = EngineRegistry.withDefaults();
    private final String engine;
    private final PlanAttempts attempts;
    private final int slots;

    Map<String, ResourceInventory> descriptions() {
        return descriptions;
    }

    private final AvailabilityView view;

    /**
     * @param rms      the RMs in the topology's order; {@code planning.tie-break} may reverse it for the planner
     * @param clock    the virtual clock (transactions)
     * @param view     the service-level reading: what each user is shown of each RM's free capacity
     */
    SyncCoordinator(Map<String, ? extends ResourceManager> rms, Clock clock, Scenario.Planning planning, AvailabilityView view) {
        List<String> order = new java.util.ArrayList<>(rms.keySet());
        if (planning.tieBreak() == Scenario.TieBreak.REVERSED_RM_ORDER) {
            java.util.Collections.reverse(order);
        }
        this.rms = new LinkedHashMap<>();
        order.forEach(id -> this.rms.put(id, rms.get(id)));
        this.slots = planning.slots();
        this.view = view;
        // an ordered map (the registry's describeAll is unordered): the planner's tie-breaks follow it
        this.rms.forEach((id, rm) -> descriptions.put(id, rm.describe(ReferenceGrid.GRC)));
        // the per-slot limit is counted in search steps, not wall time: the same on any machine, and reported when hit
        this.engine = planning.engine();
        this.planner = new IntegerProgramPlanner(new Planner(engines,
                new PlannerSettings(slots, planning.engine(), AdminPolicy.NONE, Duration.ofNanos(planning.searchStepLimit() * 1000)),
                Runnable::run, new SearchStepClock(Workload.T0)));
        RmDirectory directory = RmDirectory.inProcess(this.rms, "in-process:", id -> descriptions.get(id).holdTimeout());
        Executor callingThread = Runnable::run;
        // in-process RMs never go unanswered, so phase two completes in its first pass and nothing ever waits
        TransactionEngine transactions = new TransactionEngine(new InMemoryTransactionLog(),
                new ParticipantCalls(directory, ReferenceGrid.GRC, () -> null, new SimpleMeterRegistry()), callingThread,
                clock, Duration.ofMillis(200), Duration.ofSeconds(30), d -> { });
        this.attempts = new PlanAttempts(new InlineRun(transactions, Duration.ZERO), clock, planning.maxPlans(), Duration.ofMinutes(1),
                CoordinationListener.NONE);
    }

    /** Routings the planner's engine solved as integer programs so far ({@code fast-exact}; 0 for other engines). */
    long routingPrograms() {
        return engines.get(engine) instanceof FastEngine fast ? fast.mipSolves() : 0;
    }

    /** Plans and, if any plan can be held everywhere, reserves {@code request} for {@code user}. */
    Result submit(String key, String user, CoRequest request) {
        long t0 = System.nanoTime();
        List<TimeWindow> windows = CandidateSlots.of(request.time(), slots);
        Map<String, List<SlotAvailability>> answers = new LinkedHashMap<>();
        rms.forEach((id, rm) -> answers.put(id, view.answer(id, rm, new AvailabilityQuery(windows, user))));
        long p0 = System.nanoTime();
        PlanningOutcome outcome = planner.plan(request, windows, descriptions, answers);
        long planNanos = System.nanoTime() - p0;
        PlanAttempts.Result r = attempts.reserveBest(key, user, request, outcome, 0);
        if (r.committed() != null) {
            view.reserved(user, r.committed());
            return new Result(true, r.committed(), outcome.ranked().size(), r.attempts(), outcome.slotsCut(), p0 - t0, planNanos,
                    System.nanoTime() - t0, null);
        }
        String reason = outcome.ranked().isEmpty() ? "no feasible slot" : "no plan could be held: " + String.join(", ", r.failures());
        return new Result(false, null, outcome.ranked().size(), r.attempts(), outcome.slotsCut(), p0 - t0, planNanos,
                System.nanoTime() - t0, reason);
    }
}
