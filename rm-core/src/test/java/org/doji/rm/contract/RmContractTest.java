package org.doji.rm.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.doji.rm.api.Caller;
import org.doji.rm.api.DojiException;
import org.doji.rm.api.FaultKind;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

/**
 * The contract every RM implementation honours (the kernel with any backend, a remote RM over SOAP, a
 * GRC acting as an RM): two-phase reserve, modify and cancel, idempotent commit and abort, correlation-id
 * idempotency, typed faults. Subclasses provide the RM and a spec it can grant.
 */
public abstract class RmContractTest {

    /** The RM under test. */
    protected abstract ResourceManager rm();

    /** A spec this RM can grant over the window (small: several fit at once). */
    protected abstract ReservationSpec grantable(TimeWindow window);

    /** A spec this RM can never grant (more than it has). */
    protected abstract ReservationSpec tooLarge(TimeWindow window);

    protected Caller caller() {
        return Caller.ANONYMOUS;
    }

    /**
     * Whether the RM runs on a clock this test can move (virtual time): the time-dependent cases then move it
     * with {@link #advanceTime}; otherwise they wait in real time (Awaitility) for the RM's own hold timeout,
     * which must then be short (at most {@link #LONGEST_REAL_TIME_HOLD}: configure {@code doji.rm.hold-timeout}).
     */
    protected boolean supportsVirtualTime() {
        return false;
    }

    /** Moves the RM's clock forward by {@code d} and lets its activation driver act on what became due. */
    protected void advanceTime(Duration d) {
        throw new UnsupportedOperationException("advanceTime");
    }

    /**
     * Whether the test can restart the RM on the same durable store. Every RM must be restartable: without it
     * the restart case fails (it is not skipped).
     */
    protected boolean supportsRestart() {
        return false;
    }

    /** Stops the RM (without telling it to finish anything) and starts it again on the same store. */
    protected void restart() {
        throw new UnsupportedOperationException("restart");
    }

    /** The longest hold timeout the real-time cases wait out (each such case waits about one). */
    protected static final Duration LONGEST_REAL_TIME_HOLD = Duration.ofSeconds(10);

    /** How long this RM holds a prepared change (from describe). */
    protected Duration holdTimeout() {
        return rm().describe(caller()).holdTimeout();
    }

    /** A window far enough ahead that nothing else books it; distinct per call. */
    protected TimeWindow freshWindow() {
        long offset = Math.abs(UUID.randomUUID().getMostSignificantBits() % 10_000);
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(30 + offset, ChronoUnit.DAYS);
        return new TimeWindow(start, start.plus(2, ChronoUnit.HOURS));
    }

    protected static String id() {
        return UUID.randomUUID().toString();
    }

    private List<SlotAvailability> free(TimeWindow w) {
        return rm().availability(caller(), new AvailabilityQuery(List.of(w), null));
    }

    @Test
    void reserveHoldsAndCommitMakesFinal() {
        TimeWindow w = freshWindow();
        List<SlotAvailability> before = free(w);
        ReservationView held = rm().reserve(caller(), id(), grantable(w), null);
        assertThat(held.reservationState()).isEqualTo(ReservationState.ReserveHeld);
        assertThat(held.pendingChange()).isEqualTo(PendingChange.Reserve);
        assertThat(free(w)).isNotEqualTo(before);
        ReservationView committed = rm().commit(caller(), held.key(), id());
        assertThat(committed.reservationState()).isEqualTo(ReservationState.ReserveStart);
        assertThat(committed.lifecycleState()).isEqualTo(LifecycleState.Created);
        assertThat(committed.spec().window()).isEqualTo(w);
        assertThat(rm().get(caller(), held.key()).reservationState()).isEqualTo(ReservationState.ReserveStart);
        rm().destroy(caller(), held.key());
        assertThat(free(w)).isEqualTo(before);
    }

    @Test
    void abortReleasesExactlyWhatWasHeld() {
        TimeWindow w = freshWindow();
        List<SlotAvailability> before = free(w);
        ReservationView held = rm().reserve(caller(), id(), grantable(w), null);
        ReservationView aborted = rm().abort(caller(), held.key(), id());
        assertThat(aborted.reservationState()).isEqualTo(ReservationState.ReserveStart);
        assertThat(aborted.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(free(w)).isEqualTo(before);
    }

    @Test
    void commitAndAbortAreIdempotent() {
        TimeWindow w = freshWindow();
        ReservationView held = rm().reserve(caller(), id(), grantable(w), null);
        String commitId = id();
        ReservationView first = rm().commit(caller(), held.key(), commitId);
        assertThat(rm().commit(caller(), held.key(), commitId)).isEqualTo(first);
        assertThat(rm().commit(caller(), held.key(), id()).reservationState()).isEqualTo(ReservationState.ReserveStart);
        // abort with nothing pending is safe and changes nothing
        ReservationView afterAbort = rm().abort(caller(), held.key(), id());
        assertThat(afterAbort.lifecycleState()).isEqualTo(LifecycleState.Created);
        assertThat(afterAbort.spec()).isEqualTo(first.spec());
        rm().destroy(caller(), held.key());
    }

    @Test
    void commitAfterAbortIsRefused() {
        TimeWindow w = freshWindow();
        ReservationView held = rm().reserve(caller(), id(), grantable(w), null);
        rm().abort(caller(), held.key(), id());
        assertThatThrownBy(() -> rm().commit(caller(), held.key(), id()))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
    }

    @Test
    void sameCorrelationIdSamePayloadGivesSameAnswerOtherPayloadIsRefused() {
        TimeWindow w = freshWindow();
        String correlation = id();
        ReservationView first = rm().reserve(caller(), correlation, grantable(w), null);
        assertThat(rm().reserve(caller(), correlation, grantable(w), null).key()).isEqualTo(first.key());
        TimeWindow other = freshWindow();
        assertThatThrownBy(() -> rm().reserve(caller(), correlation, grantable(other), null))
                .isInstanceOfSatisfying(DojiException.class, e -> {
                    assertThat(e.kind()).isEqualTo(FaultKind.INVALID_REQUEST);
                    assertThat(e.errorCode()).isEqualTo("CORRELATION_ID_REUSED");
                });
        rm().abort(caller(), first.key(), id());
    }

    @Test
    void cancelIsTwoPhase() {
        TimeWindow w = freshWindow();
        List<SlotAvailability> before = free(w);
        ReservationView r = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w), null).key(), id());
        ReservationView cancelling = rm().cancel(caller(), r.key(), id());
        assertThat(cancelling.pendingChange()).isEqualTo(PendingChange.Cancel);
        ReservationView kept = rm().abort(caller(), r.key(), id());
        assertThat(kept.lifecycleState()).isEqualTo(LifecycleState.Created);
        assertThat(kept.spec()).isEqualTo(r.spec());
        rm().cancel(caller(), r.key(), id());
        ReservationView cancelled = rm().commit(caller(), r.key(), id());
        assertThat(cancelled.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(free(w)).isEqualTo(before);
    }

    @Test
    void modifyHoldsTheUnionAndAbortRestoresTheOldReservationExactly() {
        TimeWindow w = freshWindow();
        List<SlotAvailability> before = free(w);
        ReservationView r = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w), null).key(), id());
        List<SlotAvailability> withOld = free(w);
        TimeWindow later = new TimeWindow(w.start().plus(1, ChronoUnit.HOURS), w.end().plus(1, ChronoUnit.HOURS));
        ReservationView modifying = rm().modify(caller(), r.key(), id(), grantable(later));
        assertThat(modifying.pendingChange()).isEqualTo(PendingChange.Modify);
        assertThat(modifying.spec()).isEqualTo(r.spec());
        ReservationView restored = rm().abort(caller(), r.key(), id());
        assertThat(restored.spec()).isEqualTo(r.spec());
        assertThat(restored.allocation().compute()).isEqualTo(r.allocation().compute());
        assertThat(free(w)).isEqualTo(withOld);

        rm().modify(caller(), r.key(), id(), grantable(later));
        ReservationView moved = rm().commit(caller(), r.key(), id());
        assertThat(moved.spec().window()).isEqualTo(later);
        TimeWindow firstHour = new TimeWindow(w.start(), later.start());
        assertThat(free(firstHour)).isEqualTo(rm().availability(caller(), new AvailabilityQuery(List.of(firstHour), null)));
        rm().destroy(caller(), r.key());
        assertThat(free(w)).isEqualTo(before);
    }

    @Test
    void refusalsAreTypedAndHoldNothing() {
        TimeWindow w = freshWindow();
        List<SlotAvailability> before = free(w);
        assertThatThrownBy(() -> rm().reserve(caller(), id(), tooLarge(w), null))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.kind()).isEqualTo(FaultKind.RESOURCE_UNAVAILABLE));
        assertThat(free(w)).isEqualTo(before);
        assertThatThrownBy(() -> rm().commit(caller(), "r-unknown-" + Math.abs(w.hashCode()), id()))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.kind()).isEqualTo(FaultKind.UNKNOWN_RESOURCE));
        Instant past = Instant.now().minus(3, ChronoUnit.DAYS);
        assertThatThrownBy(() -> rm().reserve(caller(), id(), grantable(new TimeWindow(past, past.plusSeconds(60))), null))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_REQUEST));
    }

    private static void refused(Runnable call) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(DojiException.class,
                e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
    }

    /**
     * Lets the hold of the change {@code prepared} (the RM's answer to reserve, modify or cancel) expire and returns
     * the reservation afterwards. Virtual time: held 1 ms before the hold timeout, released at it. Real time: waits
     * for the RM to release it and checks that it did not before its hold expired.
     */
    private ReservationView letHoldExpire(ReservationView prepared) {
        if (supportsVirtualTime()) {
            advanceTime(holdTimeout().minusMillis(1));
            assertThat(rm().get(caller(), prepared.key()).pendingChange()).as("held until the hold timeout")
                    .isEqualTo(prepared.pendingChange());
            advanceTime(Duration.ofMillis(1));
            return rm().get(caller(), prepared.key());
        }
        assertThat(holdTimeout()).as("the real-time hold-timeout cases need a short doji.rm.hold-timeout")
                .isLessThanOrEqualTo(LONGEST_REAL_TIME_HOLD);
        assertThat(Duration.between(prepared.updated(), prepared.holdExpires()).minus(holdTimeout()).abs())
                .as("held for the hold timeout it describes").isLessThan(Duration.ofSeconds(1));
        AtomicReference<ReservationView> released = new AtomicReference<>();
        AtomicReference<Instant> seenAt = new AtomicReference<>();
        await("hold of " + prepared.key() + " expiring").atMost(holdTimeout().plusSeconds(30))
                .pollInterval(Duration.ofMillis(100)).until(() -> {
                    ReservationView v = rm().get(caller(), prepared.key());
                    seenAt.set(Instant.now());
                    released.set(v);
                    return v.pendingChange() == PendingChange.None;
                });
        assertThat(seenAt.get()).as("released before its hold expired").isAfterOrEqualTo(prepared.holdExpires());
        return released.get();
    }

    /** The RM's current time (its clock may be virtual): the creation time of a probe reservation, aborted at once. */
    private Instant rmNow() {
        ReservationView probe = rm().reserve(caller(), id(), grantable(freshWindow()), null);
        rm().abort(caller(), probe.key(), id());
        return probe.created();
    }

    /** Lets the window of the committed reservation {@code r} end; returns the reservation afterwards. */
    private ReservationView letWindowEnd(ReservationView r) {
        Instant end = r.spec().window().end();
        if (supportsVirtualTime()) {
            advanceTime(Duration.between(r.updated(), end).plusMillis(1));
            return rm().get(caller(), r.key());
        }
        AtomicReference<ReservationView> ended = new AtomicReference<>();
        await("end of " + r.key()).atMost(Duration.between(Instant.now(), end).plusSeconds(30))
                .pollInterval(Duration.ofMillis(200)).until(() -> {
                    ended.set(rm().get(caller(), r.key()));
                    return ended.get().lifecycleState() == LifecycleState.PassedEndTime;
                });
        return ended.get();
    }

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
