package org.doji.rm.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.doji.rm.kernel.KernelFixture.CONSUMER;
import static org.doji.rm.kernel.KernelFixture.GRC;
import static org.doji.rm.kernel.KernelFixture.cores;
import static org.doji.rm.kernel.KernelFixture.id;
import static org.doji.rm.kernel.KernelFixture.window;

import java.time.Duration;
import java.util.List;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

/**
 * A cancel of a reservation that is already dead (initial hold aborted or timed out, ended, terminated) is an
 * idempotent no-op, and so is the commit of that cancel; a timed-out modify or cancel hold takes abort, then a
 * new change.
 */
class DeadReservationCancelTest {

    private final KernelFixture f = KernelFixture.site(4);
    private final TimeWindow w = window(60, 120);

    private ReservationView committed(int cores) {
        return f.kernel.commit(GRC, f.kernel.reserve(GRC, id(), cores(cores, w), CONSUMER).key(), id());
    }

    /** Cancel, then commit of it, answer the reservation's states unchanged and touch neither calendar nor backend. */
    private void cancelAndCommitAreNoOps(ReservationView dead) {
        int free = f.freeCores(w);
        List<String> actions = List.copyOf(f.backend.actions());
        String cancelId = id();
        ReservationView cancelled = f.kernel.cancel(GRC, dead.key(), cancelId);
        assertSameStates(cancelled, dead);
        assertThat(f.kernel.cancel(GRC, dead.key(), cancelId)).isEqualTo(cancelled); // a retry: the stored answer
        assertSameStates(f.kernel.commit(GRC, dead.key(), id()), dead);
        assertSameStates(f.kernel.commit(GRC, dead.key(), id()), dead);
        // after a restart (the answered cancel is durable) the commit of it is still a no-op
        f.restart();
        assertSameStates(f.kernel.commit(GRC, dead.key(), id()), dead);
        assertThat(f.freeCores(w)).isEqualTo(free);
        assertThat(f.backend.actions()).isEqualTo(actions);
        assertThat(f.kernel.capacityViolations()).isEmpty();
    }

    private static void assertSameStates(ReservationView actual, ReservationView expected) {
        assertThat(actual.reservationState()).isEqualTo(expected.reservationState());
        assertThat(actual.lifecycleState()).isEqualTo(expected.lifecycleState());
        assertThat(actual.pendingChange()).isEqualTo(PendingChange.None);
        assertThat(actual.spec()).isEqualTo(expected.spec());
        assertThat(actual.allocation()).isEqualTo(expected.allocation());
        assertThat(actual.reason()).isEqualTo(expected.reason());
    }

    @Test
    void cancelOfATimedOutReserveIsANoOp() {
        ReservationView held = f.kernel.reserve(GRC, id(), cores(8, w), CONSUMER);
        f.clock.set(held.holdExpires());
        f.kernel.tick();
        ReservationView dead = f.kernel.get(GRC, held.key());
        assertThat(dead.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThat(dead.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        cancelAndCommitAreNoOps(dead);
    }

    @Test
    void cancelOfAnAbortedReserveIsANoOp() {
        ReservationView held = f.kernel.reserve(GRC, id(), cores(8, w), CONSUMER);
        ReservationView dead = f.kernel.abort(GRC, held.key(), id());
        assertThat(dead.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        cancelAndCommitAreNoOps(dead);
    }

    @Test
    void cancelOfAnEndedReservationIsANoOp() {
        ReservationView r = committed(8);
        f.clock.set(w.end());
        f.kernel.tick();
        ReservationView dead = f.kernel.get(GRC, r.key());
        assertThat(dead.lifecycleState()).isEqualTo(LifecycleState.PassedEndTime);
        cancelAndCommitAreNoOps(dead);
    }

    @Test
    void cancelOfACancelledReservationIsANoOp() {
        ReservationView r = committed(8);
        f.kernel.cancel(GRC, r.key(), id());
        ReservationView dead = f.kernel.commit(GRC, r.key(), id());
        assertThat(dead.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        cancelAndCommitAreNoOps(dead);
    }

    @Test
    void aCommitWithoutTheCancelIsStillRefusedOnATimedOutReserve() {
        ReservationView held = f.kernel.reserve(GRC, id(), cores(8, w), CONSUMER);
        f.clock.set(held.holdExpires());
        f.kernel.tick();
        assertThatThrownBy(() -> f.kernel.commit(GRC, held.key(), id())).isInstanceOfSatisfying(DojiException.class,
                e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
    }

    @Test
    void aTimedOutCancelTakesAbortThenANewCancelThatCommits() {
        ReservationView r = committed(16);
        ReservationView cancelling = f.kernel.cancel(GRC, r.key(), id());
        f.clock.set(cancelling.holdExpires());
        f.kernel.tick();
        assertThat(f.kernel.get(GRC, r.key()).reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThatThrownBy(() -> f.kernel.cancel(GRC, r.key(), id())).isInstanceOfSatisfying(DojiException.class,
                e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
        assertThat(f.kernel.abort(GRC, r.key(), id()).reservationState()).isEqualTo(ReservationState.ReserveStart);
        assertThat(f.kernel.cancel(GRC, r.key(), id()).pendingChange()).isEqualTo(PendingChange.Cancel);
        assertThat(f.kernel.commit(GRC, r.key(), id()).lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(f.freeCores(w)).isEqualTo(32);
    }

    @Test
    void aTimedOutModifyTakesAbortThenANewModifyThatCommits() {
        ReservationView r = committed(16);
        TimeWindow later = window(180, 240);
        ReservationView modifying = f.kernel.modify(GRC, r.key(), id(), cores(8, later));
        f.clock.set(modifying.holdExpires());
        f.kernel.tick();
        assertThatThrownBy(() -> f.kernel.modify(GRC, r.key(), id(), cores(8, later)))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
        f.kernel.abort(GRC, r.key(), id());
        f.kernel.modify(GRC, r.key(), id(), cores(8, later));
        ReservationView moved = f.kernel.commit(GRC, r.key(), id());
        assertThat(moved.spec().window()).isEqualTo(later);
        assertThat(f.freeCores(w)).isEqualTo(32);
        assertThat(f.freeCores(later)).isEqualTo(24);
        f.clock.advance(Duration.ofHours(5));
        f.kernel.tick();
        assertThat(f.kernel.get(GRC, r.key()).lifecycleState()).isEqualTo(LifecycleState.PassedEndTime);
    }
}
