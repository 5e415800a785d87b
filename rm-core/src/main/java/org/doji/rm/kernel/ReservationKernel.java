package org.doji.rm.kernel;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.calendar.ReservationCalendar;
import org.doji.rm.fault.DojiException;
import org.doji.rm.ledger.CallLedger;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.RmStatus;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.spi.ResourceBackend;
import org.doji.rm.state.Operation;
import org.doji.rm.state.ReservationStateMachine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The RM kernel: two-phase reserve, modify and cancel over the reservation calendar, durable before
 * every answer, with the backend's actions after each durable change. One write lock serialises the
 * mutations (a calendar decision and its record must change together); reads share a read lock.
 */
public class ReservationKernel implements ResourceManager {

    private static final Logger log = LoggerFactory.getLogger(ReservationKernel.class);

    private final RmSettings settings;
    private final ResourceBackend backend;
    private final ReservationStore store;
    private final Clock clock;
    private final Notifier notifier;
    private final ReservationCalendar calendar;
    private final Allocator allocator;
    private final SpecValidator validator;
    private final AvailabilityReporter reporter;
    private final RouteRepair routeRepair;
    private final Map<String, Reservation> open = new LinkedHashMap<>();
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final TwoPhaseSteps steps;
    private final org.doji.rm.util.TimeOrderedKeys keys;
    /** The running mutation's undo information; only touched under the write lock. */
    private UndoScope scope;
    /** Forgets finished records and old answers; guarded by the write lock. */
    private final RecordRetention retention;

    public ReservationKernel(RmSettings settings, ResourceBackend backend, ReservationStore store, Clock clock,
                             Notifier notifier) {
        this(settings, backend, store, clock, notifier, org.doji.rm.util.Entropy.secure());
    }

    /** @param entropy the randomness of new reservation keys */
    public ReservationKernel(RmSettings settings, ResourceBackend backend, ReservationStore store, Clock clock,
                             Notifier notifier, org.doji.rm.util.Entropy entropy) {
        this.settings = settings;
        this.backend = backend;
        this.store = store;
        this.clock = clock;
        this.notifier = notifier;
        this.calendar = new ReservationCalendar(backend.inventory());
        this.allocator = new Allocator(calendar, backend);
        this.validator = new SpecValidator(settings);
        this.reporter = new AvailabilityReporter(settings, backend, calendar);
        this.routeRepair = new RouteRepair(calendar, backend);
        this.steps = new TwoPhaseSteps(calendar, backend);
        this.keys = new org.doji.rm.util.TimeOrderedKeys("r-", clock, entropy);
        this.retention = new RecordRetention(store, settings);
        recover();
    }

    /** Reloads every open reservation into the calendar and lets the backend reconcile. */
    private void recover() {
        List<Reservation> loaded = store.loadOpen();
        for (Reservation r : loaded) {
            calendar.apply(r.heldBookings(), 1);
            open.put(r.key(), r);
        }
        backend.reconcile(loaded.stream().filter(r -> r.spec != null).map(Reservation::context).toList());
        log.info("RM {} ({} backend) recovered {} open reservations", settings.rmId(), backend.name(), loaded.size());
    }

    public RmSettings settings() {
        return settings;
    }

    public Clock clock() {
        return clock;
    }

    @Override
    public ResourceInventory describe(Caller caller) {
        return reporter.describe();
    }

    /**
     * Open reservations counted by state (read lock), then the backend's status (outside the lock): its per-resource
     * properties only for an operator (or anyone while security is off).
     */
    @Override
    public RmStatus status(Caller caller) {
        Map<ReservationState, Long> byState = new java.util.EnumMap<>(ReservationState.class);
        Map<LifecycleState, Long> byLifecycle = new java.util.EnumMap<>(LifecycleState.class);
        read(() -> {
            for (Reservation r : open.values()) {
                byState.merge(r.record.getReservationState(), 1L, Long::sum);
                byLifecycle.merge(r.record.getLifecycleState(), 1L, Long::sum);
            }
            return null;
        });
        ResourceInventory d = reporter.describe();
        // what each resource inside does (internal links, nodes) is the operator's view; others see the totals.
        // Without security every caller is anonymous and sees it all, like the operators' HTTP pages.
        boolean inside = caller.operator() || Caller.ANONYMOUS.equals(caller);
        List<org.doji.rm.model.StatusProperty> properties = inside ? backend.status()
                : backend.status().stream().filter(p -> p.subject() == null).toList();
        return new RmStatus(settings.rmId(), d.kind(), d.domain(), backend.name(), now(), byState, byLifecycle,
                properties);
    }

    @Override
    public List<SlotAvailability> availability(Caller caller, AvailabilityQuery query) {
        // a coordinator (or the anonymous caller of an RM without security) asks for its end user; an
        // authenticated end user sees its own share and cannot borrow another user's
        boolean mayActForOthers = caller.coordinator() || Caller.ANONYMOUS.equals(caller);
        String user = query.onBehalfOf() != null && mayActForOthers ? query.onBehalfOf() : caller.name();
        return read(() -> reporter.availability(query.slots(), user, query.pathPolicy(), backend.liveState()));
    }

    @Override
    public ReservationView reserve(Caller caller, String correlationId, ReservationSpec spec, String consumer) {
        authorizeCoordinator(caller);
        // the consumer is where notifications go, not part of what is reserved: a coordinator that restarted on
        // another address replays its prepare with the same correlation id and must get the original answer
        String hash = store.json().hash("reserve", spec);
        return write(caller, correlationId, "reserve", hash, () -> {
            Instant now = now();
            validator.validate(spec, calendar, now, null);
            var allocation = allocator.allocate(spec, backend.liveState());
            var record = new org.doji.rm.persistence.ReservationRecord(keys.next(), caller.name(), now);
            Reservation r = new Reservation(record, store.json());
            r.pendingSpec = spec;
            r.pendingAllocation = allocation;
            record.setReservationState(ReservationState.ReserveHeld);
            record.setPendingChange(PendingChange.Reserve);
            record.setHoldExpires(now.plus(settings.holdTimeout()));
            record.setConsumer(consumer);
            record.setGlobalId(spec.globalId());
            scope.created(r);
            calendar.apply(r.pendingBookings(), 1);
            backend.onHold(r.pendingContext());
            // if the durable write fails after this, the backend must let go of the hold again
            var held = r.pendingContext();
            scope.compensateWith(() -> backend.onAbort(held));
            open.put(r.key(), r);
            log.info("held {} for {} until {}", r.key(), caller.name(), record.getHoldExpires());
            return r;
        });
    }

    @Override
    public ReservationView commit(Caller caller, String key, String correlationId) {
        return write(caller, correlationId, "commit", store.json().hash("commit", key), () -> {
            Reservation r = owned(caller, key);
            refuseIfHoldExpired(r, now());
            var t = transition(r, Operation.COMMIT);
            if (!t.noOp()) {
                steps.commit(r, t.target());
                finishIfFinal(r);
            }
            return r;
        });
    }

    @Override
    public ReservationView abort(Caller caller, String key, String correlationId) {
        return write(caller, correlationId, "abort", store.json().hash("abort", key), () -> {
            Reservation r = owned(caller, key);
            steps.abort(r, next(r, Operation.ABORT));
            finishIfFinal(r);
            return r;
        });
    }

    @Override
    public ReservationView modify(Caller caller, String key, String correlationId, ReservationSpec spec) {
        return write(caller, correlationId, "modify", store.json().hash("modify", key, spec), () -> {
            Reservation r = owned(caller, key);
            ReservationState target = next(r, Operation.MODIFY);
            Instant now = now();
            validator.validate(spec, calendar, now, r.spec == null ? null : r.spec.window().start());
            // allocate as if the old reservation were gone, then hold the union of old and new
            calendar.apply(r.committedBookings(), -1);
            var allocation = tryAllocate(spec, r);
            r.pendingSpec = spec;
            r.pendingAllocation = allocation;
            r.record.setPendingChange(PendingChange.Modify);
            r.record.setReservationState(target);
            r.record.setHoldExpires(now.plus(settings.holdTimeout()));
            calendar.apply(r.pendingBookings(), 1);
            return r;
        });
    }

    private org.doji.rm.model.Allocation tryAllocate(ReservationSpec spec, Reservation r) {
        try {
            return allocator.allocate(spec, backend.liveState());
        } finally {
            calendar.apply(r.committedBookings(), 1);
        }
    }

    @Override
    public ReservationView cancel(Caller caller, String key, String correlationId) {
        return write(caller, correlationId, "cancel", store.json().hash("cancel", key), () -> {
            Reservation r = owned(caller, key);
            var t = transition(r, Operation.CANCEL);
            if (t.noOp()) {
                // nothing left to release: remember it, so that the coordinator's commit of this cancel is a no-op too
                r.record.setDeadCancelAnswered(true);
                log.info("cancel of {} ({}/{}) answered as a no-op", key, r.record.getReservationState(),
                        r.record.getLifecycleState());
                return r;
            }
            r.record.setReservationState(t.target());
            r.record.setPendingChange(PendingChange.Cancel);
            r.record.setHoldExpires(now().plus(settings.holdTimeout()));
            return r;
        });
    }

    @Override
    public ReservationView get(Caller caller, String key) {
        return read(() -> ownedOrStored(caller, key).view(settings.rmId()));
    }

    @Override
    public void destroy(Caller caller, String key) {
        lock.writeLock().lock();
        UndoScope undo = begin();
        try {
            Reservation r = owned(caller, key);
            steps.destroy(r);
            open.remove(key);
            store.delete(key);
            undo.keep();
            log.info("destroyed {}", key);
        } catch (RuntimeException e) {
            undo.undo();
            throw e;
        } finally {
            scope = null;
            lock.writeLock().unlock();
        }
    }

    @Override
    public Instant setTerminationTime(Caller caller, String key, Instant requested) {
        lock.writeLock().lock();
        try {
            Reservation r = ownedOrStored(caller, key);
            if (requested != null && r.spec != null && requested.isBefore(r.spec.window().end())
                    && !r.record.getLifecycleState().isFinal()) {
                throw DojiException.invalidField("requestedTerminationTime", "TERMINATION_BEFORE_END",
                        "the record cannot be forgotten before the reservation ends at " + r.spec.window().end());
            }
            Instant before = r.record.getTerminationTime();
            r.record.setTerminationTime(requested);
            try {
                store.save(r, now());
                if (requested != null) {
                    retention.terminationTimeSet();
                }
            } catch (RuntimeException e) {
                r.record.setTerminationTime(before); // memory must not run ahead of the database
                throw e;
            }
            return requested;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Driver step: expire holds, start and end reservations whose (virtual) time has come, and forget
     * finished records whose termination time or retention has passed ({@link RecordRetention}). A step whose
     * durable write fails is undone and retried at the next tick.
     */
    public int tick() {
        Instant now = now();
        int acted = routeRepair.round(now, this);
        List<Reservation> due = openWhere(r -> steps.isDue(r, now));
        for (Reservation r : due) {
            // a reservation may have several due steps (e.g. start and end both passed while down)
            while (step(r, now, () -> steps.advance(r, now))) {
                acted++;
            }
        }
        collectGarbage(now);
        return acted;
    }

    /**
     * One driver step on an open reservation, under the write lock: {@code body} changes it and returns what its
     * coordinator is told (null: nothing to do). The change is durable before the coordinator is told; a step whose
     * durable write fails is undone and retried at the next tick. Returns whether a step was taken.
     */
    boolean step(Reservation r, Instant now, Supplier<String> body) {
        String message;
        lock.writeLock().lock();
        UndoScope undo = begin();
        try {
            MDC.put("reservation", r.key());
            if (open.get(r.key()) != r) {
                undo.keep();
                return false; // finished by a call since the list was made
            }
            undo.touch(r);
            message = body.get();
            if (message == null) {
                undo.keep();
                return false;
            }
            store.save(r, now);
            undo.keep();
            finishIfFinal(r);
        } catch (RuntimeException e) {
            undo.undo();
            log.error("driver step of {} failed; retrying at the next tick", r.key(), e);
            return false;
        } finally {
            scope = null;
            MDC.remove("reservation");
            lock.writeLock().unlock();
        }
        if (r.record.getConsumer() != null) {
            notifier.notify(r.record.getConsumer(), r.view(settings.rmId()), message);
        }
        return true;
    }

    <T> T underWriteLock(Supplier<T> mutation) {
        lock.writeLock().lock();
        try {
            return mutation.get();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** The open reservations that match, as of now (read lock). */
    List<Reservation> openWhere(java.util.function.Predicate<Reservation> filter) {
        return read(() -> open.values().stream().filter(filter).toList());
    }

    private void collectGarbage(Instant now) {
        underWriteLock(() -> {
            retention.collect(now);
            return null;
        });
    }

    /** Breaches of capacity at any breakpoint of any resource (empty when the calendar is sound). */
    public List<String> capacityViolations() {
        return read(calendar::capacityViolations);
    }

    /** The usage step function of every resource that has any breakpoint (for invariant checks). */
    public Map<String, java.util.NavigableMap<Instant, Long>> usageProfiles() {
        return read(calendar::profiles);
    }

    /** Open reservations (for invariant checks and operators). */
    public Collection<ReservationView> openReservations() {
        return read(() -> open.values().stream().map(r -> r.view(settings.rmId())).toList());
    }

    /** Booked usage of a resource at an instant (for invariant checks). */
    public long usageAt(String resourceId, Instant t) {
        return read(() -> calendar.usageAt(resourceId, t));
    }

    /** The target of abort or modify (the guard has no-ops for cancel and commit only). */
    private ReservationState next(Reservation r, Operation op) {
        return transition(r, op).target();
    }

    private ReservationStateMachine.Transition transition(Reservation r, Operation op) {
        return ReservationStateMachine.transition(r.record.getReservationState(), r.record.getPendingChange(),
                r.record.getLastDecision(), r.record.getLifecycleState(), r.record.isDeadCancelAnswered(), op);
    }

    private void finishIfFinal(Reservation r) {
        if (r.record.getLifecycleState().isFinal()) {
            open.remove(r.key());
        }
    }

    private void authorizeCoordinator(Caller caller) {
        if (!settings.coordinators().isEmpty() && !settings.coordinators().contains(caller.name())) {
            throw DojiException.notAuthorized(caller.name() + " is not a registered coordinator of " + settings.rmId());
        }
    }

    /** The caller's reservation, remembered by the running mutation so a failed write can undo it. */
    private Reservation owned(Caller caller, String key) {
        Reservation r = ownedOrStored(caller, key);
        if (scope != null) {
            scope.touch(r);
        }
        return r;
    }

    private UndoScope begin() {
        scope = new UndoScope(calendar, open);
        return scope;
    }

    /** A hold past its expiry is dead even if the driver has not run yet: commit must not revive it. */
    private void refuseIfHoldExpired(Reservation r, Instant now) {
        Instant expires = r.record.getHoldExpires();
        if (r.record.getReservationState() == ReservationState.ReserveHeld && expires != null
                && !now.isBefore(expires)) {
            throw DojiException.illegalTransition("ReserveHeld (hold expired at " + expires + ")", Operation.COMMIT.name());
        }
    }

    private Reservation ownedOrStored(Caller caller, String key) {
        Reservation r = open.get(key);
        if (r == null) {
            r = store.load(key).orElseThrow(() -> DojiException.unknown(key));
        }
        if (!r.record.getOwner().equals(caller.name())) {
            // the same answer as for a key that does not exist: another user learns nothing of it
            throw DojiException.unknown(key);
        }
        return r;
    }

    /** Runs a mutation under the write lock with correlation-id idempotency; durable before it returns. */
    private ReservationView write(Caller caller, String correlationId, String operation, String hash,
                                  Supplier<Reservation> mutation) {
        String callId = CallLedger.callId("", caller, correlationId);
        lock.writeLock().lock();
        UndoScope undo = begin();
        try {
            Optional<String> previous = store.calls().repeated(callId, correlationId, operation, hash);
            if (previous.isPresent()) {
                undo.keep();
                return store.decodeAnswer(previous.get());
            }
            Reservation r;
            try {
                r = mutation.get();
            } catch (DojiException refused) {
                if (CallLedger.recordable(refused)) {
                    // a repeat (a late copy of this call) is refused the same way, even if it could act by then
                    store.saveRefusal(callId, operation, hash, CallLedger.refusal(refused), now());
                }
                throw refused; // what the mutation changed in memory is taken back below
            }
            Instant now = now();
            r.record.setVersion(r.record.getVersion() + 1);
            r.record.setUpdated(now);
            ReservationView answer = r.view(settings.rmId());
            store.save(r, now, callId, operation, hash, answer);
            undo.keep();
            return answer;
        } catch (RuntimeException e) {
            // memory must not run ahead of the database: take back what the failed call changed
            undo.undo();
            throw e;
        } finally {
            scope = null;
            lock.writeLock().unlock();
        }
    }

    <T> T read(Supplier<T> reader) {
        lock.readLock().lock();
        try {
            return reader.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * The clock read at the precision the database keeps (microseconds): an answer must say exactly what a restarted
     * RM reads back, so times are truncated before they are stored or answered.
     */
    private Instant now() {
        return clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
    }
}
