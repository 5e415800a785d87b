package org.doji.rm.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.doji.rm.api.DojiException;
import org.doji.rm.api.FaultKind;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationState;
import org.doji.rm.state.ReservationStateMachine.Decision;
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
}
