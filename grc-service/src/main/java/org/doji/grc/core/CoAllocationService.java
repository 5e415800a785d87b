package org.doji.grc.core;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.grc.persistence.CoAllocationRecord.Decision;
import org.doji.rm.api.Caller;
import org.doji.rm.api.DojiException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The GRC's core: accepts co-allocations (stored before the EPR is returned), then plans and reserves
 * them asynchronously: N slots, one availability call per RM in parallel, the planner, and two-phase
 * reservation of the ranked plans in order. Cancellation is two-phase too.
 */
public class CoAllocationService {

    private static final Logger log = LoggerFactory.getLogger(CoAllocationService.class);

    private final CoAllocationStore store;
    private final RmRegistry registry;
    private final TwoPhaseCoordinator coordinator;
    private final RequestValidator validator;
    private final Clock clock;
    private final int maxPlans;
    private final CoordinationListener listener;
    private final io.micrometer.core.instrument.MeterRegistry meters;
    private final org.doji.rm.persistence.JsonCodec hashes = new org.doji.rm.persistence.JsonCodec();
    private final CoPlanning planning;
    private final CoAllocationModifier modifier;
    private final PlanningIntake intake;
    /** Serialises the changes (modify, cancel) of one co-allocation; striped so the set stays bounded. */
    private final Object[] changeLocks = new Object[64];

    public CoAllocationService(CoAllocationStore store, RmRegistry registry, PlanningStrategy planner,
                               TwoPhaseCoordinator coordinator, ExecutorService workers, ExecutorService rmCalls,
                               Clock clock, int slots, int maxPlans, int planningBatch, Duration rmTimeout,
                               CoordinationListener listener,
                               io.micrometer.core.instrument.MeterRegistry meters, Map<String, Double> serviceLevels) {
        this.meters = meters;
        this.store = store;
        this.registry = registry;
        this.coordinator = coordinator;
        this.validator = new RequestValidator(clock);
        this.clock = clock;
        this.maxPlans = maxPlans;
        this.listener = listener;
        this.planning = new CoPlanning(registry, planner, rmCalls, slots, rmTimeout, registry.self(), meters,
                serviceLevels);
        this.modifier = new CoAllocationModifier(store, registry, planning, coordinator, maxPlans, listener);
        this.intake = new PlanningIntake(store::find, planning::fetchAll, planning::plan, workers, planningBatch,
                this::proceed);
        for (int i = 0; i < changeLocks.length; i++) {
            changeLocks[i] = new Object();
        }
    }

    private Object changeLock(String key) {
        return changeLocks[Math.floorMod(key.hashCode(), changeLocks.length)];
    }

    /**
     * Replaces the request of a reserved co-allocation, replanned and applied with two-phase commit at every
     * RM; on refusal the co-allocation is unchanged. A repeat with the same correlation id and request gets
     * the co-allocation as it is; the same id with another request is refused.
     */
    public CoAllocation modify(Caller caller, String key, String correlationId, CoRequest request) {
        if (correlationId == null || correlationId.isBlank()) {
            throw DojiException.invalidField("correlationId", "CORRELATION_ID_MISSING", "a correlation id is required");
        }
        get(caller, key);
        String callId = caller.name() + ":modify:" + key + ":" + correlationId;
        String hash = hashes.hash(request);
        var previous = store.call(callId);
        if (previous.isPresent()) {
            if (!previous.get().getPayloadHash().equals(hash)) {
                throw DojiException.invalidField("correlationId", "CORRELATION_ID_REUSED",
                        "correlation id " + correlationId + " was already used for a different modification");
            }
            return get(caller, key);
        }
        validator.validate(request, registry.knownSites());
        MDC.put("coAllocation", key);
        synchronized (changeLock(key)) {
            try {
                CoAllocation done = modifier.modify(get(caller, key), correlationId, request);
                store.recordCall(callId, hash, key);
                return done;
            } finally {
                MDC.remove("coAllocation");
            }
        }
    }

    /** Validates and stores the request, starts planning, and returns the new key at once. */
    public String create(Caller caller, String correlationId, CoRequest request, String consumer) {
        if (correlationId == null || correlationId.isBlank()) {
            throw DojiException.invalidField("correlationId", "CORRELATION_ID_MISSING", "a correlation id is required");
        }
        String callId = caller.name() + ":" + correlationId;
        String hash = hashes.hash(request, consumer);
        var previous = store.call(callId);
        if (previous.isPresent()) {
            if (!previous.get().getPayloadHash().equals(hash)) {
                throw DojiException.invalidField("correlationId", "CORRELATION_ID_REUSED",
                        "correlation id " + correlationId + " was already used for a different request");
            }
            return previous.get().getCoAllocationKey();
        }
        validator.validate(request, registry.knownSites());
        String key = "co-" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        CoAllocationRecord record = new CoAllocationRecord(key, caller.name(), clock.instant());
        record.setConsumer(consumer);
        store.create(record, request, callId, hash);
        log.info("co-allocation {} accepted for {}", key, caller.name());
        intake.submit(key);
        return key;
    }

    /** Dry run: the ranked plans for a request, nothing reserved. */
    public PlanningOutcome plan(Caller caller, CoRequest request) {
        validator.validate(request, registry.knownSites());
        return planNow(request, caller.name());
    }

    public CoAllocation get(Caller caller, String key) {
        CoAllocation c = store.find(key).orElseThrow(() -> DojiException.unknown(key));
        if (!c.owner().equals(caller.name())) {
            throw DojiException.notAuthorized(caller.name() + " does not own co-allocation " + key);
        }
        return c;
    }

    public List<CoAllocation> list(Caller caller, Set<CoAllocationState> states, Instant from, Instant to, int max) {
        return store.byOwner(caller.name()).stream()
                .filter(c -> states.isEmpty() || states.contains(c.state()))
                .filter(c -> from == null || c.plan() == null || c.plan().window().end().isAfter(from))
                .filter(c -> to == null || c.plan() == null || c.plan().window().start().isBefore(to))
                .limit(max).toList();
    }

    /** Two-phase cancellation at every RM; on any refusal every prepared cancel is aborted. */
    public CoAllocation cancel(Caller caller, String key, String correlationId) {
        synchronized (changeLock(key)) {
            return cancelLocked(caller, key, correlationId);
        }
    }

    private CoAllocation cancelLocked(Caller caller, String key, String correlationId) {
        CoAllocation c = get(caller, key);
        if (c.state() == CoAllocationState.Cancelled) {
            return c;
        }
        if (c.state() != CoAllocationState.Reserved && c.state() != CoAllocationState.Active) {
            throw DojiException.illegalTransition(c.state().name(), "cancel");
        }
        String prefix = key + ":cancel:" + correlationId;
        List<RmOutcome> participants = c.outcomes().stream().filter(o -> o.reservationKey() != null).toList();
        var prepared = coordinator.prepareCancel(participants, prefix);
        if (prepared.stream().allMatch(TwoPhaseCoordinator.Prepared::ok)) {
            store.update(key, r -> r.setDecision(Decision.COMMIT));
            var done = coordinator.commit(participants, prefix);
            return store.update(key, r -> {
                r.setState(CoAllocationState.Cancelled);
                r.setReason("cancelled by " + caller.name());
                r.setOutcomesJson(store.write(done.stream().map(TwoPhaseCoordinator.Prepared::outcome).toList()));
            });
        }
        coordinator.abort(prepared.stream().filter(TwoPhaseCoordinator.Prepared::ok).map(TwoPhaseCoordinator.Prepared::outcome).toList(), prefix);
        String why = reasons(prepared);
        throw DojiException.unavailable("CANCEL_REFUSED", "cancel refused, the co-allocation is unchanged: " + why);
    }

    public void destroy(Caller caller, String key) {
        CoAllocation c = get(caller, key);
        if (!c.state().isFinal()) {
            throw DojiException.illegalTransition(c.state().name(), "Destroy");
        }
        store.delete(key);
    }

    /** Moves reserved co-allocations to Active and Completed as their window passes. */
    public void tick() {
        Instant now = clock.instant();
        // only those whose window has begun: reading every future booking each tick grew with the bookings
        for (CoAllocation c : store.startedBy(EnumSet.of(CoAllocationState.Reserved, CoAllocationState.Active), now)) {
            if (c.plan() == null) {
                continue;
            }
            if (!now.isBefore(c.plan().window().end())) {
                store.update(c.key(), r -> r.setState(CoAllocationState.Completed));
            } else if (c.state() == CoAllocationState.Reserved && !now.isBefore(c.plan().window().start())) {
                store.update(c.key(), r -> r.setState(CoAllocationState.Active));
            }
        }
    }

    /**
     * Re-drives commits that some RM has not acknowledged yet (it was down, or the GRC restarted). An RM that
     * definitely refuses the commit (its hold expired meanwhile) leaves a partial co-allocation: the parts that
     * were committed are cancelled and the co-allocation fails with the reason, so nothing stays half-booked.
     */
    public void redrive() {
        for (CoAllocation c : store.inStates(EnumSet.of(CoAllocationState.Reserved, CoAllocationState.Active))) {
            if (c.decision() != Decision.COMMIT) {
                continue;
            }
            List<RmOutcome> open = c.outcomes().stream().filter(o -> o.reservationKey() != null
                    && o.reservationState() == org.doji.rm.model.ReservationState.ReserveHeld).toList();
            if (open.isEmpty()) {
                continue;
            }
            MDC.put("coAllocation", c.key());
            synchronized (changeLock(c.key())) {
                try {
                    var done = coordinator.commit(open, c.key() + ":" + c.attempt());
                    List<RmOutcome> all = new ArrayList<>(c.outcomes());
                    done.stream().filter(TwoPhaseCoordinator.Prepared::ok).forEach(d ->
                            all.replaceAll(o -> o.rmId().equals(d.rmId()) ? d.outcome() : o));
                    var refused = done.stream().filter(TwoPhaseCoordinator.Prepared::definitelyRefused).toList();
                    if (refused.isEmpty()) {
                        boolean complete = done.stream().allMatch(TwoPhaseCoordinator.Prepared::ok);
                        store.update(c.key(), r -> {
                            r.setOutcomesJson(store.write(all));
                            r.setReason(complete ? null : "some RMs have not acknowledged the commit yet; it is re-driven");
                        });
                        continue;
                    }
                    String why = reasons(refused);
                    log.warn("commit refused after the decision ({}); cancelling the committed parts", why);
                    List<RmOutcome> committed = all.stream().filter(o -> o.reservationKey() != null
                            && o.reservationState() == org.doji.rm.model.ReservationState.ReserveStart).toList();
                    String prefix = c.key() + ":compensate:" + c.attempt();
                    coordinator.prepareCancel(committed, prefix);
                    coordinator.commit(committed, prefix);
                    store.update(c.key(), r -> {
                        r.setState(CoAllocationState.Failed);
                        r.setReason("an RM refused the decided commit, the other parts were cancelled: " + why);
                    });
                    meters.counter("doji.grc.coallocations", "outcome", "Failed").increment();
                } finally {
                    MDC.remove("coAllocation");
                }
            }
        }
    }

    /**
     * After a restart: re-drive every decided transaction and abort every undecided one (presumed abort),
     * then plan again what was interrupted before a decision.
     */
    public void recover() {
        for (String key : store.withPendingModification()) {
            MDC.put("coAllocation", key);
            try {
                store.pendingModification(key).ifPresent(m -> modifier.recover(key, m));
            } catch (RuntimeException e) {
                log.error("recovery of a modification failed; it is retried at the next start", e);
            } finally {
                MDC.remove("coAllocation");
            }
        }
        for (CoAllocation c : store.inStates(EnumSet.of(CoAllocationState.Planning, CoAllocationState.Reserving))) {
            MDC.put("coAllocation", c.key());
            try {
                if (c.state() == CoAllocationState.Reserving && c.decision() == Decision.COMMIT) {
                    log.info("recovery: re-driving the commit of attempt {}", c.attempt());
                    var committed = coordinator.commit(c.outcomes(), c.key() + ":" + c.attempt());
                    store.update(c.key(), r -> {
                        r.setOutcomesJson(store.write(committed.stream().map(TwoPhaseCoordinator.Prepared::outcome).toList()));
                        r.setState(CoAllocationState.Reserved);
                    });
                    continue;
                }
                if (c.state() == CoAllocationState.Reserving) {
                    log.info("recovery: attempt {} was not decided; aborting it everywhere (presumed abort)", c.attempt());
                    presumedAbort(c);
                    store.update(c.key(), r -> {
                        r.setDecision(Decision.ABORT);
                        r.setState(CoAllocationState.Planning);
                    });
                }
                intake.submit(c.key());
            } finally {
                MDC.remove("coAllocation");
            }
        }
    }

    /** Aborts every participant of the interrupted attempt, learning unknown keys by replaying the idempotent prepare. */
    private void presumedAbort(CoAllocation c) {
        String prefix = c.key() + ":" + c.attempt();
        var specs = c.plan() == null ? Map.<String, org.doji.rm.model.ReservationSpec>of()
                : PlanSpecs.perRm(c.plan(), c.request(), c.owner(), c.key());
        List<RmOutcome> known = new ArrayList<>();
        java.util.Set<String> withKey = new java.util.HashSet<>();
        c.outcomes().stream().filter(o -> o.reservationKey() != null).forEach(o -> {
            known.add(o);
            withKey.add(o.rmId());
        });
        // every participant of the plan whose key is not stored: the same correlation id and payload returns the
        // original hold if the prepare arrived (and holds nothing new for long: it is aborted right away)
        specs.forEach((rmId, spec) -> {
            if (!withKey.contains(rmId)) {
                coordinator.prepare(Map.of(rmId, spec), prefix).stream()
                        .filter(TwoPhaseCoordinator.Prepared::ok).map(TwoPhaseCoordinator.Prepared::outcome).forEach(known::add);
            }
        });
        coordinator.abort(known, prefix);
    }

    /** Reserves one planned co-allocation of a batch (runs on a worker thread). */
    private void proceed(CoAllocation c, PlanningOutcome outcome, RuntimeException error) {
        MDC.put("coAllocation", c.key());
        try {
            if (error != null) {
                failed(c.key(), error);
                return;
            }
            reserveBest(c, outcome);
        } catch (RuntimeException e) {
            failed(c.key(), e);
        } finally {
            MDC.remove("coAllocation");
        }
    }

    /** Tries the ranked plans in order, up to maxPlans; Failed with every reason when none could be reserved. */
    private void reserveBest(CoAllocation c, PlanningOutcome outcome) {
        List<String> failures = new ArrayList<>();
        outcome.infeasible().forEach(i -> failures.add("slot " + i.slot() + " (" + i.start() + "): " + i.reason()));
        outcome.unreachableRms().forEach(rm -> failures.add("RM " + rm + " did not answer"));
        int tried = 0;
        int attempt = c.attempt();
        for (CoPlan plan : outcome.ranked()) {
            if (tried++ >= maxPlans) {
                break;
            }
            if (reserve(c, plan, ++attempt, failures)) {
                return;
            }
        }
        String reason = outcome.ranked().isEmpty() ? "no feasible plan: " + String.join("; ", failures)
                : "no plan could be reserved: " + String.join("; ", failures);
        store.update(c.key(), r -> {
            r.setState(CoAllocationState.Failed);
            r.setReason(reason);
        });
        meters.counter("doji.grc.coallocations", "outcome", "Failed").increment();
        log.info("co-allocation failed: {}", reason);
        listener.settled(c.key(), CoAllocationState.Failed);
    }

    private void failed(String key, RuntimeException e) {
        log.error("co-allocation failed unexpectedly", e);
        store.update(key, r -> {
            r.setState(CoAllocationState.Failed);
            r.setReason("internal error: " + e.getMessage());
        });
        listener.settled(key, CoAllocationState.Failed);
    }

    private boolean reserve(CoAllocation c, CoPlan plan, int attempt, List<String> failures) {
        String prefix = c.key() + ":" + attempt;
        var specs = PlanSpecs.perRm(plan, c.request(), c.owner(), c.key());
        // the plan and its participants are durable (one transaction) before any prepare goes out, so a
        // restarted GRC can find and abort them
        List<RmOutcome> intended = specs.keySet().stream().map(rmId -> RmOutcome.refused(rmId,
                registry.get(rmId).map(RmRegistry.Entry::address).orElse(null), null, "prepare sent")).toList();
        store.update(c.key(), r -> {
            r.setState(CoAllocationState.Reserving);
            r.setAttempt(attempt);
            r.setDecision(Decision.NONE);
            r.setPlanJson(store.write(plan));
            r.setWindowStart(plan.window().start());
            r.setWindowEnd(plan.window().end());
            r.setCost(plan.cost());
            r.setOutcomesJson(store.write(intended));
        });
        listener.beforePrepare(c.key(), attempt);
        var prepared = coordinator.prepare(specs, prefix);
        listener.afterPrepare(c.key(), attempt);
        List<RmOutcome> outcomes = prepared.stream().map(TwoPhaseCoordinator.Prepared::outcome).toList();
        if (prepared.stream().allMatch(TwoPhaseCoordinator.Prepared::ok)) {
            store.update(c.key(), r -> {
                r.setDecision(Decision.COMMIT);
                r.setOutcomesJson(store.write(outcomes));
            });
            listener.afterDecision(c.key(), attempt, Decision.COMMIT);
            var committed = coordinator.commit(outcomes, prefix);
            boolean all = committed.stream().allMatch(TwoPhaseCoordinator.Prepared::ok);
            store.update(c.key(), r -> {
                r.setOutcomesJson(store.write(committed.stream().map(TwoPhaseCoordinator.Prepared::outcome).toList()));
                r.setState(CoAllocationState.Reserved);
                r.setReason(all ? null : "some RMs have not acknowledged the commit yet; it is re-driven");
            });
            meters.counter("doji.grc.coallocations", "outcome", "Reserved").increment();
            log.info("co-allocation reserved in slot {} at cost {}", plan.slot(), plan.cost());
            listener.settled(c.key(), CoAllocationState.Reserved);
            return true;
        }
        store.update(c.key(), r -> {
            r.setDecision(Decision.ABORT);
            r.setOutcomesJson(store.write(outcomes));
        });
        List<RmOutcome> toAbort = prepared.stream().filter(TwoPhaseCoordinator.Prepared::ok)
                .map(TwoPhaseCoordinator.Prepared::outcome).toList();
        coordinator.abort(toAbort, prefix);
        failures.add("plan " + attempt + " (slot " + plan.slot() + "): " + reasons(prepared));
        store.update(c.key(), r -> r.setOutcomesJson(store.write(outcomes)));
        return false;
    }

    private static String reasons(List<TwoPhaseCoordinator.Prepared> prepared) {
        return TwoPhaseCoordinator.reasons(prepared);
    }

    private PlanningOutcome planNow(CoRequest request, String user) {
        return planning.plan(request, user);
    }
}
