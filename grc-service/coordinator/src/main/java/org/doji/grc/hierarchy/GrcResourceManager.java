package org.doji.grc.hierarchy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.doji.grc.model.DelegatedReservation;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.registry.RmRegistry;
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
import org.doji.rm.util.JsonCodec;
import org.doji.rm.util.TimeOrderedKeys;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The GRC as an RM (DESIGN §1, §10): a parent coordinator reserves here exactly as at any RM, and this GRC holds
 * the parts at its child RMs with a transaction of the one engine. Prepare here = phase one at every child
 * concerned (the transaction stays undecided: the parent decides); commit and abort here = the decision, stored
 * with this reservation's new state, then phase two at the children (driven to the end by the engine). A hold
 * the parent does not decide in time is aborted by the driver. States follow rm-core's NSI machines (one table,
 * one guard); every change is stored before it is answered. The rules every RM port applies to its calls (lock,
 * ledger, owner check, Destroy) are its {@link DelegatedHome}'s, as the kernel's are its home's.
 */
public class GrcResourceManager implements ResourceManager {

    private static final Logger log = LoggerFactory.getLogger(GrcResourceManager.class);

    private final String id;
    private final ChildResources children;
    private final InlineRun runner;
    private final TransactionEngine engine;
    private final DelegatedReservations store;
    private final DelegatedBookkeeping books;
    private final RmRegistry registry;
    private final Clock clock;
    private final TimeOrderedKeys keys;
    private final Duration holdTimeout;
    private final JsonCodec json = new JsonCodec();
    /** The parent's changes as transactions: prepared at the children, decided by the parent. */
    private final DelegatedTransactions transactions;
    /** The lock, ledger and save sequence of every call, the owner check, Destroy and SetTerminationTime. */
    private final DelegatedHome home;
    /** The GRC's call records keep no operation: every call at its RM port is recorded as a reservation call. */
    private static final String CALL = "reservation";

    /** Wired by {@link RmPortAssembly}. */
    GrcResourceManager(String id, RmRegistry registry, ChildResources children, InlineRun runner,
                       DelegatedReservations store, DelegatedBookkeeping books, DelegatedTransactions transactions,
                       DelegatedHome home, TimeOrderedKeys keys, Duration holdTimeout, Clock clock) {
        this.id = id;
        this.registry = registry;
        this.children = children;
        this.runner = runner;
        this.engine = runner.engine();
        this.store = store;
        this.books = books;
        this.clock = clock;
        this.keys = keys;
        this.holdTimeout = holdTimeout;
        this.transactions = transactions;
        this.home = home;
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
        return view(home.call(caller, correlationId, CALL, json.hash("reserve", spec), null, () -> {
            Instant now = clock.instant();
            // the time rule of every RM, so a parent learns at once what its children would refuse
            org.doji.rm.model.TimePolicy.DEFAULT.checkNew(spec.window().start(), spec.window().end(), now, "spec/window");
            Map<String, ReservationSpec> parts = children.split(spec);
            String key = keys.next();
            List<Participant> steps = new ArrayList<>();
            parts.forEach((rmId, part) -> steps.add(Participant.of(rmId, Step.RESERVE, part, null,
                    RmOutcome.intended(rmId, registry.address(rmId)))));
            return home.change(key, () -> {
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
                transactions.prepare(Transaction.begin(key + ":reserve", SubjectType.DELEGATED, key, Change.RESERVE, 0, steps,
                        null, expires, now), () -> store.create(key, caller.name(), now, held), "RESERVE_REFUSED",
                        () -> store.delete(key));
                return key;
            });
        }));
    }

    @Override
    public ReservationView commit(Caller caller, String key, String correlationId) {
        return view(home.call(caller, correlationId, CALL, json.hash("commit", key), key, () -> {
            DelegatedReservation r = home.owned(caller, key);
            if (r.getReservationState() == ReservationState.ReserveHeld && r.getHoldExpires() != null
                    && !clock.instant().isBefore(r.getHoldExpires())) {
                throw DojiException.illegalTransition("ReserveHeld (hold expired at " + r.getHoldExpires() + ")", "COMMIT");
            }
            ReservationStateMachine.Transition t = transition(r, Operation.COMMIT);
            if (t.noOp() || r.getPendingChange() == PendingChange.None) {
                return key; // a repeated commit, or the commit of a no-op cancel
            }
            ReservationState to = t.target();
            transactions.decide(key, Decision.COMMITTED, to, "committed by " + caller.name());
            return key;
        }));
    }

    @Override
    public ReservationView abort(Caller caller, String key, String correlationId) {
        return view(home.call(caller, correlationId, CALL, json.hash("abort", key), key, () -> {
            DelegatedReservation r = home.owned(caller, key);
            ReservationState to = next(r, Operation.ABORT);
            if (r.getPendingChange() == PendingChange.None) {
                if (r.getReservationState() == ReservationState.ReserveTimeout) {
                    store.update(key, rec -> rec.setReservationState(to)); // the timeout acknowledged (NSI)
                }
                return key; // safe without anything pending
            }
            transactions.decide(key, Decision.ABORTED, to, "aborted by " + caller.name());
            return key;
        }));
    }

    @Override
    public ReservationView modify(Caller caller, String key, String correlationId, ReservationSpec spec) {
        return view(home.call(caller, correlationId, CALL, json.hash("modify", key, spec), key, () -> {
            DelegatedReservation r = home.owned(caller, key);
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
        return view(home.call(caller, correlationId, CALL, json.hash("cancel", key), key, () -> {
            DelegatedReservation r = home.owned(caller, key);
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
        return books.view(home.owned(caller, key), transactions.pendingOf(key));
    }

    @Override
    public void destroy(Caller caller, String key) {
        home.destroy(caller, key);
    }

    @Override
    public Instant setTerminationTime(Caller caller, String key, Instant requested) {
        return home.setTerminationTime(caller, key, requested);
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
            home.change(key, () -> {
                if (transactions.inProgress(key)) {
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
                home.change(live.getKey(), () -> {
                    store.update(live.getKey(), r -> {
                        if (r.getPendingChange() == PendingChange.None && r.getLifecycleState() == live.getLifecycleState()) {
                            r.setLifecycleState(ReservationStateMachine.nextLifecycleState(r.getLifecycleState(), op));
                        }
                    });
                    return null;
                });
            }
        }
    }

    /** Prepares a change of an existing reservation at its children; on refusal the reservation is as it was. */
    private String change(DelegatedReservation r, ReservationState to, PendingChange pending, Change change,
                          ReservationSpec spec, List<Participant> steps, String refusal) {
        String key = r.getKey();
        if (transactions.inProgress(key)) {
            // the last change is still being completed at the children: the next one would run beside it, and the last
            // one's end would write its parts over the next one's (as at the user's port, one change at a time)
            throw DojiException.illegalTransition(r.getReservationState() + " (a change is still being completed at the"
                    + " children)", change.name());
        }
        Instant expires = clock.instant().plus(effectiveHold());
        Transaction t = Transaction.begin(key + ":" + change.name().toLowerCase() + ":" + r.getVersion(), SubjectType.DELEGATED,
                key, change, r.getVersion(), steps, null, expires, clock.instant());
        transactions.prepare(t, () -> store.update(key, rec -> {
            rec.setReservationState(to);
            rec.setPendingChange(pending);
            rec.setPendingSpecJson(spec == null ? null : json.write(spec));
            rec.setHoldExpires(expires);
        }), refusal, () -> store.update(key, books::restore));
        return key;
    }

    private ReservationState next(DelegatedReservation r, Operation op) {
        return transition(r, op).target();
    }

    private ReservationStateMachine.Transition transition(DelegatedReservation r, Operation op) {
        return ReservationStateMachine.transition(r.getReservationState(), r.getPendingChange(), r.getLastDecision(),
                r.getLifecycleState(), r.isDeadCancelAnswered(), op);
    }

    /** The reservation as it is now, with what its pending change holds: the answer to every call. */
    private ReservationView view(String key) {
        return books.view(store.find(key).orElseThrow(() -> DojiException.unknown(key)), transactions.pendingOf(key));
    }

    static EnumSet<LifecycleState> liveStates() {
        return EnumSet.of(LifecycleState.Created, LifecycleState.Active);
    }
}
