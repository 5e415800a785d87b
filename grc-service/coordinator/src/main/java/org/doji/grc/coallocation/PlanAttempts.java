package org.doji.grc.coallocation;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.planning.PlanSpecs;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Change;
import org.doji.grc.tx.InlineRun;
import org.doji.grc.tx.Participant;
import org.doji.grc.tx.Step;
import org.doji.grc.tx.SubjectType;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reserves a planned co-allocation (DESIGN §3 step 4): the ranked plans in order, each one a transaction of the
 * engine: every RM of the plan prepared in parallel, committed if all hold it (well inside their hold timeouts),
 * else aborted everywhere before the next plan is tried. The GRC records each attempt in its co-allocation, with
 * the attempt's own writes; the simulation, on in-process RMs, records nothing.
 */
public final class PlanAttempts {

    private static final Logger log = LoggerFactory.getLogger(PlanAttempts.class);

    /** The plan whose commit was decided (null if none), after {@code attempts}; the reasons of every failure. */
    public record Result(CoPlan committed, int attempts, List<String> failures) {
    }

    private final InlineRun runner;
    private final Clock clock;
    private final int maxPlans;
    private final Duration decideWithin;
    private final CoordinationListener listener;
    /** Where each attempt is recorded; null when nothing is (the simulation). */
    private final CoAllocationStore store;

    /** Attempts that nothing records (the simulation: no co-allocation is stored). */
    public PlanAttempts(InlineRun runner, Clock clock, int maxPlans, Duration decideWithin, CoordinationListener listener) {
        this(runner, clock, maxPlans, decideWithin, listener, null);
    }

    /**
     * The GRC's, wired by {@link CoAllocationAssembly}.
     *
     * @param decideWithin how long an attempt may stay undecided before the driver may presume it aborted
     * @param store        where each attempt is recorded in its co-allocation
     */
    PlanAttempts(InlineRun runner, Clock clock, int maxPlans, Duration decideWithin, CoordinationListener listener,
                 CoAllocationStore store) {
        this.runner = runner;
        this.clock = clock;
        this.maxPlans = maxPlans;
        this.decideWithin = decideWithin;
        this.listener = listener;
        this.store = store;
    }

    /** Tries the ranked plans of {@code outcome} in order, up to the configured number. */
    public Result reserveBest(String key, String owner, CoRequest request, PlanningOutcome outcome, int lastAttempt) {
        List<String> failures = new ArrayList<>();
        outcome.infeasible().forEach(i -> failures.add("slot " + i.slot() + " (" + i.start() + "): " + i.reason()));
        failures.addAll(outcome.leftOut());
        int attempt = lastAttempt;
        for (CoPlan plan : outcome.ranked().stream().limit(maxPlans).toList()) {
            attempt++;
            Transaction t = Transaction.begin(key + ":" + attempt, SubjectType.CO_ALLOCATION, key, Change.RESERVE, attempt,
                    participants(plan, request, owner, key), null, clock.instant().plus(decideWithin), clock.instant());
            Optional<String> refused = attempt(t, plan);
            if (refused.isEmpty()) {
                return new Result(plan, attempt, failures);
            }
            failures.add("plan " + attempt + " (slot " + plan.slot() + "): " + refused.get());
        }
        return new Result(null, attempt, failures);
    }

    /** One plan: empty when its commit was decided, else why it was aborted. */
    private Optional<String> attempt(Transaction fresh, CoPlan plan) {
        InlineRun.Ran ran = runner.run(fresh, store == null ? new ObservedSteps(listener, fresh.attempt())
                : new RecordedAttempt(fresh.attempt(), plan));
        if (ran.committed()) {
            log.info("plan for slot {} at cost {}: commit decided", plan.slot(), plan.cost());
            return Optional.empty();
        }
        log.info("plan for slot {} aborted: {}", plan.slot(), ran.reason());
        return Optional.of(ran.reason());
    }

    /** An attempt's steps as its co-allocation records them, each stored with the step's own transaction write. */
    private final class RecordedAttempt extends ObservedSteps {

        private final CoPlan plan;

        RecordedAttempt(int attempt, CoPlan plan) {
            super(listener, attempt);
            this.plan = plan;
        }

        /** The plan is the co-allocation's; it is Reserving. */
        @Override
        public void beginning(Transaction t) {
            store.transition(t.subject(), CoAllocationEvent.PREPARE, r -> {
                if (r.attempt() != t.attempt() - 1) {
                    // another run (another replica's, whose claim this one took over) has begun an attempt meanwhile
                    throw new TransactionLog.ConcurrentChangeException(t.subject() + " is at attempt " + r.attempt()
                            + ", not " + (t.attempt() - 1));
                }
                r.setAttempt(t.attempt());
                r.setPlan(plan);
                r.setReason(null);
                r.setOutcomes(outcomes(t));
            });
        }

        @Override
        public void deciding(Transaction t, Decision decision) {
            if (decision == Decision.COMMITTED) {
                store.transition(t.subject(), CoAllocationEvent.DECIDE_COMMIT, r -> r.setOutcomes(outcomes(t)));
            } else {
                store.update(t.subject(), r -> r.setOutcomes(outcomes(t)));
            }
        }
    }

    /** Every RM of the plan with what it must hold, in the plan's order. */
    public List<Participant> participants(CoPlan plan, CoRequest request, String owner, String key) {
        List<Participant> out = new ArrayList<>();
        for (Map.Entry<String, ReservationSpec> e : PlanSpecs.perRm(plan, request, owner, key).entrySet()) {
            String rmId = e.getKey();
            out.add(Participant.of(rmId, Step.RESERVE, e.getValue(), null,
                    RmOutcome.intended(rmId, runner.engine().calls().directory().address(rmId))));
        }
        return out;
    }

    /** The co-allocation's outcomes as the transaction's participants show them. */
    public static List<RmOutcome> outcomes(Transaction t) {
        return t.participants().stream().map(Participant::outcome).toList();
    }
}
