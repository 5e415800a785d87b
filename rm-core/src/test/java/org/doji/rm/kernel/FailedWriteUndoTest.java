package org.doji.rm.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.doji.rm.kernel.KernelFixture.CONSUMER;
import static org.doji.rm.kernel.KernelFixture.GRC;
import static org.doji.rm.kernel.KernelFixture.cores;
import static org.doji.rm.kernel.KernelFixture.id;
import static org.doji.rm.kernel.KernelFixture.window;

import java.util.List;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

/**
 * When the durable write of a change fails, the change is taken back in memory too: the calendar, the
 * reservation and the set of open reservations stay exactly what the database says, and a retry works.
 */
class FailedWriteUndoTest {

    private final KernelFixture f = KernelFixture.site(4);
    private final TimeWindow w = window(60, 120);

    private ReservationView committed(int cores) {
        return f.kernel.commit(GRC, f.kernel.reserve(GRC, id(), cores(cores, w), CONSUMER).key(), id());
    }

    @Test
    void failedReserveBooksNothingAndTheBackendLetsGoOfTheHold() {
        var before = f.kernel.usageProfiles();
        f.store.failWrites(true);
        String correlation = id();
        assertThatThrownBy(() -> f.kernel.reserve(GRC, correlation, cores(16, w), CONSUMER))
                .hasMessageContaining("simulated database failure");
        assertThat(f.kernel.usageProfiles()).isEqualTo(before);
        assertThat(f.kernel.openReservations()).isEmpty();
        assertThat(f.backend.actions()).hasSize(2).allSatisfy(a -> assertThat(a).matches("(hold|abort):r-.*"));
        assertThat(f.backend.actions().get(1)).isEqualTo(f.backend.actions().get(0).replace("hold", "abort"));

        f.store.failWrites(false);
        ReservationView retried = f.kernel.reserve(GRC, correlation, cores(16, w), CONSUMER);
        assertThat(retried.reservationState()).isEqualTo(ReservationState.ReserveHeld);
        assertThat(f.freeCores(w)).isEqualTo(16);
    }

    @Test
    void failedCommitLeavesTheHoldAsStored() {
        ReservationView held = f.kernel.reserve(GRC, id(), cores(16, w), CONSUMER);
        var before = f.kernel.usageProfiles();
        f.store.failWrites(true);
        assertThatThrownBy(() -> f.kernel.commit(GRC, held.key(), id())).isInstanceOf(IllegalStateException.class);
        ReservationView now = f.kernel.get(GRC, held.key());
        assertThat(now.reservationState()).isEqualTo(ReservationState.ReserveHeld);
        assertThat(now.pendingChange()).isEqualTo(PendingChange.Reserve);
        assertThat(now.spec()).isNull();
        assertThat(now.version()).isEqualTo(held.version());
        assertThat(f.kernel.usageProfiles()).isEqualTo(before);
        f.store.failWrites(false);
        assertThat(f.kernel.commit(GRC, held.key(), id()).reservationState()).isEqualTo(ReservationState.ReserveStart);
        assertThat(f.kernel.usageProfiles()).isEqualTo(before);
    }

    @Test
    void failedModifyAndCancelChangeNothing() {
        ReservationView r = committed(16);
        var before = f.kernel.usageProfiles();
        f.store.failWrites(true);
        assertThatThrownBy(() -> f.kernel.modify(GRC, r.key(), id(), cores(24, window(90, 150))))
                .isInstanceOf(IllegalStateException.class);
        assertThat(f.kernel.usageProfiles()).isEqualTo(before);
        assertThat(f.kernel.get(GRC, r.key())).isEqualTo(r);
        assertThatThrownBy(() -> f.kernel.cancel(GRC, r.key(), id())).isInstanceOf(IllegalStateException.class);
        assertThat(f.kernel.get(GRC, r.key())).isEqualTo(r);
        f.store.failWrites(false);
        f.kernel.modify(GRC, r.key(), id(), cores(24, window(90, 150)));
        f.kernel.commit(GRC, r.key(), id());
        assertThat(f.freeCores(window(90, 150))).isEqualTo(8);
        assertThat(f.freeCores(window(60, 90))).isEqualTo(32);
    }

    @Test
    void failedCancelCommitKeepsTheReservationBooked() {
        ReservationView r = committed(16);
        f.kernel.cancel(GRC, r.key(), id());
        var before = f.kernel.usageProfiles();
        f.store.failWrites(true);
        assertThatThrownBy(() -> f.kernel.commit(GRC, r.key(), id())).isInstanceOf(IllegalStateException.class);
        assertThat(f.kernel.usageProfiles()).isEqualTo(before);
        assertThat(f.kernel.openReservations()).extracting(ReservationView::key).containsExactly(r.key());
        f.store.failWrites(false);
        assertThat(f.kernel.commit(GRC, r.key(), id()).lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(f.kernel.usageProfiles()).isEmpty();
    }

    @Test
    void failedDestroyKeepsEverything() {
        ReservationView r = committed(16);
        var before = f.kernel.usageProfiles();
        f.store.failWrites(true);
        assertThatThrownBy(() -> f.kernel.destroy(GRC, r.key())).isInstanceOf(IllegalStateException.class);
        assertThat(f.kernel.usageProfiles()).isEqualTo(before);
        assertThat(f.kernel.get(GRC, r.key()).lifecycleState()).isEqualTo(LifecycleState.Created);
    }

    @Test
    void aTimeoutWhoseWriteFailsIsRetriedAtTheNextTick() {
        ReservationView held = f.kernel.reserve(GRC, id(), cores(16, w), CONSUMER);
        var before = f.kernel.usageProfiles();
        f.clock.set(held.holdExpires());
        f.store.failWrites(true);
        assertThat(f.kernel.tick()).isZero();
        assertThat(f.kernel.usageProfiles()).isEqualTo(before);
        assertThat(f.kernel.get(GRC, held.key()).reservationState()).isEqualTo(ReservationState.ReserveHeld);
        assertThat(f.notifier.sent()).isEmpty();
        f.store.failWrites(false);
        assertThat(f.kernel.tick()).isEqualTo(1);
        assertThat(f.kernel.get(GRC, held.key()).reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        assertThat(f.kernel.usageProfiles()).isEmpty();
        assertThat(f.notifier.messagesFor(held.key())).isEqualTo(List.of("timeout"));
    }
}
