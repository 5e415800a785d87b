package org.doji.grc.coallocation;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoAllocationStateMachine;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.planning.AvailabilityCredit;
import org.doji.grc.planning.CoPlanning;
import org.doji.grc.planning.PlanSpecs;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Change;
import org.doji.grc.tx.InlineRun;
import org.doji.grc.tx.Participant;
import org.doji.grc.tx.Step;
import org.doji.grc.tx.SubjectType;
import org.doji.grc.tx.Transaction;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Modifies a reserved co-allocation with two-phase commit (DESIGN §4): the new request is planned with the
 * co-allocation's own holdings added back, and each RM is asked to modify its part (holding the union of old
 * and new), to hold a new part, or to give its part up — one transaction of the engine per ranked plan. The
 * co-allocation is Modifying until every RM has acknowledged; a committed modification replaces its request and
 * plan, an aborted one leaves it exactly as it was and the next plan is tried.
 */
final class CoAllocationModifier {

    private static final Logger log = LoggerFactory.getLogger(CoAllocationModifier.class);

    private final CoAllocationStore store;
    private final CoPlanning planning;
    private final InlineRun runner;
    private final CoAllocationTransactions subject;
    private final Clock clock;
    private final int maxPlans;
    private final Duration decideWithin;
    private final CoordinationListener listener;
    private final org.doji.rm.util.Entropy entropy;

    CoAllocationModifier(CoAllocationStore store, CoPlanning planning, InlineRun runner, CoAllocationTransactions subject,
                         Clock clock, int maxPlans, Duration decideWithin, CoordinationListener listener,
                         org.doji.rm.util.Entropy entropy) {
        this.entropy = entropy;
        this.store = store;
        this.planning = planning;
        this.runner = runner;
        this.subject = subject;
        this.clock = clock;
        this.maxPlans = maxPlans;
        this.decideWithin = decideWithin;
        this.listener = listener;
    }

    /**
     * Applies the new request, or throws (unavailable, with every RM's reason) leaving the co-allocation as it
     * was. {@code recordCall} stores the call's correlation id with the commit decision.
     */
    CoAllocation modify(CoAllocation c, CoRequest request, Runnable recordCall) {
        CoAllocationStateMachine.next(c.state(), CoAllocationEvent.MODIFY);
        OneChangeAtATime.refuseIfBusy(runner.engine(), c, "modify");
        PlanningOutcome outcome = planning.plan(request, c.owner(), answers -> AvailabilityCredit.addBack(answers, c.plan()));
        List<String> failures = new ArrayList<>();
        outcome.infeasible().forEach(i -> failures.add("slot " + i.slot() + " (" + i.start() + "): " + i.reason()));
        failures.addAll(outcome.leftOut());
        String change = entropy.hex(12);
        int tried = 0;
        for (CoPlan plan : outcome.ranked().stream().limit(maxPlans).toList()) {
            tried++;
            int attempt = -tried;
            Transaction t = Transaction.begin(c.key() + ":modify:" + change + ":" + tried, SubjectType.CO_ALLOCATION,
                    c.key(), Change.MODIFY, c.attempt(), steps(c, plan, request),
                    subject.payload(new CoAllocationTransactions.ModificationPayload(request, plan)),
                    clock.instant().plus(decideWithin), clock.instant());
            InlineRun.Ran ran = runner.run(t, new ObservedSteps(listener, attempt) {
                @Override
                public void beginning(Transaction fresh) {
                    store.transition(c.key(), CoAllocationEvent.MODIFY, r -> { });
                }

                @Override
                public void deciding(Transaction prepared, Decision decision) {
                    if (decision == Decision.COMMITTED) {
                        recordCall.run();
                    }
                }
            });
            if (ran.committed()) {
                log.info("modification committed: slot {} at cost {}", plan.slot(), plan.cost());
                return store.find(c.key()).orElseThrow(() -> DojiException.unknown(c.key()));
            }
            failures.add("plan for slot " + plan.slot() + ": " + ran.reason());
            log.info("modification plan for slot {} refused: {}", plan.slot(), ran.reason());
            if (ran.left().isPresent()) {
                throw DojiException.unavailable("MODIFY_REFUSED", "the modification was refused and is being undone at RMs "
                        + "that have not acknowledged the abort yet (the co-allocation is Modifying until then): "
                        + String.join("; ", failures));
            }
        }
        String why = outcome.ranked().isEmpty() ? "no feasible plan for the modified request: " : "no plan could be reserved: ";
        throw DojiException.unavailable("MODIFY_REFUSED", "the co-allocation is unchanged; " + why + String.join("; ", failures));
    }

    /** What each RM is asked: modify what it holds, hold a new part, or give its part up. */
    private List<Participant> steps(CoAllocation c, CoPlan plan, CoRequest request) {
        Map<String, ReservationSpec> specs = PlanSpecs.perRm(plan, request, c.owner(), c.key());
        Map<String, RmOutcome> held = new LinkedHashMap<>();
        c.outcomes().stream().filter(o -> o.reservationKey() != null).forEach(o -> held.put(o.rmId(), o));
        List<Participant> steps = new ArrayList<>();
        specs.forEach((rmId, spec) -> steps.add(held.containsKey(rmId)
                ? Participant.of(rmId, Step.MODIFY, spec, held.get(rmId).reservationKey(), held.get(rmId))
                : Participant.of(rmId, Step.RESERVE, spec, null,
                        RmOutcome.intended(rmId, runner.engine().calls().directory().address(rmId)))));
        held.forEach((rmId, o) -> {
            if (!specs.containsKey(rmId)) {
                steps.add(Participant.cancelling(o));
            }
        });
        return steps;
    }

}
