package org.doji.grc.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.core.Modification.Operation;
import org.doji.grc.core.Modification.Step;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.persistence.CoAllocationRecord.Decision;
import org.doji.rm.api.DojiException;
import org.doji.rm.model.ReservationSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Modifies a reserved co-allocation with two-phase commit (DESIGN §4): the new request is planned with
 * the co-allocation's own holdings added back, and each RM is asked to modify its part (holding the union
 * of old and new), to hold a new part, or to give its part up. All prepared → the decision is stored, then
 * committed everywhere and the new plan replaces the old one; any refusal → every prepared step is aborted,
 * which restores each RM's old part exactly, and the next ranked plan is tried. The co-allocation keeps its
 * old plan until a modification is decided.
 */
class CoAllocationModifier {

    private static final Logger log = LoggerFactory.getLogger(CoAllocationModifier.class);

    private final CoAllocationStore store;
    private final RmRegistry registry;
    private final CoPlanning planning;
    private final TwoPhaseCoordinator coordinator;
    private final int maxPlans;
    private final CoordinationListener listener;

    CoAllocationModifier(CoAllocationStore store, RmRegistry registry, CoPlanning planning,
                         TwoPhaseCoordinator coordinator, int maxPlans, CoordinationListener listener) {
        this.listener = listener;
        this.store = store;
        this.registry = registry;
        this.planning = planning;
        this.coordinator = coordinator;
        this.maxPlans = maxPlans;
    }

    /** Applies the new request or throws (unavailable, with every RM's reason) leaving the co-allocation as it was. */
    CoAllocation modify(CoAllocation c, String correlationId, CoRequest request) {
        if (c.state() != CoAllocationState.Reserved && c.state() != CoAllocationState.Active) {
            throw DojiException.illegalTransition(c.state().name(), "modify");
        }
        PlanningOutcome outcome = planning.plan(request, c.owner(), answers -> AvailabilityCredit.addBack(answers, c.plan()));
        List<String> failures = new ArrayList<>();
        outcome.infeasible().forEach(i -> failures.add("slot " + i.slot() + " (" + i.start() + "): " + i.reason()));
        outcome.unreachableRms().forEach(rm -> failures.add("RM " + rm + " did not answer"));
        int tried = 0;
        for (CoPlan plan : outcome.ranked()) {
            if (tried++ >= maxPlans) {
                break;
            }
            String prefix = c.key() + ":modify:" + correlationId + ":" + tried;
            CoAllocation done = attempt(c, tried, new Modification(prefix, request, plan, steps(c, plan, request),
                    Decision.NONE), failures);
            if (done != null) {
                return done;
            }
        }
        String why = outcome.ranked().isEmpty() ? "no feasible plan for the modified request: " : "no plan could be reserved: ";
        throw DojiException.unavailable("MODIFY_REFUSED", "the co-allocation is unchanged; " + why + String.join("; ", failures));
    }

    private List<Step> steps(CoAllocation c, CoPlan plan, CoRequest request) {
        Map<String, ReservationSpec> specs = PlanSpecs.perRm(plan, request, c.owner(), c.key());
        Map<String, RmOutcome> held = new LinkedHashMap<>();
        c.outcomes().stream().filter(o -> o.reservationKey() != null).forEach(o -> held.put(o.rmId(), o));
        List<Step> steps = new ArrayList<>();
        specs.forEach((rmId, spec) -> steps.add(held.containsKey(rmId)
                ? new Step(rmId, Operation.MODIFY, spec, held.get(rmId))
                : new Step(rmId, Operation.RESERVE, spec, RmOutcome.refused(rmId,
                        registry.get(rmId).map(RmRegistry.Entry::address).orElse(null), null, "prepare sent"))));
        held.forEach((rmId, o) -> {
            if (!specs.containsKey(rmId)) {
                steps.add(new Step(rmId, Operation.CANCEL, null, o));
            }
        });
        return steps;
    }

    /** One ranked plan: the co-allocation after the commit, or null when some RM refused (all aborted). */
    private CoAllocation attempt(CoAllocation c, int attempt, Modification m, List<String> failures) {
        store.update(c.key(), r -> r.setPendingJson(store.write(m)));
        listener.beforePrepare(c.key(), -attempt);
        List<TwoPhaseCoordinator.Prepared> prepared = prepare(m);
        listener.afterPrepare(c.key(), -attempt);
        List<Step> after = new ArrayList<>();
        for (int i = 0; i < m.steps().size(); i++) {
            Step s = m.steps().get(i);
            after.add(new Step(s.rmId(), s.operation(), s.spec(), prepared.get(i).ok() ? prepared.get(i).outcome() : s.participant()));
        }
        if (prepared.stream().allMatch(TwoPhaseCoordinator.Prepared::ok)) {
            Modification decided = m.with(after, Decision.COMMIT);
            store.update(c.key(), r -> r.setPendingJson(store.write(decided)));
            listener.afterDecision(c.key(), -attempt, Decision.COMMIT);
            return commit(c.key(), decided);
        }
        Modification aborting = m.with(after, Decision.ABORT);
        store.update(c.key(), r -> r.setPendingJson(store.write(aborting)));
        listener.afterDecision(c.key(), -attempt, Decision.ABORT);
        abort(aborting, prepared);
        store.update(c.key(), r -> r.setPendingJson(null));
        String reasons = TwoPhaseCoordinator.reasons(prepared);
        failures.add("plan for slot " + m.plan().slot() + ": " + reasons);
        log.info("modification plan for slot {} refused: {}", m.plan().slot(), reasons);
        return null;
    }

    private List<TwoPhaseCoordinator.Prepared> prepare(Modification m) {
        return coordinator.prepareSteps(m.steps(), m.prefix());
    }

    private void abort(Modification m, List<TwoPhaseCoordinator.Prepared> prepared) {
        List<RmOutcome> toAbort = new ArrayList<>();
        for (int i = 0; i < m.steps().size(); i++) {
            if (prepared.get(i).ok()) {
                toAbort.add(m.steps().get(i).participant());
            }
        }
        coordinator.abort(toAbort, m.prefix());
    }

    /** Phase two of a decided modification; the new plan and participants replace the old ones. */
    CoAllocation commit(String key, Modification m) {
        List<RmOutcome> participants = m.steps().stream().map(Step::participant).filter(o -> o.reservationKey() != null).toList();
        List<TwoPhaseCoordinator.Prepared> committed = coordinator.commit(participants, m.prefix());
        boolean all = committed.stream().allMatch(TwoPhaseCoordinator.Prepared::ok);
        List<String> cancelled = m.steps().stream().filter(s -> s.operation() == Operation.CANCEL).map(Step::rmId).toList();
        List<RmOutcome> kept = committed.stream().map(TwoPhaseCoordinator.Prepared::outcome)
                .filter(o -> !cancelled.contains(o.rmId())).toList();
        log.info("modification committed: slot {} at cost {}", m.plan().slot(), m.plan().cost());
        return store.update(key, r -> {
            r.setRequestJson(store.write(m.request()));
            r.setPlanJson(store.write(m.plan()));
            r.setOutcomesJson(store.write(kept));
            r.setWindowStart(m.plan().window().start());
            r.setWindowEnd(m.plan().window().end());
            r.setCost(m.plan().cost());
            r.setPendingJson(null);
            r.setReason(all ? null : "some RMs have not acknowledged the modification yet; it is re-driven");
        });
    }

    /**
     * After a restart: a decided modification is committed again (idempotent at the RMs); an undecided one is
     * aborted everywhere, learning the keys of new holds by replaying their idempotent prepare.
     */
    void recover(String key, Modification m) {
        if (m.decision() == Decision.COMMIT) {
            log.info("recovery: re-driving the commit of a modification");
            commit(key, m);
            return;
        }
        log.info("recovery: a modification was not decided; aborting it everywhere (presumed abort)");
        coordinator.abortSteps(m.steps(), m.prefix());
        store.update(key, r -> r.setPendingJson(null));
    }
}
