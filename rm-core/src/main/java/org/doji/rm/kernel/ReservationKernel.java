package org.doji.rm.kernel;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.calendar.ReservationCalendar;
import org.doji.rm.fault.DojiException;
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
 * every answer, with the backend's actions after each durable change. Every call and driver step runs through its
 * {@link KernelHome} (one write lock, undo, call ledger, save); reads share a read lock.
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
    private final TwoPhaseSteps steps;
    private final org.doji.rm.util.TimeOrderedKeys keys;
    /** Forgets finished records and old answers; guarded by the write lock. */
    private final RecordRetention retention;
    /** The lock, undo, ledger and save of every change, the owner check, Destroy and SetTerminationTime. */
    private final KernelHome home;

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
        this.home = new KernelHome(settings.rmId(), store, calendar, open, steps, retention, clock);
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
        return home.call(caller, correlationId, "reserve", hash, null, () -> {
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
            UndoScope scope = home.scope();
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
        return home.call(caller, correlationId, "commit", store.json().hash("commit", key), key, () -> {
            Reservation r = home.touched(caller, key);
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
        return home.call(caller, correlationId, "abort", store.json().hash("abort", key), key, () -> {
            Reservation r = home.touched(caller, key);
            steps.abort(r, next(r, Operation.ABORT));
            finishIfFinal(r);
            return r;
        });
    }

    @Override
    public ReservationView modify(Caller caller, String key, String correlationId, ReservationSpec spec) {
        return home.call(caller, correlationId, "modify", store.json().hash("modify", key, spec), key, () -> {
            Reservation r = home.touched(caller, key);
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
        return home.call(caller, correlationId, "cancel", store.json().hash("cancel", key), key, () -> {
            Reservation r = home.touched(caller, key);
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
        return read(() -> home.owned(caller, key).view(settings.rmId()));
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
        MDC.put("reservation", r.key());
        try {
            message = home.change(r.key(), () -> {
                if (open.get(r.key()) != r) {
                    return null; // finished by a call since the list was made
                }
                home.scope().touch(r);
                String told = body.get();
                if (told != null) {
                    store.save(r, now);
                    finishIfFinal(r);
                }
                return told;
            });
        } catch (RuntimeException e) {
            log.error("driver step of {} failed; retrying at the next tick", r.key(), e);
            return false;
        } finally {
            MDC.remove("reservation");
        }
        if (message == null) {
            return false;
        }
        if (r.record.getConsumer() != null) {
            notifier.notify(r.record.getConsumer(), r.view(settings.rmId()), message);
        }
        return true;
    }

    <T> T underWriteLock(Supplier<T> mutation) {
        return home.underWriteLock(mutation);
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

    /** A hold past its expiry is dead even if the driver has not run yet: commit must not revive it. */
    private void refuseIfHoldExpired(Reservation r, Instant now) {
        Instant expires = r.record.getHoldExpires();
        if (r.record.getReservationState() == ReservationState.ReserveHeld && expires != null
                && !now.isBefore(expires)) {
            throw DojiException.illegalTransition("ReserveHeld (hold expired at " + expires + ")", Operation.COMMIT.name());
        }
    }

    <T> T read(Supplier<T> reader) {
        return home.read(reader);
    }

    private Instant now() {
        return home.now();
    }
}
