package org.doji.rm.state;

import java.util.Optional;
import org.doji.common.TransitionTable;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;

/**
 * The two NSI state machines of an RM reservation, each as one transition table with one guard.
 *
 * <p>Reservation machine (two-phase reserve, modify and cancel): a new reservation is created directly in
 * ReserveHeld (checking happens synchronously inside reserve). Commit and abort finish whatever change is
 * pending. A hold that times out moves to ReserveTimeout with its resources released; only abort is
 * accepted then. Commit with nothing pending is a no-op only after a commit (idempotent retries); abort
 * with nothing pending is always a no-op (safe without a prior reserve).
 *
 * <p>A dead reservation (lifecycle PassedEndTime, Terminated or Failed: its initial hold was aborted or timed
 * out, it ended, or it was cancelled) has nothing left to release, so a cancel of it is answered as a no-op
 * with its current view rather than refused, and a later commit of that cancel is a no-op too: a coordinator
 * that cancels a co-allocation must not be stopped by a part that is already gone.
 *
 * <p>Lifecycle machine: Created -> Active (start) -> PassedEndTime (end); Created/Active -> Terminated on a
 * committed cancel or Destroy; an initial reservation whose hold is aborted or times out is Terminated
 * too; a backend failure makes it Failed.
 */
public final class ReservationStateMachine {

    /** Whether a change was last committed or aborted: decides if a repeated commit is a no-op. */
    public enum Decision { NONE, COMMITTED, ABORTED }

    /**
     * What the guard allows: move to {@code target}, or, when {@code noOp}, answer the current view and change
     * nothing (the target is then the current state).
     */
    public record Transition(ReservationState target, boolean noOp) {
    }

    private static final TransitionTable<ReservationState, Operation> RESERVATION =
            TransitionTable.builder(ReservationState.class, Operation.class)
                .on(ReservationState.ReserveStart, Operation.MODIFY, ReservationState.ReserveHeld)
                .on(ReservationState.ReserveStart, Operation.CANCEL, ReservationState.ReserveHeld)
                .on(ReservationState.ReserveStart, Operation.ABORT, ReservationState.ReserveStart)
                .on(ReservationState.ReserveStart, Operation.COMMIT, ReservationState.ReserveStart)
                .on(ReservationState.ReserveHeld, Operation.COMMIT, ReservationState.ReserveStart)
                .on(ReservationState.ReserveHeld, Operation.ABORT, ReservationState.ReserveStart)
                .on(ReservationState.ReserveHeld, Operation.TIMEOUT, ReservationState.ReserveTimeout)
                .on(ReservationState.ReserveTimeout, Operation.ABORT, ReservationState.ReserveStart)
                .on(ReservationState.ReserveTimeout, Operation.TIMEOUT, ReservationState.ReserveTimeout)
                .on(ReservationState.ReserveFailed, Operation.ABORT, ReservationState.ReserveStart)
                .build();

    private static final TransitionTable<LifecycleState, Operation> LIFECYCLE =
            TransitionTable.builder(LifecycleState.class, Operation.class)
                .on(LifecycleState.Created, Operation.START, LifecycleState.Active)
                .on(LifecycleState.Created, Operation.END, LifecycleState.PassedEndTime)
                .on(LifecycleState.Active, Operation.END, LifecycleState.PassedEndTime)
                .on(LifecycleState.Created, Operation.CANCEL, LifecycleState.Terminated)
                .on(LifecycleState.Active, Operation.CANCEL, LifecycleState.Terminated)
                .on(LifecycleState.Created, Operation.DESTROY, LifecycleState.Terminated)
                .on(LifecycleState.Active, Operation.DESTROY, LifecycleState.Terminated)
                .on(LifecycleState.PassedEndTime, Operation.DESTROY, LifecycleState.Terminated)
                .on(LifecycleState.Failed, Operation.DESTROY, LifecycleState.Terminated)
                .on(LifecycleState.Terminated, Operation.DESTROY, LifecycleState.Terminated)
                .on(LifecycleState.Created, Operation.ABORT, LifecycleState.Terminated)
                .on(LifecycleState.Created, Operation.TIMEOUT, LifecycleState.Terminated)
                .on(LifecycleState.Created, Operation.FAIL, LifecycleState.Failed)
                .on(LifecycleState.Active, Operation.FAIL, LifecycleState.Failed)
                .build();

    private ReservationStateMachine() {
    }

    /** Table lookup only (no guard); empty when the pair is not in the table. */
    public static Optional<ReservationState> reservationTarget(ReservationState from, Operation op) {
        return RESERVATION.target(from, op);
    }

    public static Optional<LifecycleState> lifecycleTarget(LifecycleState from, Operation op) {
        return LIFECYCLE.target(from, op);
    }

    /**
     * The one guard of the reservation machine: the table entry, plus the rules that depend on the rest of the
     * state (what is pending, the last decision, whether the lifecycle still allows changes, whether a cancel
     * of the dead reservation was already answered as a no-op).
     */
    public static Transition transition(ReservationState from, PendingChange pending, Decision lastDecision,
                                        LifecycleState lifecycle, boolean deadCancelAnswered, Operation op) {
        boolean dead = lifecycle.isFinal() && pending == PendingChange.None;
        if (dead && (op == Operation.CANCEL || op == Operation.COMMIT && deadCancelAnswered)) {
            return new Transition(from, true);
        }
        ReservationState to = reservationTarget(from, op)
                .orElseThrow(() -> DojiException.illegalTransition(from.name(), op.name()));
        boolean changeAllowed = lifecycle == LifecycleState.Created || lifecycle == LifecycleState.Active;
        boolean ok = switch (op) {
            case MODIFY, CANCEL -> changeAllowed && pending == PendingChange.None;
            case COMMIT -> from != ReservationState.ReserveStart || lastDecision == Decision.COMMITTED;
            default -> true;
        };
        if (!ok) {
            throw DojiException.illegalTransition(from.name() + "/" + lifecycle.name(), op.name());
        }
        return new Transition(to, false);
    }

    /**
     * The guard for callers that cannot answer a no-op (the GRC's RM port): the target of a real transition;
     * a no-op (a cancel of a dead reservation) is refused as before.
     */
    public static ReservationState nextReservationState(ReservationState from, PendingChange pending,
                                                        Decision lastDecision, LifecycleState lifecycle,
                                                        Operation op) {
        Transition t = transition(from, pending, lastDecision, lifecycle, false, op);
        if (t.noOp()) {
            throw DojiException.illegalTransition(from.name() + "/" + lifecycle.name(), op.name());
        }
        return t.target();
    }

    /** The one guard of the lifecycle machine. */
    public static LifecycleState nextLifecycleState(LifecycleState from, Operation op) {
        return lifecycleTarget(from, op).orElseThrow(() -> DojiException.illegalTransition(from.name(), op.name()));
    }
}
