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
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;

/**
 * What the RM contract suite needs of an RM under test (the hooks a subclass implements) and the helpers its cases
 * share: reading free capacity, letting a hold expire or a window end in virtual or real time, the RM's own time.
 */
public abstract class RmContractHooks {

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
        // 2-hour windows from 30 to 330 days ahead (within the 366 days every RM accepts): consecutive in a run,
        // so none repeats; from a random first one, so a run on a real batch system avoids an earlier run's leftovers
        long slot = NEXT_WINDOW.getAndIncrement() % WINDOWS;
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(30, ChronoUnit.DAYS).plus(2 * slot, ChronoUnit.HOURS);
        return new TimeWindow(start, start.plus(2, ChronoUnit.HOURS));
    }

    private static final long WINDOWS = 3_600;
    private static final java.util.concurrent.atomic.AtomicLong NEXT_WINDOW =
            new java.util.concurrent.atomic.AtomicLong(Math.floorMod(UUID.randomUUID().getMostSignificantBits(), WINDOWS));

    protected static String id() {
        return UUID.randomUUID().toString();
    }

    protected List<SlotAvailability> free(TimeWindow w) {
        return rm().availability(caller(), new AvailabilityQuery(List.of(w), null));
    }

    protected static void refused(Runnable call) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(DojiException.class,
                e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
    }

    /**
     * Lets the hold of the change {@code prepared} (the RM's answer to reserve, modify or cancel) expire and returns
     * the reservation afterwards. Virtual time: held 1 ms before the hold timeout, released at it. Real time: waits
     * for the RM to release it and checks that it did not before its hold expired.
     */
    protected ReservationView letHoldExpire(ReservationView prepared) {
        if (prepared.holdExpires() == null && prepared.pendingChange() == PendingChange.None) {
            // read after its hold had expired already (real time on a busy machine): nothing is left to wait for
            return rm().get(caller(), prepared.key());
        }
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
    protected Instant rmNow() {
        ReservationView probe = rm().reserve(caller(), id(), grantable(freshWindow()), null);
        rm().abort(caller(), probe.key(), id());
        return probe.created();
    }

    /** Lets the window of the committed reservation {@code r} end; returns the reservation afterwards. */
    protected ReservationView letWindowEnd(ReservationView r) {
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
}
