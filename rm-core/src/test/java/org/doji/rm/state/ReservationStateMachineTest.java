package org.doji.rm.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.doji.rm.state.ReservationStateMachine.Transition;
import org.junit.jupiter.api.Test;

/** Every (state, operation) pair of both machines: the allowed ones and their targets, and the refusals. */
class ReservationStateMachineTest {

    private static final Map<ReservationState, Map<Operation, ReservationState>> RESERVATION = Map.of(
            ReservationState.ReserveStart, Map.of(Operation.MODIFY, ReservationState.ReserveHeld,
                    Operation.CANCEL, ReservationState.ReserveHeld, Operation.ABORT, ReservationState.ReserveStart,
                    Operation.COMMIT, ReservationState.ReserveStart),
            ReservationState.ReserveHeld, Map.of(Operation.COMMIT, ReservationState.ReserveStart,
                    Operation.ABORT, ReservationState.ReserveStart, Operation.TIMEOUT, ReservationState.ReserveTimeout),
            ReservationState.ReserveTimeout, Map.of(Operation.ABORT, ReservationState.ReserveStart,
                    Operation.TIMEOUT, ReservationState.ReserveTimeout),
            ReservationState.ReserveFailed, Map.of(Operation.ABORT, ReservationState.ReserveStart));

    private static final Map<LifecycleState, Map<Operation, LifecycleState>> LIFECYCLE = Map.of(
            LifecycleState.Created, Map.of(Operation.START, LifecycleState.Active, Operation.END, LifecycleState.PassedEndTime,
                    Operation.CANCEL, LifecycleState.Terminated, Operation.DESTROY, LifecycleState.Terminated,
                    Operation.ABORT, LifecycleState.Terminated, Operation.TIMEOUT, LifecycleState.Terminated,
                    Operation.FAIL, LifecycleState.Failed),
            LifecycleState.Active, Map.of(Operation.END, LifecycleState.PassedEndTime, Operation.CANCEL, LifecycleState.Terminated,
                    Operation.DESTROY, LifecycleState.Terminated, Operation.FAIL, LifecycleState.Failed),
            LifecycleState.PassedEndTime, Map.of(Operation.DESTROY, LifecycleState.Terminated),
            LifecycleState.Failed, Map.of(Operation.DESTROY, LifecycleState.Terminated),
            LifecycleState.Terminated, Map.of(Operation.DESTROY, LifecycleState.Terminated));

    @Test
    void everyReservationPairIsEitherInTheTableOrRefused() {
        for (ReservationState s : ReservationState.values()) {
            for (Operation op : Operation.values()) {
                ReservationState expected = RESERVATION.getOrDefault(s, Map.of()).get(op);
                assertThat(ReservationStateMachine.reservationTarget(s, op)).as(s + " x " + op)
                        .isEqualTo(java.util.Optional.ofNullable(expected));
                if (expected == null) {
                    assertThatThrownBy(() -> ReservationStateMachine.nextReservationState(s,
                            org.doji.rm.model.PendingChange.None, Decision.COMMITTED, LifecycleState.Created, op))
                            .as(s + " x " + op).isInstanceOfSatisfying(DojiException.class,
                                    e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
                }
            }
        }
    }

    @Test
    void everyLifecyclePairIsEitherInTheTableOrRefused() {
        for (LifecycleState s : LifecycleState.values()) {
            for (Operation op : Operation.values()) {
                LifecycleState expected = LIFECYCLE.getOrDefault(s, Map.of()).get(op);
                if (expected == null) {
                    assertThatThrownBy(() -> ReservationStateMachine.nextLifecycleState(s, op)).as(s + " x " + op)
                            .isInstanceOf(DojiException.class);
                } else {
                    assertThat(ReservationStateMachine.nextLifecycleState(s, op)).as(s + " x " + op).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void repeatedCommitIsANoOpOnlyAfterACommit() {
        assertThat(ReservationStateMachine.nextReservationState(ReservationState.ReserveStart,
                org.doji.rm.model.PendingChange.None, Decision.COMMITTED, LifecycleState.Created, Operation.COMMIT))
                .isEqualTo(ReservationState.ReserveStart);
        for (Decision d : EnumSet.of(Decision.NONE, Decision.ABORTED)) {
            assertThatThrownBy(() -> ReservationStateMachine.nextReservationState(ReservationState.ReserveStart,
                    org.doji.rm.model.PendingChange.None, d, LifecycleState.Terminated, Operation.COMMIT))
                    .isInstanceOf(DojiException.class);
        }
    }

    @Test
    void modifyAndCancelNeedALiveReservationWithNothingPending() {
        Set<LifecycleState> live = EnumSet.of(LifecycleState.Created, LifecycleState.Active);
        for (Operation op : EnumSet.of(Operation.MODIFY, Operation.CANCEL)) {
            for (LifecycleState life : LifecycleState.values()) {
                if (live.contains(life)) {
                    assertThat(ReservationStateMachine.nextReservationState(ReservationState.ReserveStart,
                            org.doji.rm.model.PendingChange.None, Decision.COMMITTED, life, op))
                            .isEqualTo(ReservationState.ReserveHeld);
                } else {
                    assertThatThrownBy(() -> ReservationStateMachine.nextReservationState(ReservationState.ReserveStart,
                            org.doji.rm.model.PendingChange.None, Decision.COMMITTED, life, op)).isInstanceOf(DojiException.class);
                }
            }
        }
    }

    private static final Set<LifecycleState> DEAD = EnumSet.of(LifecycleState.PassedEndTime, LifecycleState.Terminated,
            LifecycleState.Failed);

    /**
     * Every (state, operation) pair on a dead reservation, before and after a cancel of it was answered: cancel is
     * always a no-op, commit is a no-op once that cancel was answered, everything else is the live table and guard.
     */
    @Test
    void everyPairOnADeadReservation() {
        for (LifecycleState life : DEAD) {
            for (ReservationState s : ReservationState.values()) {
                for (Operation op : Operation.values()) {
                    for (Decision d : Decision.values()) {
                        for (boolean answered : new boolean[] {false, true}) {
                            String as = life + "/" + s + "/" + d + (answered ? "/cancel answered" : "") + " x " + op;
                            boolean noOp = op == Operation.CANCEL || op == Operation.COMMIT && answered;
                            ReservationState table = RESERVATION.getOrDefault(s, Map.of()).get(op);
                            boolean tableAllows = table != null && op != Operation.MODIFY
                                    && (op != Operation.COMMIT || s != ReservationState.ReserveStart || d == Decision.COMMITTED);
                            if (noOp) {
                                assertThat(transition(s, d, life, answered, op)).as(as).isEqualTo(new Transition(s, true));
                            } else if (tableAllows) {
                                assertThat(transition(s, d, life, answered, op)).as(as).isEqualTo(new Transition(table, false));
                            } else {
                                assertThatThrownBy(() -> transition(s, d, life, answered, op)).as(as)
                                        .isInstanceOfSatisfying(DojiException.class,
                                                e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
                            }
                        }
                    }
                }
            }
        }
    }

    /** On a live reservation the "cancel answered" flag changes nothing: every pair is the table and guard. */
    @Test
    void everyPairOnALiveReservationIgnoresTheDeadCancelFlag() {
        for (LifecycleState life : EnumSet.of(LifecycleState.Created, LifecycleState.Active)) {
            for (ReservationState s : ReservationState.values()) {
                for (Operation op : Operation.values()) {
                    for (Decision d : Decision.values()) {
                        String as = life + "/" + s + "/" + d + " x " + op;
                        ReservationState table = RESERVATION.getOrDefault(s, Map.of()).get(op);
                        boolean allowed = table != null
                                && (op != Operation.COMMIT || s != ReservationState.ReserveStart || d == Decision.COMMITTED);
                        for (boolean answered : new boolean[] {false, true}) {
                            if (allowed) {
                                assertThat(transition(s, d, life, answered, op)).as(as).isEqualTo(new Transition(table, false));
                            } else {
                                assertThatThrownBy(() -> transition(s, d, life, answered, op)).as(as)
                                        .isInstanceOf(DojiException.class);
                            }
                        }
                    }
                }
            }
        }
    }

    /** While a change is pending the reservation is not dead, whatever its lifecycle says: cancel is refused. */
    @Test
    void aPendingChangeIsNeverANoOp() {
        for (PendingChange p : EnumSet.of(PendingChange.Reserve, PendingChange.Modify, PendingChange.Cancel)) {
            for (LifecycleState life : LifecycleState.values()) {
                assertThatThrownBy(() -> ReservationStateMachine.transition(ReservationState.ReserveHeld, p,
                        Decision.COMMITTED, life, true, Operation.CANCEL)).as(p + "/" + life).isInstanceOf(DojiException.class);
            }
        }
    }

    /**
     * After a modify or cancel hold times out only abort is accepted (NSI); abort leads back to ReserveStart,
     * from which a new cancel or modify is accepted: the coordinator's abort-then-prepare-again path.
     */
    @Test
    void abortFromReserveTimeoutThenANewCancelOrModifyIsAccepted() {
        for (Operation op : EnumSet.of(Operation.MODIFY, Operation.CANCEL, Operation.COMMIT)) {
            assertThatThrownBy(() -> transition(ReservationState.ReserveTimeout, Decision.ABORTED, LifecycleState.Created,
                    false, op)).as(op.name()).isInstanceOf(DojiException.class);
        }
        Transition aborted = transition(ReservationState.ReserveTimeout, Decision.ABORTED, LifecycleState.Created, false,
                Operation.ABORT);
        assertThat(aborted).isEqualTo(new Transition(ReservationState.ReserveStart, false));
        for (Operation op : EnumSet.of(Operation.MODIFY, Operation.CANCEL)) {
            assertThat(transition(aborted.target(), Decision.ABORTED, LifecycleState.Created, false, op))
                    .isEqualTo(new Transition(ReservationState.ReserveHeld, false));
        }
    }

    /** The GRC's RM port still refuses what the kernel answers as a no-op. */
    @Test
    void theGuardWithoutNoOpsRefusesADeadCancel() {
        assertThatThrownBy(() -> ReservationStateMachine.nextReservationState(ReservationState.ReserveTimeout,
                PendingChange.None, Decision.ABORTED, LifecycleState.Terminated, Operation.CANCEL))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
    }

    private static Transition transition(ReservationState s, Decision d, LifecycleState life, boolean answered, Operation op) {
        return ReservationStateMachine.transition(s, PendingChange.None, d, life, answered, op);
    }
}
