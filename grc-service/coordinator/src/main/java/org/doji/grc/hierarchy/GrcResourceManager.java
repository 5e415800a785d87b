package org.doji.grc.hierarchy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.doji.grc.model.DelegatedReservation;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Answer;
import org.doji.grc.tx.Change;
import org.doji.grc.tx.InlineRun;
import org.doji.grc.tx.Participant;
import org.doji.grc.tx.Step;
import org.doji.grc.tx.SubjectType;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionEngine;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.ledger.CallLedger;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.state.Operation;
import org.doji.rm.state.ReservationStateMachine;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.doji.grc.tx.ReplicaLocks;
import org.doji.rm.util.JsonCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The GRC as an RM (DESIGN §1, §10): a parent coordinator reserves here exactly as at any RM, and this GRC holds
 * the parts at its child RMs with a transaction of the one engine. Prepare here = phase one at every child
 * concerned (the transaction stays undecided: the parent decides); commit and abort here = the decision, stored
 * with this reservation's new state, then phase two at the children (driven to the end by the engine). A hold
 * the parent does not decide in time is aborted by the driver. States follow rm-core's NSI machines (one table,
 * one guard); every change is stored before it is answered.
 */
public class GrcResourceManager implements ResourceManager {

    private static final Logger log = LoggerFactory.getLogger(GrcResourceManager.class);

    private final String id;
    private final ChildResources children;
    private final InlineRun runner;
    private final TransactionEngine engine;
    private final DelegatedReservations store;
    private final DelegatedBookkeeping books;
    private final CoAllocationStore calls;
    private final RmRegistry registry;
    private final Clock clock;
    private final org.doji.rm.util.TimeOrderedKeys keys;
    private final Duration holdTimeout;
    private final JsonCodec json = new JsonCodec();
    /** Serialises the calls on one reservation ("rm:" + key) and the copies of one call, across the replicas. */
    private final ReplicaLocks locks;

    public GrcResourceManager(String id, RmRegistry registry, InlineRun runner, DelegatedReservations store,
                              CoAllocationStore calls, java.util.concurrent.ExecutorService rmCalls, Duration rmTimeout,
                              Duration holdTimeout, Clock clock, Notifier notifier) {
        this(id, registry, runner, store, calls, rmCalls, rmTimeout, holdTimeout, clock, notifier,
                org.doji.rm.util.Entropy.secure());
    }

    /** @param entropy the randomness of new reservation keys */
    public GrcResourceManager(String id, RmRegistry registry, InlineRun runner, DelegatedReservations store,
                              CoAllocationStore calls, java.util.concurrent.ExecutorService rmCalls, Duration rmTimeout,
                              Duration holdTimeout, Clock clock, Notifier notifier, org.doji.rm.util.Entropy entropy) {
        this.id = id;
        this.registry = registry;
        this.children = new ChildResources(id, registry, rmCalls, rmTimeout);
        this.runner = runner;
        this.engine = runner.engine();
        this.locks = engine.locks();
        this.store = store;
        this.books = new DelegatedBookkeeping(id, store, clock, notifier);
        this.calls = calls;
        this.clock = clock;
        this.keys = new org.doji.rm.util.TimeOrderedKeys("r-", clock, entropy);
        this.holdTimeout = holdTimeout;
        engine.register(SubjectType.DELEGATED, books);
    }

    /**
     * How long this GRC holds a parent's prepared change: the configured hold timeout, but short enough that phase
     * two still reaches every child well inside the child's own hold.
     */
    Duration effectiveHold() {
        Duration hold = holdTimeout;
        for (RmRegistry.Entry child : registry.all()) {
            Duration h = registry.holdTimeout(child.id());
            Duration margin = h.dividedBy(4).compareTo(Duration.ofSeconds(10)) > 0 ? Duration.ofSeconds(10) : h.dividedBy(4);
            hold = h.minus(margin).compareTo(hold) < 0 ? h.minus(margin) : hold;
        }
        return hold;
    }

    @Override
    public ResourceInventory describe(Caller caller) {
        ResourceInventory d = children.describe();
        return new ResourceInventory(d.rmId(), d.kind(), d.domain(), d.backend(), d.sites(), d.endpoints(), d.paths(),
                d.countables(), effectiveHold());
    }

    @Override
    public List<SlotAvailability> availability(Caller caller, AvailabilityQuery query) {
        return children.availability(query);
    }

    @Override
    public ReservationView reserve(Caller caller, String correlationId, ReservationSpec spec, String consumer) {
        return idempotent(caller, correlationId, json.hash("reserve", spec), null, () -> {
            Instant now = clock.instant();
            // the time rule of every RM, so a parent learns at once what its children would refuse
            org.doji.rm.model.TimePolicy.DEFAULT.checkNew(spec.window().start(), spec.window().end(), now, "spec/window");
            Map<String, ReservationSpec> parts = children.split(spec);
            String key = keys.next();
            List<Participant> steps = new ArrayList<>();
            parts.forEach((rmId, part) -> steps.add(Participant.of(rmId, Step.RESERVE, part, null,
                    RmOutcome.intended(rmId, registry.address(rmId)))));
            return locks.withLock("rm:" + key, () -> {
                Instant expires = now.plus(effectiveHold());
                java.util.function.Consumer<DelegatedReservation> held = r -> {
                    r.setSpecJson(json.write(spec));
                    r.setPendingSpecJson(json.write(spec));
                    r.setPendingChange(PendingChange.Reserve);
                    r.setHoldExpires(expires);
                    r.setWindowStart(spec.window().start());
                    r.setWindowEnd(spec.window().end());
                    r.setParticipantsJson(json.write(new DelegatedBookkeeping.Parts(List.of())));
                    r.setConsumer(consumer);
                };
                prepare(Transaction.begin(key + ":reserve", SubjectType.DELEGATED, key, Change.RESERVE, 0, steps, null, expires,
                        now), () -> store.create(key, caller.name(), now, held), "RESERVE_REFUSED", () -> store.delete(key));
                return key;
            });
        });
    }

    @Override
    public ReservationView commit(Caller caller, String key, String correlationId) {
        return idempotent(caller, correlationId, json.hash("commit", key), key, () -> locks.withLock("rm:" + key, () -> {
            DelegatedReservation r = owned(caller, key);
            if (r.getReservationState() == ReservationState.ReserveHeld && r.getHoldExpires() != null
                    && !clock.instant().isBefore(r.getHoldExpires())) {
                throw DojiException.illegalTransition("ReserveHeld (hold expired at " + r.getHoldExpires() + ")", "COMMIT");
            }
            ReservationStateMachine.Transition t = transition(r, Operation.COMMIT);
            if (t.noOp() || r.getPendingChange() == PendingChange.None) {
                return key; // a repeated commit, or the commit of a no-op cancel
            }
            ReservationState to = t.target();
            decide(key, Decision.COMMITTED, to, "committed by " + caller.name());
            return key;
        }));
    }

    @Override
    public ReservationView abort(Caller caller, String key, String correlationId) {
        return idempotent(caller, correlationId, json.hash("abort", key), key, () -> locks.withLock("rm:" + key, () -> {
            DelegatedReservation r = owned(caller, key);
            ReservationState to = next(r, Operation.ABORT);
            if (r.getPendingChange() == PendingChange.None) {
                if (r.getReservationState() == ReservationState.ReserveTimeout) {
                    store.update(key, rec -> rec.setReservationState(to)); // the timeout acknowledged (NSI)
                }
                return key; // safe without anything pending
            }
            decide(key, Decision.ABORTED, to, "aborted by " + caller.name());
            return key;
        }));
    }

    @Override
    public ReservationView modify(Caller caller, String key, String correlationId, ReservationSpec spec) {
        return idempotent(caller, correlationId, json.hash("modify", key, spec), key, () -> locks.withLock("rm:" + key, () -> {
            DelegatedReservation r = owned(caller, key);
            ReservationState to = next(r, Operation.MODIFY);
            Map<String, ReservationSpec> parts = children.split(spec);
            List<RmOutcome> old = books.parts(r);
            List<Participant> steps = new ArrayList<>();
            parts.forEach((rmId, part) -> steps.add(old.stream().filter(o -> o.rmId().equals(rmId)).findFirst()
                    .map(o -> Participant.of(rmId, Step.MODIFY, part, o.reservationKey(), o))
                    .orElse(Participant.of(rmId, Step.RESERVE, part, null, RmOutcome.intended(rmId, registry.address(rmId))))));
            old.stream().filter(o -> !parts.containsKey(o.rmId()))
                    .forEach(o -> steps.add(Participant.cancelling(o)));
            return change(r, to, PendingChange.Modify, Change.MODIFY, spec, steps, "MODIFY_REFUSED");
        }));
    }

    @Override
    public ReservationView cancel(Caller caller, String key, String correlationId) {
        return idempotent(caller, correlationId, json.hash("cancel", key), key, () -> locks.withLock("rm:" + key, () -> {
            DelegatedReservation r = owned(caller, key);
            ReservationStateMachine.Transition t = transition(r, Operation.CANCEL);
            if (t.noOp()) {
                store.update(key, rec -> rec.setDeadCancelAnswered(true)); // nothing left to cancel, as at every RM
                return key;
            }
            ReservationState to = t.target();
            List<Participant> steps = Participant.cancellingHeld(books.parts(r));
            return change(r, to, PendingChange.Cancel, Change.CANCEL, null, steps, "CANCEL_REFUSED");
        }));
    }

    @Override
    public ReservationView get(Caller caller, String key) {
        return books.view(owned(caller, key), pendingOf(key));
    }

    @Override
    public void destroy(Caller caller, String key) {
        locks.withLock("rm:" + key, () -> {
            DelegatedReservation r = owned(caller, key);
            if (r.getPendingChange() != PendingChange.None) {
                decide(key, Decision.ABORTED, ReservationState.ReserveStart, "destroyed by " + caller.name());
            }
            for (RmOutcome o : books.parts(r)) {
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

    /**
     * A child failed its part {@code childKey} of a live reservation after the commit (a link down with no other
     * path): every child part is released (one RELEASE transaction, pushed by the driver until done), the reservation
     * is Failed, and its coordinator is told, which releases the rest of its co-allocation: never a partial booking.
     * The child is asked first (notifications are hints). Returns whether a reservation here holds that part.
     */
    public boolean partFailed(String childKey) {
        for (DelegatedReservation live : store.live()) {
            Optional<RmOutcome> part = books.parts(live).stream().filter(o -> childKey.equals(o.reservationKey())).findFirst();
            if (part.isEmpty()) {
                continue;
            }
            Answer now = engine.calls().get(part.get().rmId(), childKey);
            if (live.getPendingChange() != PendingChange.None || !now.ok()
                    || now.view().lifecycleState() != LifecycleState.Failed) {
                return true; // a change in progress meets the failed part itself; or the hint was wrong
            }
            String why = "the part at " + part.get().rmId() + " failed: " + now.view().reason();
            String key = live.getKey();
            Transaction t = Transaction.release(key + ":release:" + live.getVersion(), SubjectType.DELEGATED, key,
                    live.getVersion(), books.parts(live), null, why, clock.instant());
            locks.withLock("rm:" + key, () -> {
                if (!engine.log().ofSubject(key).isEmpty()) {
                    return null; // released already (an audit and a notification, or two copies of one, for one part)
                }
                log.warn("reservation {}: {}; releasing every child part", key, why);
                return engine.owning(t.id(), () -> engine.complete(engine.begin(t, () -> { }), runner.phaseTwoInline()));
            });
            return true;
        }
        return false;
    }

    /**
     * The poll behind the children's notifications (as {@link org.doji.grc.coallocation.PartAudit} for co-allocations): asks
     * the children about the parts of every live reservation here with no change in progress; a part found Failed is
     * released as {@link #partFailed} does. Returns how many were found.
     */
    public int auditParts() {
        java.util.Set<String> silent = new java.util.HashSet<>();
        int found = 0;
        for (DelegatedReservation live : store.live()) {
            if (live.getPendingChange() != PendingChange.None) {
                continue;
            }
            Optional<RmOutcome> failed = org.doji.grc.coallocation.PartAudit.failedPart(books.parts(live), engine.calls(), silent);
            if (failed.isPresent()) {
                log.warn("reservation {}: its part {} at {} is Failed and no notification of it arrived", live.getKey(),
                        failed.get().reservationKey(), failed.get().rmId());
                partFailed(failed.get().reservationKey());
                found++;
            }
        }
        return found;
    }

    /** Moves lifecycles by time through the lifecycle machine (holds that time out are the driver's). */
    public void tick() {
        Instant now = clock.instant();
        for (DelegatedReservation live : store.live()) {
            Operation op = !now.isBefore(live.getWindowEnd()) ? Operation.END
                    : !now.isBefore(live.getWindowStart()) && live.getLifecycleState() == LifecycleState.Created
                    ? Operation.START : null;
            if (op != null && live.getPendingChange() == PendingChange.None) {
                locks.withLock("rm:" + live.getKey(), () -> store.update(live.getKey(), r -> {
                    if (r.getPendingChange() == PendingChange.None && r.getLifecycleState() == live.getLifecycleState()) {
                        r.setLifecycleState(ReservationStateMachine.nextLifecycleState(r.getLifecycleState(), op));
                    }
                }));
            }
        }
    }

    /** Prepares a change of an existing reservation at its children; on refusal the reservation is as it was. */
    private String change(DelegatedReservation r, ReservationState to, PendingChange pending, Change change,
                          ReservationSpec spec, List<Participant> steps, String refusal) {
        String key = r.getKey();
        if (!engine.log().ofSubject(key).isEmpty()) {
            // the last change is still being completed at the children: the next one would run beside it, and the last
            // one's end would write its parts over the next one's (as at the user's port, one change at a time)
            throw DojiException.illegalTransition(r.getReservationState() + " (a change is still being completed at the"
                    + " children)", change.name());
        }
        Instant expires = clock.instant().plus(effectiveHold());
        Transaction t = Transaction.begin(key + ":" + change.name().toLowerCase() + ":" + r.getVersion(), SubjectType.DELEGATED,
                key, change, r.getVersion(), steps, null, expires, clock.instant());
        prepare(t, () -> store.update(key, rec -> {
            rec.setReservationState(to);
            rec.setPendingChange(pending);
            rec.setPendingSpecJson(spec == null ? null : json.write(spec));
            rec.setHoldExpires(expires);
        }), refusal, () -> store.update(key, books::restore));
        return key;
    }

    /**
     * Phase one of a parent's change at the children: stored first, then every child asked. All prepared: the
     * keys are stored and the transaction waits undecided for the parent. Any refusal: aborted at once
     * ({@code onRefusal} stored with the decision) and refused to the parent with every child's reason.
     */
    private void prepare(Transaction fresh, Runnable onBegin, String refusal, Runnable onRefusal) {
        engine.owning(fresh.id(), () -> {
            Transaction prepared = engine.prepare(engine.begin(fresh, onBegin));
            if (prepared.allPrepared()) {
                engine.remember(prepared);
                return null;
            }
            String why = InlineRun.refusals(prepared);
            Transaction aborted = engine.decide(prepared, Decision.ABORTED, why, onRefusal);
            engine.complete(aborted, runner.phaseTwoInline());
            throw DojiException.unavailable(refusal, "the reservation is unchanged: " + why);
        });
    }

    /** The parent's decision on the pending change, stored with this reservation's new state, then phase two. */
    private void decide(String key, Decision decision, ReservationState to, String why) {
        Transaction t = pendingOf(key).orElseThrow(() -> new IllegalStateException("no transaction pending for " + key));
        engine.owning(t.id(), () -> {
            Transaction current = engine.log().find(t.id()).orElseThrow();
            Transaction decided = engine.decide(current, decision, why, () -> store.update(key, r -> books.settle(r, current,
                    decision, to)));
            return engine.complete(decided, runner.phaseTwoInline());
        });
    }

    private Optional<Transaction> pendingOf(String key) {
        return engine.log().ofSubject(key).stream().filter(t -> !t.decided()).findFirst();
    }

    private ReservationState next(DelegatedReservation r, Operation op) {
        return transition(r, op).target();
    }

    private ReservationStateMachine.Transition transition(DelegatedReservation r, Operation op) {
        return ReservationStateMachine.transition(r.getReservationState(), r.getPendingChange(), r.getLastDecision(),
                r.getLifecycleState(), r.isDeadCancelAnswered(), op);
    }

    private DelegatedReservation owned(Caller caller, String key) {
        DelegatedReservation r = store.find(key).orElseThrow(() -> DojiException.unknown(key));
        if (!r.getOwner().equals(caller.name())) {
            // the same answer as for a key that does not exist: another user learns nothing of it
            throw DojiException.unknown(key);
        }
        return r;
    }

    /** Same correlation id and payload → the reservation as it is now; another payload → refused (one call ledger). */
    /**
     * @param subject the reservation the call changes: a refusal of such a call is recorded, so a late copy of it is
     *                refused the same way (a refused reserve has no reservation to keep it under; a late copy of it
     *                can only hold something that times out here)
     */
    private ReservationView idempotent(Caller caller, String correlationId, String hash, String subject,
                                       Supplier<String> body) {
        String callId = CallLedger.callId("rm", caller, correlationId);
        // two copies of one call (a duplicated message) wait for each other: the second gets the first's answer
        String key = locks.withLock("rm-call:" + callId, () -> calls.ledger()
                .repeated(callId, correlationId, "reservation", hash).orElseGet(() -> {
                    String made;
                    try {
                        made = body.get();
                    } catch (DojiException e) {
                        if (subject != null && CallLedger.recordable(e)) {
                            calls.recordRefusal(callId, hash, subject, e);
                        }
                        throw e;
                    }
                    calls.recordCall(callId, hash, made);
                    return made;
                }));
        return books.view(store.find(key).orElseThrow(() -> DojiException.unknown(key)), pendingOf(key));
    }

    static EnumSet<LifecycleState> liveStates() {
        return EnumSet.of(LifecycleState.Created, LifecycleState.Active);
    }
}
