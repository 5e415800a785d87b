package org.doji.rm.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

/**
 * The contract's cases that need time to pass or the RM to restart (hold timeouts, windows that end, dead
 * reservations, restarts), run in virtual or real time as the subclass allows; none is skipped.
 */
public abstract class RmTimeAndRestartContract extends RmContractHooks {

    /** Cancel of the dead reservation {@code dead}, then commit of that cancel: both answer it unchanged. */
    private void cancelAndItsCommitAreNoOps(ReservationView dead, TimeWindow w) {
        List<SlotAvailability> before = free(w);
        String cancelId = id();
        ReservationView cancelled = rm().cancel(caller(), dead.key(), cancelId);
        assertThat(List.of(cancelled, rm().commit(caller(), dead.key(), id()))).allSatisfy(v -> {
            assertThat(v.reservationState()).isEqualTo(dead.reservationState());
            assertThat(v.lifecycleState()).isEqualTo(dead.lifecycleState());
            assertThat(v.pendingChange()).isEqualTo(PendingChange.None);
        });
        assertThat(rm().cancel(caller(), dead.key(), cancelId)).isEqualTo(cancelled);
        assertThat(free(w)).isEqualTo(before);
    }

    @Test
    void aCancelOfAnAbortedOrCancelledReservationIsANoOpAndSoIsItsCommit() {
        TimeWindow w = freshWindow();
        List<SlotAvailability> before = free(w);
        ReservationView aborted = rm().abort(caller(), rm().reserve(caller(), id(), grantable(w), null).key(), id());
        cancelAndItsCommitAreNoOps(aborted, w);
        ReservationView r = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w), null).key(), id());
        rm().cancel(caller(), r.key(), id());
        ReservationView cancelled = rm().commit(caller(), r.key(), id());
        assertThat(cancelled.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        cancelAndItsCommitAreNoOps(cancelled, w);
        assertThat(free(w)).isEqualTo(before);
    }

    @Test
    void aCancelOfAnEndedReservationIsANoOp() {
        Instant now = rmNow();
        TimeWindow w = new TimeWindow(now.plusSeconds(2), now.plusSeconds(4));
        ReservationView r = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w), null).key(), id());
        ReservationView ended = letWindowEnd(r);
        assertThat(ended.lifecycleState()).isEqualTo(LifecycleState.PassedEndTime);
        cancelAndItsCommitAreNoOps(ended, w);
        refused(() -> rm().modify(caller(), r.key(), id(), grantable(w)));
    }

    @Test
    void aHeldReserveTimesOutReleasesEverythingAndCannotBeCommitted() {
        TimeWindow w = freshWindow();
        List<SlotAvailability> before = free(w);
        ReservationView held = rm().reserve(caller(), id(), grantable(w), null);
        assertThat(rm().get(caller(), held.key()).reservationState()).isEqualTo(ReservationState.ReserveHeld);
        ReservationView expired = letHoldExpire(held);
        assertThat(expired.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThat(expired.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(free(w)).isEqualTo(before);
        refused(() -> rm().commit(caller(), held.key(), id()));
        // a coordinator that cancels what timed out is answered, not refused
        cancelAndItsCommitAreNoOps(expired, w);
    }

    @Test
    void aHeldModifyTimesOutAndTheOldReservationIsRestoredExactly() {
        TimeWindow w = freshWindow();
        TimeWindow later = new TimeWindow(w.start().plus(1, ChronoUnit.HOURS), w.end().plus(1, ChronoUnit.HOURS));
        List<SlotAvailability> empty = free(new TimeWindow(w.start(), later.end()));
        ReservationView r = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w), null).key(), id());
        List<SlotAvailability> withOld = free(w);
        List<SlotAvailability> laterWithOld = free(later);
        ReservationView restored = letHoldExpire(rm().modify(caller(), r.key(), id(), grantable(later)));
        assertThat(restored.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThat(restored.lifecycleState()).isEqualTo(LifecycleState.Created);
        assertThat(restored.spec()).isEqualTo(r.spec());
        assertThat(restored.allocation().compute()).isEqualTo(r.allocation().compute());
        assertThat(free(w)).isEqualTo(withOld);
        assertThat(free(later)).isEqualTo(laterWithOld);
        refused(() -> rm().commit(caller(), r.key(), id()));
        // NSI: after a timeout only abort is accepted; the coordinator aborts, then prepares again
        refused(() -> rm().modify(caller(), r.key(), id(), grantable(later)));
        assertThat(rm().abort(caller(), r.key(), id()).reservationState()).isEqualTo(ReservationState.ReserveStart);
        rm().modify(caller(), r.key(), id(), grantable(later));
        assertThat(rm().commit(caller(), r.key(), id()).spec().window()).isEqualTo(later);
        rm().destroy(caller(), r.key());
        assertThat(free(new TimeWindow(w.start(), later.end()))).as("nothing of the expired hold left booked").isEqualTo(empty);
    }

    @Test
    void aHeldCancelTimesOutAndTheReservationIsKept() {
        TimeWindow w = freshWindow();
        List<SlotAvailability> before = free(w);
        ReservationView r = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w), null).key(), id());
        List<SlotAvailability> withIt = free(w);
        ReservationView kept = letHoldExpire(rm().cancel(caller(), r.key(), id()));
        assertThat(kept.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThat(kept.lifecycleState()).isEqualTo(LifecycleState.Created);
        assertThat(kept.pendingChange()).isEqualTo(PendingChange.None);
        assertThat(kept.spec()).isEqualTo(r.spec());
        assertThat(free(w)).isEqualTo(withIt);
        // NSI: after a timeout only abort is accepted; the coordinator aborts, then prepares the cancel again
        refused(() -> rm().cancel(caller(), r.key(), id()));
        refused(() -> rm().commit(caller(), r.key(), id()));
        assertThat(rm().abort(caller(), r.key(), id()).reservationState()).isEqualTo(ReservationState.ReserveStart);
        assertThat(rm().cancel(caller(), r.key(), id()).pendingChange()).isEqualTo(PendingChange.Cancel);
        assertThat(rm().commit(caller(), r.key(), id()).lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(free(w)).isEqualTo(before);
    }

    /**
     * Everything acknowledged before a restart is there after it: committed, held (reserve and modify), cancel
     * pending, and a cancel of a dead reservation answered as a no-op. A hold that outlives the restart can still
     * be committed; one whose hold timeout passed meanwhile (real time: a restart takes longer than a short hold)
     * expires exactly as it would have without the restart.
     */
    @Test
    void aRestartLosesNothingAcknowledged() {
        assertThat(supportsRestart()).as("every RM must be restartable on its durable store: implement restart()").isTrue();
        TimeWindow w1 = freshWindow();
        TimeWindow w2 = freshWindow();
        TimeWindow w3 = freshWindow();
        TimeWindow w4 = freshWindow();
        TimeWindow w4later = new TimeWindow(w4.start().plus(1, ChronoUnit.HOURS), w4.end().plus(1, ChronoUnit.HOURS));
        List<TimeWindow> all = List.of(w1, w2, w3, w4, w4later);
        List<SlotAvailability> empty = rm().availability(caller(), new AvailabilityQuery(all, null));
        ReservationView committed = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w1), null).key(), id());
        ReservationView held = rm().reserve(caller(), id(), grantable(w2), null);
        ReservationView cancelling = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w3), null).key(), id());
        rm().cancel(caller(), cancelling.key(), id());
        ReservationView modifying = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w4), null).key(), id());
        ReservationView modifyHeld = rm().modify(caller(), modifying.key(), id(), grantable(w4later));
        ReservationView aborted = rm().abort(caller(), rm().reserve(caller(), id(), grantable(w1), null).key(), id());
        rm().cancel(caller(), aborted.key(), id());
        List<SlotAvailability> before = rm().availability(caller(), new AvailabilityQuery(all, null));
        ReservationView committedBefore = rm().get(caller(), committed.key());
        ReservationView heldBefore = rm().get(caller(), held.key());
        ReservationView cancellingBefore = rm().get(caller(), cancelling.key());
        ReservationView modifyingBefore = rm().get(caller(), modifying.key());

        restart();

        // the bookings that outlive any hold (committed; cancel or modify pending or expired) are all still booked
        assertThat(rm().availability(caller(), new AvailabilityQuery(List.of(w1, w3, w4), null)))
                .extracting(s -> List.of(s.compute(), s.paths(), s.countables()))
                .containsExactly(List.of(before.get(0).compute(), before.get(0).paths(), before.get(0).countables()),
                        List.of(before.get(2).compute(), before.get(2).paths(), before.get(2).countables()),
                        List.of(before.get(3).compute(), before.get(3).paths(), before.get(3).countables()));
        assertThat(rm().get(caller(), committed.key())).isEqualTo(committedBefore);
        assertThat(rm().commit(caller(), aborted.key(), id()).lifecycleState()).as("the answered dead cancel is durable")
                .isEqualTo(LifecycleState.Terminated);
        // the holds outlive the restart with room for the checks and commits below (always so in virtual time)
        if (rmNow().plus(holdTimeout().dividedBy(2)).isBefore(held.holdExpires())) {
            assertThat(rm().availability(caller(), new AvailabilityQuery(all, null))).isEqualTo(before);
            assertThat(rm().get(caller(), held.key())).isEqualTo(heldBefore);
            assertThat(rm().get(caller(), cancelling.key())).isEqualTo(cancellingBefore);
            assertThat(rm().get(caller(), modifying.key())).isEqualTo(modifyingBefore);
            assertThat(rm().commit(caller(), held.key(), id()).reservationState()).isEqualTo(ReservationState.ReserveStart);
            assertThat(rm().commit(caller(), cancelling.key(), id()).lifecycleState()).isEqualTo(LifecycleState.Terminated);
            assertThat(rm().commit(caller(), modifying.key(), id()).spec().window()).isEqualTo(w4later);
        } else {
            // the holds expired while the RM was down: released at their original expiry, the rest kept as it was
            assertThat(letHoldExpire(heldBefore).lifecycleState()).isEqualTo(LifecycleState.Terminated);
            ReservationView kept = letHoldExpire(cancellingBefore);
            assertThat(kept.lifecycleState()).isEqualTo(LifecycleState.Created);
            assertThat(kept.spec()).isEqualTo(cancelling.spec());
            ReservationView unmoved = letHoldExpire(modifyHeld);
            assertThat(unmoved.spec()).isEqualTo(modifying.spec());
            assertThat(unmoved.allocation()).isEqualTo(modifying.allocation());
            rm().abort(caller(), cancelling.key(), id());
            rm().cancel(caller(), cancelling.key(), id());
            rm().commit(caller(), cancelling.key(), id());
        }
        rm().destroy(caller(), committed.key());
        rm().destroy(caller(), held.key());
        rm().destroy(caller(), modifying.key());
        assertThat(rm().availability(caller(), new AvailabilityQuery(all, null))).isEqualTo(empty);
    }
}
