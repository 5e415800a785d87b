package org.doji.rm.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
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
import org.junit.jupiter.api.Assumptions;
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
     * Whether the RM runs on a clock this test can move (virtual time). The hold-timeout cases run only
     * then; subclasses that return true implement {@link #advanceTime}.
     */
    protected boolean supportsVirtualTime() {
        return false;
    }

    /** Moves the RM's clock forward by {@code d} and lets its activation driver act on what became due. */
    protected void advanceTime(Duration d) {
        throw new UnsupportedOperationException("advanceTime");
    }

    /** Whether the test can restart the RM on the same durable store. The restart cases run only then. */
    protected boolean supportsRestart() {
        return false;
    }

    /** Stops the RM (without telling it to finish anything) and starts it again on the same store. */
    protected void restart() {
        throw new UnsupportedOperationException("restart");
    }

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

    @Test
    void aHeldReserveTimesOutReleasesEverythingAndCannotBeCommitted() {
        Assumptions.assumeTrue(supportsVirtualTime(), "RM without virtual time");
        TimeWindow w = freshWindow();
        List<SlotAvailability> before = free(w);
        ReservationView held = rm().reserve(caller(), id(), grantable(w), null);
        advanceTime(holdTimeout().minusMillis(1));
        assertThat(rm().get(caller(), held.key()).reservationState()).isEqualTo(ReservationState.ReserveHeld);
        advanceTime(Duration.ofMillis(1));
        ReservationView expired = rm().get(caller(), held.key());
        assertThat(expired.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThat(expired.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(free(w)).isEqualTo(before);
        refused(() -> rm().commit(caller(), held.key(), id()));
    }

    @Test
    void aHeldModifyTimesOutAndTheOldReservationIsRestoredExactly() {
        Assumptions.assumeTrue(supportsVirtualTime(), "RM without virtual time");
        TimeWindow w = freshWindow();
        ReservationView r = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w), null).key(), id());
        TimeWindow later = new TimeWindow(w.start().plus(1, ChronoUnit.HOURS), w.end().plus(1, ChronoUnit.HOURS));
        List<SlotAvailability> withOld = free(w);
        List<SlotAvailability> laterWithOld = free(later);
        rm().modify(caller(), r.key(), id(), grantable(later));
        advanceTime(holdTimeout());
        ReservationView restored = rm().get(caller(), r.key());
        assertThat(restored.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThat(restored.lifecycleState()).isEqualTo(LifecycleState.Created);
        assertThat(restored.spec()).isEqualTo(r.spec());
        assertThat(restored.allocation().compute()).isEqualTo(r.allocation().compute());
        assertThat(free(w)).isEqualTo(withOld);
        assertThat(free(later)).isEqualTo(laterWithOld);
        refused(() -> rm().commit(caller(), r.key(), id()));
        rm().destroy(caller(), r.key());
    }

    @Test
    void aHeldCancelTimesOutAndTheReservationIsKept() {
        Assumptions.assumeTrue(supportsVirtualTime(), "RM without virtual time");
        TimeWindow w = freshWindow();
        ReservationView r = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w), null).key(), id());
        List<SlotAvailability> withIt = free(w);
        rm().cancel(caller(), r.key(), id());
        advanceTime(holdTimeout());
        ReservationView kept = rm().get(caller(), r.key());
        assertThat(kept.lifecycleState()).isEqualTo(LifecycleState.Created);
        assertThat(kept.pendingChange()).isEqualTo(PendingChange.None);
        assertThat(kept.spec()).isEqualTo(r.spec());
        assertThat(free(w)).isEqualTo(withIt);
        rm().destroy(caller(), r.key());
    }

    @Test
    void aRestartLosesNothingAcknowledged() {
        Assumptions.assumeTrue(supportsRestart(), "RM cannot be restarted by the test");
        TimeWindow w1 = freshWindow();
        TimeWindow w2 = freshWindow();
        TimeWindow w3 = freshWindow();
        ReservationView committed = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w1), null).key(), id());
        ReservationView held = rm().reserve(caller(), id(), grantable(w2), null);
        ReservationView cancelling = rm().commit(caller(), rm().reserve(caller(), id(), grantable(w3), null).key(), id());
        rm().cancel(caller(), cancelling.key(), id());
        List<SlotAvailability> before = rm().availability(caller(), new AvailabilityQuery(List.of(w1, w2, w3), null));
        ReservationView committedBefore = rm().get(caller(), committed.key());
        ReservationView heldBefore = rm().get(caller(), held.key());
        ReservationView cancellingBefore = rm().get(caller(), cancelling.key());

        restart();

        assertThat(rm().availability(caller(), new AvailabilityQuery(List.of(w1, w2, w3), null))).isEqualTo(before);
        assertThat(rm().get(caller(), committed.key())).isEqualTo(committedBefore);
        assertThat(rm().get(caller(), held.key())).isEqualTo(heldBefore);
        assertThat(rm().get(caller(), cancelling.key())).isEqualTo(cancellingBefore);
        assertThat(rm().commit(caller(), held.key(), id()).reservationState()).isEqualTo(ReservationState.ReserveStart);
        assertThat(rm().commit(caller(), cancelling.key(), id()).lifecycleState()).isEqualTo(LifecycleState.Terminated);
        rm().destroy(caller(), committed.key());
        rm().destroy(caller(), held.key());
    }
}
