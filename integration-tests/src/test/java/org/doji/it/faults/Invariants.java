package org.doji.it.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.RmOutcome;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;

/**
 * The end-state checks every fault scenario ends with, made at every RM's kernel: no partial
 * co-allocation, no resource booked beyond capacity, nothing held. {@link Watch} also samples capacity
 * while a scenario runs, so a transient breach between two checks is caught too.
 */
public final class Invariants {

    private Invariants() {
    }

    static String globalId(ReservationView v) {
        return v.spec() != null ? v.spec().globalId() : v.pendingSpec() != null ? v.pendingSpec().globalId() : null;
    }

    static boolean committed(ReservationView v) {
        return v.reservationState() == ReservationState.ReserveStart && !v.lifecycleState().isFinal() && v.spec() != null;
    }

    static boolean held(ReservationView v) {
        return v.reservationState() == ReservationState.ReserveHeld
                || (v.pendingChange() != null && v.pendingChange() != org.doji.rm.model.PendingChange.None);
    }

    /** Capacity breaches at any breakpoint of any resource of any RM. */
    public static Map<String, List<String>> capacityViolations(RmFleet fleet) {
        Map<String, List<String>> out = new TreeMap<>();
        for (String id : fleet.ids()) {
            List<String> v = fleet.kernel(id).capacityViolations();
            if (!v.isEmpty()) {
                out.put(id, v);
            }
        }
        return out;
    }

    public static void assertNoCapacityExceeded(RmFleet fleet) {
        assertThat(capacityViolations(fleet)).as("capacity exceeded somewhere").isEmpty();
    }

    /** Held reservations (phase one without phase two) per RM, as "rm/key/globalId". */
    public static List<String> held(RmFleet fleet) {
        List<String> out = new ArrayList<>();
        for (String id : fleet.ids()) {
            fleet.kernel(id).openReservations().stream().filter(Invariants::held)
                    .forEach(v -> out.add(id + "/" + v.key() + "/" + globalId(v)));
        }
        return out;
    }

    /** Waits until no RM holds anything (an orphan hold must be gone after the hold timeout). */
    public static void awaitNothingHeld(RmFleet fleet, Duration atMost) {
        await("nothing held at any RM").atMost(atMost).pollInterval(Duration.ofMillis(200))
                .until(() -> held(fleet), List::isEmpty);
    }

    /** Committed reservations of one co-allocation, per RM: rm id → reservation keys. */
    public static Map<String, List<String>> committedParts(RmFleet fleet, String coAllocation) {
        Map<String, List<String>> out = new TreeMap<>();
        for (String id : fleet.ids()) {
            List<String> keys = fleet.kernel(id).openReservations().stream()
                    .filter(v -> coAllocation.equals(globalId(v)) && committed(v)).map(ReservationView::key).toList();
            if (!keys.isEmpty()) {
                out.put(id, keys);
            }
        }
        return out;
    }

    /**
     * All or nothing: a Reserved co-allocation has exactly one committed reservation at every RM of its
     * outcome (the one the GRC recorded) and none elsewhere; any other state has none anywhere.
     */
    public static void assertAllOrNothing(RmFleet fleet, CoAllocationDocument doc) {
        Map<String, List<String>> parts = committedParts(fleet, doc.getKey());
        if (doc.getState() == CoAllocationState.RESERVED || doc.getState() == CoAllocationState.ACTIVE) {
            Map<String, List<String>> expected = new TreeMap<>();
            for (RmOutcome o : doc.getRm()) {
                expected.put(o.getRmId(), List.of(o.getReservationKey()));
            }
            assertThat(parts).as("committed parts of reserved co-allocation %s", doc.getKey()).isEqualTo(expected);
            assertThat(expected).as("a reserved co-allocation has participants").isNotEmpty();
        } else {
            assertThat(parts).as("committed parts of %s co-allocation %s (%s)", doc.getState(), doc.getKey(),
                    doc.getReason()).isEmpty();
        }
    }

    /** Samples every RM's capacity while a scenario runs. */
    public static final class Watch implements AutoCloseable {
        private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "capacity-watch");
            t.setDaemon(true);
            return t;
        });
        private final List<String> breaches = new CopyOnWriteArrayList<>();
        private volatile int samples;

        public Watch(RmFleet fleet, Duration every) {
            timer.scheduleWithFixedDelay(() -> {
                capacityViolations(fleet).forEach((rm, v) -> breaches.add(rm + ": " + v));
                samples++;
            }, 0, every.toMillis(), TimeUnit.MILLISECONDS);
        }

        public List<String> breaches() {
            return List.copyOf(breaches);
        }

        public int samples() {
            return samples;
        }

        @Override
        public void close() {
            timer.shutdownNow();
        }
    }
}
