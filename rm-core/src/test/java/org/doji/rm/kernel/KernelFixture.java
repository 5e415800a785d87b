package org.doji.rm.kernel;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.rm.api.Caller;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.testing.RecordingNotifier;
import org.doji.rm.util.SettableClock;

/** A kernel over the simulated backend, an in-memory store, a virtual clock and a recording notifier. */
final class KernelFixture {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    static final Caller GRC = Caller.coordinator("grc");
    static final String CONSUMER = "http://grc.example/notify";

    final SettableClock clock;
    final RecordingNotifier notifier = new RecordingNotifier();
    final InMemoryReservationStore store = new InMemoryReservationStore();
    final SimulatedBackend backend;
    final RmSettings settings;
    ReservationKernel kernel;

    KernelFixture(BackendInventory inventory, RmSettings settings) {
        this(inventory, settings, T0);
    }

    KernelFixture(BackendInventory inventory, RmSettings settings, Instant start) {
        this(new SimulatedBackend(inventory), settings, start);
    }

    /** A kernel over {@code backend} (a simulated backend with some behaviour changed). */
    KernelFixture(SimulatedBackend backend, RmSettings settings, Instant start) {
        this.clock = new SettableClock(start);
        this.backend = backend;
        this.settings = settings;
        this.kernel = new ReservationKernel(settings, backend, store, clock, notifier);
    }

    /** One site "s" of {@code nodes} nodes with 8 cores each; default settings (hold timeout 120 s). */
    static KernelFixture site(int nodes) {
        return new KernelFixture(inventory(nodes, List.of()), RmSettings.defaults("crm-t"));
    }

    static BackendInventory inventory(int nodes, List<BackendInventory.CapacityChange> changes) {
        return new BackendInventory(RmKind.COMPUTE, "d", List.of(SimulatedBackend.site("s", nodes, 8, 1.0, Map.of())),
                List.of(), List.of(), List.of(new BackendInventory.CountableResource("lic", 10, 0.5)), changes);
    }

    static RmSettings settings(Duration hold, Map<String, Double> levels) {
        return new RmSettings("crm-t", hold, Duration.ofDays(366), levels, Set.of());
    }

    /** A new kernel over the same store and backend, as after a process restart. */
    void restart() {
        kernel = new ReservationKernel(settings, backend, store, clock, notifier);
    }

    static TimeWindow window(long fromMinutes, long toMinutes) {
        return new TimeWindow(T0.plus(Duration.ofMinutes(fromMinutes)), T0.plus(Duration.ofMinutes(toMinutes)));
    }

    static ReservationSpec cores(int cores, TimeWindow w) {
        return new ReservationSpec(w, List.of(new ComputeDemand("s", cores, List.of())), List.of(), List.of(),
                List.of("alice"), "co-1");
    }

    List<SlotAvailability> free(TimeWindow... slots) {
        return kernel.availability(GRC, new AvailabilityQuery(List.of(slots), null));
    }

    int freeCores(TimeWindow w) {
        return free(w).get(0).compute().get(0).freeCores();
    }

    static String id() {
        return java.util.UUID.randomUUID().toString();
    }
}
