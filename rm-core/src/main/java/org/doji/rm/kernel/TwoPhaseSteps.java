package org.doji.rm.kernel;

import java.time.Instant;
import org.doji.rm.calendar.ReservationCalendar;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.spi.ResourceBackend;
import org.doji.rm.state.Operation;
import org.doji.rm.state.ReservationStateMachine;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What commit, abort, timeout, start, end and destroy do to one reservation: calendar, states and backend
 * actions. Callers hold the kernel's write lock and persist the reservation afterwards.
 */
final class TwoPhaseSteps {

    private static final Logger log = LoggerFactory.getLogger(TwoPhaseSteps.class);

    private final ReservationCalendar calendar;
    private final ResourceBackend backend;

    TwoPhaseSteps(ReservationCalendar calendar, ResourceBackend backend) {
        this.calendar = calendar;
        this.backend = backend;
    }

    void commit(Reservation r, ReservationState target) {
        switch (r.record.getPendingChange()) {
            case Reserve -> {
                r.spec = r.pendingSpec;
                r.allocation = backend.onCommit(r.pendingContext());
            }
            case Modify -> {
                ReservationContext before = r.context();
                calendar.apply(r.pendingBookings(), -1);
                calendar.apply(r.committedBookings(), -1);
                r.spec = r.pendingSpec;
                r.allocation = r.pendingAllocation;
                calendar.apply(r.committedBookings(), 1);
                r.allocation = backend.onModify(before, r.context());
            }
            case Cancel -> {
                LifecycleState before = r.record.getLifecycleState();
                calendar.apply(r.committedBookings(), -1);
                r.record.setLifecycleState(ReservationStateMachine.nextLifecycleState(before, Operation.CANCEL));
                backend.onCancel(new ReservationContext(r.key(), r.record.getOwner(), r.context().users(), r.spec,
                        r.allocation, before));
            }
            case None -> {
                return; // a repeated commit: nothing left to do
            }
        }
        clearPending(r, target, Decision.COMMITTED);
    }

    void abort(Reservation r, ReservationState target) {
        ReservationState from = r.record.getReservationState();
        if (from == ReservationState.ReserveHeld) {
            calendar.apply(r.pendingBookings(), -1);
            if (r.record.getPendingChange() == PendingChange.Reserve) {
                backend.onAbort(r.pendingContext());
                r.record.setLifecycleState(ReservationStateMachine.nextLifecycleState(LifecycleState.Created, Operation.ABORT));
                r.record.setReason("aborted before commit");
            } else if (r.record.getPendingChange() == PendingChange.Modify) {
                backend.onAbort(r.pendingContext());
            }
        }
        if (r.record.getPendingChange() != PendingChange.None || from != ReservationState.ReserveStart) {
            clearPending(r, target, Decision.ABORTED);
        }
    }

    /** Hold timeout: release what the pending change holds and tell nobody but the log (the kernel notifies). */
    private void timeout(Reservation r) {
        ReservationState target = ReservationStateMachine.nextReservationState(r.record.getReservationState(),
                r.record.getPendingChange(), r.record.getLastDecision(), r.record.getLifecycleState(), Operation.TIMEOUT);
        calendar.apply(r.pendingBookings(), -1);
        if (r.record.getPendingChange() != PendingChange.Cancel) {
            backend.onAbort(r.pendingContext());
        }
        if (r.record.getPendingChange() == PendingChange.Reserve) {
            r.record.setLifecycleState(ReservationStateMachine.nextLifecycleState(LifecycleState.Created, Operation.TIMEOUT));
        }
        r.record.setReason("hold of " + r.record.getPendingChange() + " timed out at " + r.record.getHoldExpires());
        r.pendingSpec = null;
        r.pendingAllocation = null;
        r.record.setPendingChange(PendingChange.None);
        r.record.setReservationState(target);
        r.record.setLastDecision(Decision.ABORTED);
        r.record.setHoldExpires(null);
    }

    boolean isDue(Reservation r, Instant now) {
        return nextAction(r, now) != null;
    }

    private String nextAction(Reservation r, Instant now) {
        if (r.record.getReservationState() == ReservationState.ReserveHeld && r.record.getHoldExpires() != null
                && !now.isBefore(r.record.getHoldExpires())) {
            return "timeout";
        }
        if (r.spec == null) {
            return null;
        }
        LifecycleState life = r.record.getLifecycleState();
        // a pending modify or cancel is settled (commit, abort or hold timeout) before the end is driven
        boolean changing = r.record.getPendingChange() == PendingChange.Modify
                || r.record.getPendingChange() == PendingChange.Cancel;
        if (!changing && (life == LifecycleState.Created || life == LifecycleState.Active)
                && !now.isBefore(r.spec.window().end())) {
            return "end";
        }
        if (life == LifecycleState.Created && !now.isBefore(r.spec.window().start())) {
            return "start";
        }
        return null;
    }

    /** Performs the due action; returns a message for the coordinator, or null if nothing was due. */
    String advance(Reservation r, Instant now) {
        String action = nextAction(r, now);
        if (action == null) {
            return null;
        }
        switch (action) {
            case "timeout" -> timeout(r);
            case "start" -> {
                r.record.setLifecycleState(ReservationStateMachine.nextLifecycleState(r.record.getLifecycleState(), Operation.START));
                backend.onStart(r.context());
            }
            default -> {
                LifecycleState before = r.record.getLifecycleState();
                var booked = r.committedBookings();
                r.record.setLifecycleState(ReservationStateMachine.nextLifecycleState(before, Operation.END));
                // the past is not bookable: release it, so the calendar is exactly what a restart reloads
                calendar.apply(booked, -1);
                // also when it never started (its start fell into a time the RM was down): whatever the
                // commit set up (a queue, an AR) must go
                backend.onEnd(r.context());
            }
        }
        log.info("reservation {}: {} -> {}/{}", r.key(), action, r.record.getReservationState(), r.record.getLifecycleState());
        return action;
    }

    /** One-phase release of everything (WS-ResourceLifetime Destroy). */
    void destroy(Reservation r) {
        calendar.apply(r.heldBookings(), -1);
        LifecycleState before = r.record.getLifecycleState();
        if (r.record.getPendingChange() == PendingChange.Reserve || r.record.getPendingChange() == PendingChange.Modify) {
            backend.onAbort(r.pendingContext());
        }
        if (r.spec != null && (before == LifecycleState.Created || before == LifecycleState.Active)) {
            backend.onCancel(r.context());
        }
        r.record.setLifecycleState(ReservationStateMachine.nextLifecycleState(before, Operation.DESTROY));
    }

    private void clearPending(Reservation r, ReservationState target, Decision decision) {
        r.pendingSpec = null;
        r.pendingAllocation = null;
        r.record.setPendingChange(PendingChange.None);
        r.record.setReservationState(target);
        r.record.setLastDecision(decision);
        r.record.setHoldExpires(null);
    }
}
