package org.doji.rm.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.doji.rm.kernel.KernelFixture.CONSUMER;
import static org.doji.rm.kernel.KernelFixture.GRC;
import static org.doji.rm.kernel.KernelFixture.T0;
import static org.doji.rm.kernel.KernelFixture.cores;
import static org.doji.rm.kernel.KernelFixture.id;
import static org.doji.rm.kernel.KernelFixture.window;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

/** Hold timeouts and the activation driver in virtual time. */
class HoldTimeoutAndActivationTest {

    private static final Duration HOLD = Duration.ofSeconds(120);
    private static final Duration MS = Duration.ofMillis(1);

    private final KernelFixture f = KernelFixture.site(4);

    private ReservationView committed(TimeWindow w, int cores) {
        ReservationView held = f.kernel.reserve(GRC, id(), cores(cores, w), CONSUMER);
        return f.kernel.commit(GRC, held.key(), id());
    }

    @Test
    void heldReserveExpiresExactlyAtHoldExpiresReleasesAndNotifies() {
        TimeWindow w = window(60, 120);
        ReservationView held = f.kernel.reserve(GRC, id(), cores(16, w), CONSUMER);
        assertThat(held.holdExpires()).isEqualTo(T0.plus(HOLD));
        assertThat(f.freeCores(w)).isEqualTo(16);

        f.clock.set(held.holdExpires().minus(MS));
        assertThat(f.kernel.tick()).isZero();
        assertThat(f.kernel.get(GRC, held.key()).reservationState()).isEqualTo(ReservationState.ReserveHeld);

        f.clock.set(held.holdExpires());
        assertThat(f.kernel.tick()).isEqualTo(1);
        ReservationView after = f.kernel.get(GRC, held.key());
        assertThat(after.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThat(after.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(after.pendingChange()).isEqualTo(PendingChange.None);
        assertThat(f.freeCores(w)).isEqualTo(32);
        assertThat(f.kernel.usageProfiles()).isEmpty();
        assertThat(f.backend.actions()).containsExactly("hold:" + held.key(), "abort:" + held.key());
        assertThat(f.notifier.sent()).singleElement().satisfies(s -> {
            assertThat(s.consumer()).isEqualTo(CONSUMER);
            assertThat(s.message()).isEqualTo("timeout");
            assertThat(s.view().reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        });
        // the stored record says the same (durable before anyone is told)
        assertThat(f.store.stored(held.key()).orElseThrow().getReservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThatThrownBy(() -> f.kernel.commit(GRC, held.key(), id()))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
        // abort after a timeout is still accepted (the coordinator may not have seen it)
        assertThat(f.kernel.abort(GRC, held.key(), id()).lifecycleState()).isEqualTo(LifecycleState.Terminated);
    }

    @Test
    void commitAfterHoldExpiresIsRefusedEvenBeforeTheDriverRuns() {
        TimeWindow w = window(60, 120);
        ReservationView held = f.kernel.reserve(GRC, id(), cores(8, w), CONSUMER);
        f.clock.set(held.holdExpires());
        assertThatThrownBy(() -> f.kernel.commit(GRC, held.key(), id()))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
        f.kernel.tick();
        assertThat(f.kernel.get(GRC, held.key()).reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThat(f.freeCores(w)).isEqualTo(32);
    }

    @Test
    void heldModifyExpiresAndRestoresTheOldReservationExactly() {
        TimeWindow w = window(60, 120);
        ReservationView r = committed(w, 16);
        var profileBefore = f.kernel.usageProfiles();
        TimeWindow later = window(90, 180);
        f.clock.advance(Duration.ofMinutes(5));
        ReservationView modifying = f.kernel.modify(GRC, r.key(), id(), cores(24, later));
        assertThat(modifying.holdExpires()).isEqualTo(T0.plus(Duration.ofMinutes(5)).plus(HOLD));
        assertThat(f.kernel.usageProfiles()).isNotEqualTo(profileBefore);

        f.clock.set(modifying.holdExpires());
        assertThat(f.kernel.tick()).isEqualTo(1);
        ReservationView restored = f.kernel.get(GRC, r.key());
        assertThat(restored.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThat(restored.lifecycleState()).isEqualTo(LifecycleState.Created);
        assertThat(restored.spec()).isEqualTo(r.spec());
        assertThat(restored.allocation()).isEqualTo(r.allocation());
        assertThat(restored.pendingSpec()).isNull();
        assertThat(f.kernel.usageProfiles()).isEqualTo(profileBefore);
        assertThat(f.notifier.messagesFor(r.key())).containsExactly("timeout");
        assertThatThrownBy(() -> f.kernel.commit(GRC, r.key(), id())).isInstanceOf(DojiException.class);
        // the coordinator's abort brings the reservation back to ReserveStart, still booked
        assertThat(f.kernel.abort(GRC, r.key(), id()).reservationState()).isEqualTo(ReservationState.ReserveStart);
        assertThat(f.kernel.usageProfiles()).isEqualTo(profileBefore);
    }

    @Test
    void heldCancelExpiresAndKeepsTheReservation() {
        TimeWindow w = window(60, 120);
        ReservationView r = committed(w, 16);
        var profileBefore = f.kernel.usageProfiles();
        ReservationView cancelling = f.kernel.cancel(GRC, r.key(), id());
        f.clock.set(cancelling.holdExpires());
        assertThat(f.kernel.tick()).isEqualTo(1);
        ReservationView kept = f.kernel.get(GRC, r.key());
        assertThat(kept.lifecycleState()).isEqualTo(LifecycleState.Created);
        assertThat(kept.pendingChange()).isEqualTo(PendingChange.None);
        assertThat(kept.spec()).isEqualTo(r.spec());
        assertThat(f.kernel.usageProfiles()).isEqualTo(profileBefore);
        assertThat(f.backend.actions()).noneMatch(a -> a.startsWith("cancel:"));
        assertThat(f.notifier.messagesFor(r.key())).containsExactly("timeout");
    }

    @Test
    void startAndEndActionsReachTheBackendAtTheirVirtualInstants() {
        TimeWindow w = window(60, 120);
        ReservationView r = committed(w, 8);
        String key = r.key();
        f.clock.set(w.start().minus(MS));
        f.kernel.tick();
        assertThat(f.backend.actions()).doesNotContain("start:" + key);

        f.clock.set(w.start());
        assertThat(f.kernel.tick()).isEqualTo(1);
        assertThat(f.backend.actions()).endsWith("start:" + key);
        assertThat(f.kernel.get(GRC, key).lifecycleState()).isEqualTo(LifecycleState.Active);

        f.clock.set(w.end().minus(MS));
        assertThat(f.kernel.tick()).isZero();
        assertThat(f.kernel.usageAt("s-n1", w.end().minus(MS))).isEqualTo(1);

        f.clock.set(w.end());
        assertThat(f.kernel.tick()).isEqualTo(1);
        assertThat(f.backend.actions()).containsExactly("hold:" + key, "commit:" + key, "start:" + key, "end:" + key);
        assertThat(f.kernel.get(GRC, key).lifecycleState()).isEqualTo(LifecycleState.PassedEndTime);
        assertThat(f.notifier.messagesFor(key)).containsExactly("start", "end");
        assertThat(f.kernel.openReservations()).isEmpty();
        assertThat(f.kernel.usageProfiles()).isEmpty();
    }

    @Test
    void aWindowThatPassedEntirelyWhileDownIsTornDownWithoutStarting() {
        TimeWindow w = window(60, 120);
        String key = committed(w, 8).key();
        f.clock.set(w.end().plus(Duration.ofMinutes(1)));
        assertThat(f.kernel.tick()).isEqualTo(1);
        assertThat(f.kernel.get(GRC, key).lifecycleState()).isEqualTo(LifecycleState.PassedEndTime);
        // no start, but the end action removes whatever the commit set up (a queue, an AR)
        assertThat(f.backend.actions()).containsExactly("hold:" + key, "commit:" + key, "end:" + key);
        assertThat(f.notifier.messagesFor(key)).containsExactly("end");
    }

    @Test
    void startMissedWhileDownIsDrivenLateAndEndOnTime() {
        TimeWindow w = window(60, 120);
        String key = committed(w, 8).key();
        f.clock.set(w.start().plus(Duration.ofMinutes(10)));
        assertThat(f.kernel.tick()).isEqualTo(1);
        assertThat(f.backend.actions()).endsWith("start:" + key);
        f.clock.set(w.end());
        assertThat(f.kernel.tick()).isEqualTo(1);
        assertThat(f.backend.actions()).endsWith("start:" + key, "end:" + key);
    }

    @Test
    void endWaitsForAPendingCancelToBeSettled() {
        TimeWindow w = window(1, 2);
        String key = committed(w, 8).key();
        f.clock.set(w.start());
        f.kernel.tick();
        f.kernel.cancel(GRC, key, id());
        f.clock.set(w.end());
        f.kernel.tick();
        assertThat(f.kernel.get(GRC, key).lifecycleState()).isEqualTo(LifecycleState.Active);
        ReservationView cancelled = f.kernel.commit(GRC, key, id());
        assertThat(cancelled.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(f.backend.actions()).endsWith("cancel:" + key);
        assertThat(f.kernel.usageProfiles()).isEmpty();
    }

    @Test
    void terminationTimeForgetsFinishedRecords() {
        TimeWindow w = window(60, 120);
        String key = committed(w, 8).key();
        assertThatThrownBy(() -> f.kernel.setTerminationTime(GRC, key, w.start()))
                .isInstanceOfSatisfying(DojiException.class, e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_REQUEST));
        Instant forgetAt = w.end().plus(Duration.ofHours(1));
        assertThat(f.kernel.setTerminationTime(GRC, key, forgetAt)).isEqualTo(forgetAt);
        f.clock.set(w.end());
        f.kernel.tick();
        assertThat(f.kernel.get(GRC, key).lifecycleState()).isEqualTo(LifecycleState.PassedEndTime);
        f.clock.set(forgetAt.minus(MS));
        f.kernel.tick();
        assertThat(f.store.stored(key)).isPresent();
        f.clock.set(forgetAt);
        f.kernel.tick();
        assertThat(f.store.stored(key)).isEmpty();
        assertThatThrownBy(() -> f.kernel.get(GRC, key))
                .isInstanceOfSatisfying(DojiException.class, e -> assertThat(e.kind()).isEqualTo(FaultKind.UNKNOWN_RESOURCE));
    }

    @Test
    void answersAreKeptForRetriesThenForgottenAfterTheRetention() {
        TimeWindow w = window(60, 120);
        String reserveId = id();
        ReservationView held = f.kernel.reserve(GRC, reserveId, cores(8, w), CONSUMER);
        String commitId = id();
        ReservationView committed = f.kernel.commit(GRC, held.key(), commitId);
        assertThat(f.store.answers()).isEqualTo(2);
        Duration retention = f.settings.answerRetention();
        assertThat(retention).isEqualTo(Duration.ofDays(7));
        f.clock.set(T0.plus(retention).minus(Duration.ofMinutes(1)));
        f.kernel.tick();
        assertThat(f.kernel.reserve(GRC, reserveId, cores(8, w), CONSUMER).key()).isEqualTo(held.key());
        assertThat(f.kernel.commit(GRC, held.key(), commitId)).isEqualTo(committed);
        f.clock.set(T0.plus(retention).plus(Duration.ofHours(2)));
        f.kernel.tick();
        assertThat(f.store.answers()).isZero();
        // a repeated commit is a no-op anyway; it is answered afresh
        assertThat(f.kernel.commit(GRC, held.key(), commitId).reservationState()).isEqualTo(ReservationState.ReserveStart);
    }

    @Test
    void restartReArmsHoldsAtTheirOriginalExpiryAndKeepsTimers() {
        TimeWindow w = window(60, 120);
        ReservationView held = f.kernel.reserve(GRC, id(), cores(8, w), CONSUMER);
        ReservationView booked = committed(window(30, 90), 16);
        var profile = f.kernel.usageProfiles();
        f.clock.advance(Duration.ofSeconds(60));
        f.restart();
        assertThat(f.kernel.usageProfiles()).isEqualTo(profile);
        f.clock.set(held.holdExpires().minus(MS));
        assertThat(f.kernel.tick()).isZero();
        f.clock.set(held.holdExpires());
        assertThat(f.kernel.tick()).isEqualTo(1);
        assertThat(f.kernel.get(GRC, held.key()).reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        f.clock.set(booked.spec().window().start());
        f.kernel.tick();
        assertThat(f.backend.actions()).endsWith("start:" + booked.key());
        assertThat(f.notifier.messagesFor(booked.key())).containsExactly("start");
        assertThat(List.copyOf(f.kernel.openReservations())).extracting(ReservationView::key).containsExactly(booked.key());
    }
}
