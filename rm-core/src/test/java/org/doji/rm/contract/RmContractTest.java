package org.doji.rm.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

/**
 * The contract every RM implementation honours (the kernel with any backend, a remote RM over SOAP, a
 * GRC acting as an RM): two-phase reserve, modify and cancel, idempotent commit and abort, correlation-id
 * idempotency, typed faults. Subclasses provide the RM and a spec it can grant.
 * The cases that need time to pass or a restart are in {@link RmTimeAndRestartContract}; the hooks a subclass
 * implements in {@link RmContractHooks}.
 */
public abstract class RmContractTest extends RmTimeAndRestartContract {

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
    void terminationTimeIsKeptAndNotBeforeTheEnd() {
        TimeWindow w = freshWindow();
        ReservationView held = rm().reserve(caller(), id(), grantable(w), null);
        rm().commit(caller(), held.key(), id());
        // the record of a reservation that has not ended cannot be forgotten before it ends (over SOAP the WSRF
        // fault reaches the client untyped, so only the refusal itself is the contract's)
        assertThatThrownBy(() -> rm().setTerminationTime(caller(), held.key(), w.end().minusSeconds(1)))
                .isInstanceOf(DojiException.class);
        assertThat(rm().get(caller(), held.key()).terminationTime()).isNull();
        Instant later = w.end().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        assertThat(rm().setTerminationTime(caller(), held.key(), later)).isEqualTo(later);
        assertThat(rm().get(caller(), held.key()).terminationTime()).isEqualTo(later);
        assertThat(rm().setTerminationTime(caller(), held.key(), null)).isNull(); // nil cancels it
        assertThat(rm().get(caller(), held.key()).terminationTime()).isNull();
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
}
