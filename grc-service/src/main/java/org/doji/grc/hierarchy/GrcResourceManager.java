package org.doji.grc.hierarchy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.doji.grc.core.CoAllocationStore;
import org.doji.grc.core.Modification.Operation;
import org.doji.grc.core.Modification.Step;
import org.doji.grc.core.RmRegistry;
import org.doji.grc.core.TwoPhaseCoordinator;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.persistence.DelegatedReservationRecord;
import org.doji.rm.api.Caller;
import org.doji.rm.api.DojiException;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.persistence.JsonCodec;
import org.doji.rm.state.ReservationStateMachine;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The GRC as an RM (DESIGN §1, §10): a parent coordinator reserves here exactly as at any RM, and this GRC
 * holds the parts at its child RMs with two-phase commit of its own. Prepare here = prepare at every child
 * concerned; commit and abort here = commit and abort there, with the same correlation ids on every retry.
 * States follow rm-core's NSI machines (one table, one guard); every change is stored before it is answered.
 */
public class GrcResourceManager implements ResourceManager {

    private static final Logger log = LoggerFactory.getLogger(GrcResourceManager.class);

    /** The change in progress: the child steps taken under one correlation prefix. */
    record Pending(String prefix, List<Step> steps) {
    }

    /** The child reservations a committed reservation consists of. */
    record Parts(List<RmOutcome> parts) {
    }

    private final String id;
    private final ChildResources children;
    private final TwoPhaseCoordinator coordinator;
    private final DelegatedReservations store;
    private final CoAllocationStore calls;
    private final Clock clock;
    private final Duration holdTimeout;
    private final JsonCodec json = new JsonCodec();
    private final Object[] locks = new Object[64];

    public GrcResourceManager(String id, RmRegistry registry, TwoPhaseCoordinator coordinator, DelegatedReservations store,
                              CoAllocationStore calls, java.util.concurrent.ExecutorService rmCalls, Duration rmTimeout,
                              Duration holdTimeout, Clock clock) {
        this.id = id;
        this.children = new ChildResources(id, registry, rmCalls, rmTimeout);
        this.coordinator = coordinator;
        this.store = store;
        this.calls = calls;
        this.clock = clock;
        this.holdTimeout = holdTimeout;
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new Object();
        }
    }

    @Override
    public ResourceInventory describe(Caller caller) {
        return children.describe();
    }

    @Override
    public List<SlotAvailability> availability(Caller caller, AvailabilityQuery query) {
        return children.availability(query);
    }

    @Override
    public ReservationView reserve(Caller caller, String correlationId, ReservationSpec spec, String consumer) {
        return idempotent(caller, correlationId, json.hash("reserve", spec), () -> {
            Instant now = clock.instant();
            if (!spec.window().end().isAfter(now)) {
                throw DojiException.invalidField("spec/window", "WINDOW_IN_PAST", "the window " + spec.window() + " has ended");
            }
            Map<String, ReservationSpec> parts = children.split(spec);
            String key = "r-" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
            return locked(key, () -> prepareReserve(caller, key, spec, parts, now));
        });
    }

    /** Under the key's lock, so the hold timer cannot release the reservation while its prepares are out. */
    private String prepareReserve(Caller caller, String key, ReservationSpec spec, Map<String, ReservationSpec> parts,
                                  Instant now) {
        {
            String prefix = key + ":reserve";
            List<Step> steps = new ArrayList<>();
            parts.forEach((rmId, part) -> steps.add(new Step(rmId, Operation.RESERVE, part,
                    RmOutcome.refused(rmId, null, null, "prepare sent"))));
            DelegatedReservationRecord r = new DelegatedReservationRecord(key, caller.name(), now);
            r.setSpecJson(json.write(spec));
            r.setPendingSpecJson(json.write(spec));
            r.setPendingChange(PendingChange.Reserve);
            r.setHoldExpires(now.plus(holdTimeout));
            r.setWindowStart(spec.window().start());
            r.setWindowEnd(spec.window().end());
            r.setParticipantsJson(json.write(new Parts(List.of())));
            r.setPendingJson(json.write(new Pending(prefix, steps)));
            r = store.save(r); // stored before any child is asked, so an undecided prepare can always be aborted
            var prepared = coordinator.prepareSteps(steps, prefix);
            if (!prepared.stream().allMatch(TwoPhaseCoordinator.Prepared::ok)) {
                coordinator.abortSteps(okSteps(steps, prepared), prefix);
                store.delete(key);
                throw DojiException.unavailable("RESERVE_REFUSED", reasons(prepared));
            }
            r.setPendingJson(json.write(new Pending(prefix, withOutcomes(steps, prepared))));
            store.save(r);
            return key;
        }
    }

    @Override
    public ReservationView commit(Caller caller, String key, String correlationId) {
        return idempotent(caller, correlationId, json.hash("commit", key), () -> locked(key, () -> {
            DelegatedReservationRecord r = owned(caller, key);
            ReservationState to = next(r, org.doji.rm.state.Operation.COMMIT);
            if (r.getPendingChange() == PendingChange.None) {
                return key; // a repeated commit
            }
            Pending p = json.read(r.getPendingJson(), Pending.class);
            List<RmOutcome> held = p.steps().stream().map(Step::participant).filter(o -> o.reservationKey() != null).toList();
            var done = coordinator.commit(held, p.prefix());
            if (done.stream().anyMatch(TwoPhaseCoordinator.Prepared::definitelyRefused)) {
                // a child gave its part up (e.g. its own hold timed out): the reservation cannot be completed
                coordinator.abortSteps(p.steps(), p.prefix());
                r.setLifecycleState(ReservationStateMachine.nextLifecycleState(r.getLifecycleState(), org.doji.rm.state.Operation.FAIL));
                r.setReason("commit failed at a child: " + reasons(done));
                settle(r, ReservationState.ReserveFailed, Decision.ABORTED);
                throw DojiException.unavailable("COMMIT_FAILED", r.getReason());
            }
            if (!done.stream().allMatch(TwoPhaseCoordinator.Prepared::ok)) {
                // decided but not acknowledged everywhere: the caller retries, the same child commits are sent again
                throw DojiException.unavailable("RM_UNREACHABLE", "commit not acknowledged yet: " + reasons(done));
            }
            if (r.getPendingChange() == PendingChange.Cancel) {
                r.setLifecycleState(ReservationStateMachine.nextLifecycleState(r.getLifecycleState(),
                        org.doji.rm.state.Operation.CANCEL));
            } else {
                List<String> cancelled = p.steps().stream().filter(s -> s.operation() == Operation.CANCEL).map(Step::rmId).toList();
                r.setParticipantsJson(json.write(new Parts(done.stream().map(TwoPhaseCoordinator.Prepared::outcome)
                        .filter(o -> !cancelled.contains(o.rmId())).toList())));
                ReservationSpec spec = json.read(r.getPendingSpecJson(), ReservationSpec.class);
                r.setSpecJson(r.getPendingSpecJson());
                r.setWindowStart(spec.window().start());
                r.setWindowEnd(spec.window().end());
            }
            settle(r, to, Decision.COMMITTED);
            return key;
        }));
    }

    @Override
    public ReservationView abort(Caller caller, String key, String correlationId) {
        return idempotent(caller, correlationId, json.hash("abort", key), () -> locked(key, () -> {
            DelegatedReservationRecord r = owned(caller, key);
            ReservationState to = next(r, org.doji.rm.state.Operation.ABORT);
            if (r.getPendingChange() == PendingChange.None && r.getReservationState() != ReservationState.ReserveTimeout) {
                return key; // safe without anything pending
            }
            release(r, to, org.doji.rm.state.Operation.ABORT);
            return key;
        }));
    }

    @Override
    public ReservationView modify(Caller caller, String key, String correlationId, ReservationSpec spec) {
        return idempotent(caller, correlationId, json.hash("modify", key, spec), () -> locked(key, () -> {
            DelegatedReservationRecord r = owned(caller, key);
            ReservationState to = next(r, org.doji.rm.state.Operation.MODIFY);
            Map<String, ReservationSpec> parts = children.split(spec);
            List<RmOutcome> old = json.read(r.getParticipantsJson(), Parts.class).parts();
            List<Step> steps = new ArrayList<>();
            parts.forEach((rmId, part) -> steps.add(old.stream().filter(o -> o.rmId().equals(rmId)).findFirst()
                    .map(o -> new Step(rmId, Operation.MODIFY, part, o))
                    .orElse(new Step(rmId, Operation.RESERVE, part, RmOutcome.refused(rmId, null, null, "prepare sent")))));
            old.stream().filter(o -> !parts.containsKey(o.rmId())).forEach(o -> steps.add(new Step(o.rmId(), Operation.CANCEL, null, o)));
            return prepareChange(r, to, PendingChange.Modify, spec, steps, key + ":modify:" + r.getVersion());
        }));
    }

    @Override
    public ReservationView cancel(Caller caller, String key, String correlationId) {
        return idempotent(caller, correlationId, json.hash("cancel", key), () -> locked(key, () -> {
            DelegatedReservationRecord r = owned(caller, key);
            ReservationState to = next(r, org.doji.rm.state.Operation.CANCEL);
            List<Step> steps = json.read(r.getParticipantsJson(), Parts.class).parts().stream()
                    .map(o -> new Step(o.rmId(), Operation.CANCEL, null, o)).toList();
            return prepareChange(r, to, PendingChange.Cancel, null, steps, key + ":cancel:" + r.getVersion());
        }));
    }

    @Override
    public ReservationView get(Caller caller, String key) {
        return view(owned(caller, key));
    }

    @Override
    public void destroy(Caller caller, String key) {
        locked(key, () -> {
            DelegatedReservationRecord r = owned(caller, key);
            if (r.getPendingChange() != PendingChange.None) {
                release(r, ReservationState.ReserveStart, org.doji.rm.state.Operation.ABORT);
            }
            for (RmOutcome o : json.read(r.getParticipantsJson(), Parts.class).parts()) {
                children.destroy(o);
            }
            store.delete(key);
            return key;
        });
    }

    @Override
    public Instant setTerminationTime(Caller caller, String key, Instant requested) {
        owned(caller, key);
        throw DojiException.invalid("TERMINATION_TIME_UNSUPPORTED",
                "reservations at a GRC are kept until destroyed; SetTerminationTime is not supported");
    }

    /** Expires holds past their timeout (aborting the children's parts) and moves lifecycles by time. */
    public void tick() {
        Instant now = clock.instant();
        for (DelegatedReservationRecord held : store.held()) {
            if (held.getHoldExpires() != null && !now.isBefore(held.getHoldExpires())) {
                locked(held.getKey(), () -> {
                    DelegatedReservationRecord r = store.find(held.getKey()).orElse(null);
                    if (r != null && r.getReservationState() == ReservationState.ReserveHeld) {
                        log.info("reservation {} held past its timeout: released", r.getKey());
                        release(r, ReservationState.ReserveTimeout, org.doji.rm.state.Operation.TIMEOUT);
                    }
                    return held.getKey();
                });
            }
        }
        for (DelegatedReservationRecord live : store.live()) {
            LifecycleState to = !now.isBefore(live.getWindowEnd()) ? LifecycleState.PassedEndTime
                    : !now.isBefore(live.getWindowStart()) ? LifecycleState.Active : live.getLifecycleState();
            if (to != live.getLifecycleState() && live.getPendingChange() == PendingChange.None) {
                locked(live.getKey(), () -> {
                    store.find(live.getKey()).ifPresent(r -> {
                        r.setLifecycleState(to);
                        store.save(r);
                    });
                    return live.getKey();
                });
            }
        }
    }

    private String prepareChange(DelegatedReservationRecord r, ReservationState to, PendingChange change, ReservationSpec spec,
                                 List<Step> steps, String prefix) {
        r.setReservationState(to);
        r.setPendingChange(change);
        r.setPendingSpecJson(spec == null ? null : json.write(spec));
        r.setHoldExpires(clock.instant().plus(holdTimeout));
        r.setPendingJson(json.write(new Pending(prefix, steps)));
        r = store.save(r);
        var prepared = coordinator.prepareSteps(steps, prefix);
        if (!prepared.stream().allMatch(TwoPhaseCoordinator.Prepared::ok)) {
            coordinator.abortSteps(okSteps(steps, prepared), prefix);
            DelegatedReservationRecord back = store.find(r.getKey()).orElseThrow();
            back.setReservationState(ReservationState.ReserveStart);
            back.setPendingChange(PendingChange.None);
            back.setPendingSpecJson(null);
            back.setPendingJson(null);
            back.setHoldExpires(null);
            store.save(back);
            throw DojiException.unavailable(change == PendingChange.Modify ? "MODIFY_REFUSED" : "CANCEL_REFUSED",
                    "the reservation is unchanged: " + reasons(prepared));
        }
        DelegatedReservationRecord now = store.find(r.getKey()).orElseThrow();
        now.setPendingJson(json.write(new Pending(prefix, withOutcomes(steps, prepared))));
        store.save(now);
        return r.getKey();
    }

    /** Aborts (or times out) the change in progress at every child and settles the record. */
    private void release(DelegatedReservationRecord r, ReservationState to, org.doji.rm.state.Operation op) {
        Pending p = r.getPendingJson() == null ? null : json.read(r.getPendingJson(), Pending.class);
        if (p != null) {
            coordinator.abortSteps(p.steps(), p.prefix());
        }
        if (r.getPendingChange() == PendingChange.Reserve) {
            r.setLifecycleState(ReservationStateMachine.nextLifecycleState(r.getLifecycleState(), op));
        }
        settle(r, to, op == org.doji.rm.state.Operation.ABORT ? Decision.ABORTED : r.getLastDecision());
    }

    private void settle(DelegatedReservationRecord r, ReservationState to, Decision decision) {
        r.setReservationState(to);
        r.setPendingChange(PendingChange.None);
        r.setPendingSpecJson(null);
        r.setPendingJson(null);
        r.setHoldExpires(null);
        r.setLastDecision(decision);
        store.save(r);
    }

    private ReservationState next(DelegatedReservationRecord r, org.doji.rm.state.Operation op) {
        return ReservationStateMachine.nextReservationState(r.getReservationState(), r.getPendingChange(),
                r.getLastDecision(), r.getLifecycleState(), op);
    }

    private DelegatedReservationRecord owned(Caller caller, String key) {
        DelegatedReservationRecord r = store.find(key).orElseThrow(() -> DojiException.unknown(key));
        if (!r.getOwner().equals(caller.name())) {
            throw DojiException.notAuthorized(caller.name() + " does not own reservation " + key);
        }
        return r;
    }

    /** Same correlation id and payload → the reservation as it is now; another payload → refused. */
    private ReservationView idempotent(Caller caller, String correlationId, String hash, Supplier<String> body) {
        if (correlationId == null || correlationId.isBlank()) {
            throw DojiException.invalidField("correlationId", "CORRELATION_ID_MISSING", "a correlation id is required");
        }
        String callId = "rm:" + caller.name() + ":" + correlationId;
        var previous = calls.call(callId);
        if (previous.isPresent()) {
            if (!previous.get().getPayloadHash().equals(hash)) {
                throw DojiException.invalidField("correlationId", "CORRELATION_ID_REUSED",
                        "correlation id " + correlationId + " was already used for another request");
            }
            return view(store.find(previous.get().getCoAllocationKey()).orElseThrow(
                    () -> DojiException.unknown(previous.get().getCoAllocationKey())));
        }
        String key = body.get();
        calls.recordCall(callId, hash, key);
        return view(store.find(key).orElseThrow(() -> DojiException.unknown(key)));
    }

    private String locked(String key, Supplier<String> body) {
        synchronized (locks[Math.floorMod(key.hashCode(), locks.length)]) {
            return body.get();
        }
    }

    private ReservationView view(DelegatedReservationRecord r) {
        List<RmOutcome> parts = json.read(r.getParticipantsJson(), Parts.class).parts();
        Pending p = r.getPendingJson() == null ? null : json.read(r.getPendingJson(), Pending.class);
        return new ReservationView(r.getKey(), id, r.getOwner(), r.getReservationState(), r.getLifecycleState(),
                r.getPendingChange(), json.read(r.getSpecJson(), ReservationSpec.class),
                r.getPendingChange() == PendingChange.Reserve ? null : ChildResources.merge(parts),
                r.getPendingSpecJson() == null ? null : json.read(r.getPendingSpecJson(), ReservationSpec.class),
                p == null || r.getPendingChange() == PendingChange.Cancel ? null : ChildResources.merge(p.steps().stream()
                        .filter(s -> s.operation() != Operation.CANCEL).map(Step::participant).toList()),
                r.getHoldExpires(), null, r.getVersion(), r.getCreated(), r.getUpdated(), r.getReason());
    }

    private static List<Step> withOutcomes(List<Step> steps, List<TwoPhaseCoordinator.Prepared> prepared) {
        List<Step> out = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            out.add(new Step(s.rmId(), s.operation(), s.spec(), prepared.get(i).outcome()));
        }
        return out;
    }

    private static List<Step> okSteps(List<Step> steps, List<TwoPhaseCoordinator.Prepared> prepared) {
        List<Step> out = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            if (prepared.get(i).ok()) {
                out.add(withOutcomes(List.of(steps.get(i)), List.of(prepared.get(i))).get(0));
            }
        }
        return out;
    }

    private static String reasons(List<TwoPhaseCoordinator.Prepared> prepared) {
        return TwoPhaseCoordinator.reasons(prepared);
    }

    static EnumSet<LifecycleState> liveStates() {
        return EnumSet.of(LifecycleState.Created, LifecycleState.Active);
    }
}
