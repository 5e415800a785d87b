package org.doji.crm.sge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.contract.RmContractTest;
import org.doji.rm.kernel.InMemoryReservationStore;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.testing.MutableClock;
import org.doji.rm.testing.RecordingNotifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * rm-core's RM contract against the kernel in-process over this backend on the real cluster, in virtual
 * time (hold time-outs) and with restarts over the same store: after each restart the kernel's reconcile
 * runs against Grid Engine and must keep exactly the reservation queues that existed.
 */
class GridEngineKernelContractIT extends RmContractTest {

    static RealGridEngine ge;

    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(Instant.now());
    private final InMemoryReservationStore store = new InMemoryReservationStore();
    private final RmSettings settings = RmSettings.defaults("crm-sge-contract");
    private GridEngineBackend backend;
    private ReservationKernel kernel;

    @BeforeAll
    static void requireGridEngine() {
        ge = RealGridEngine.require();
    }

    @AfterAll
    static void noReservationQueueIsLeftBehind() {
        if (ge != null) {
            assertThat(ge.client.queueNames()).noneMatch(q -> q.startsWith("doji_"));
        }
    }

    @BeforeEach
    void startKernel() {
        backend = GridEngineBackendFactory.create(RealGridEngine.PROPS.withLedgerFile(tmp.resolve("ledger")), clock);
        kernel = new ReservationKernel(settings, backend, store, clock, new RecordingNotifier());
    }

    @Override
    protected ResourceManager rm() {
        return kernel;
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("sge", 2, List.of())), List.of(), List.of(),
                List.of("dojialice"), null);
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("sge", 10_000, List.of())), List.of(),
                List.of(), List.of("dojialice"), null);
    }

    @Override
    protected boolean supportsVirtualTime() {
        return true;
    }

    @Override
    protected void advanceTime(Duration d) {
        clock.advance(d);
        kernel.tick();
    }

    @Override
    protected boolean supportsRestart() {
        return true;
    }

    @Override
    protected void restart() {
        Set<String> before = reservationQueues();
        // a new process: new backend (reading the same ledger) and kernel over the same store
        backend = GridEngineBackendFactory.create(RealGridEngine.PROPS.withLedgerFile(tmp.resolve("ledger")), clock);
        kernel = new ReservationKernel(settings, backend, store, clock, new RecordingNotifier());
        assertThat(reservationQueues()).isEqualTo(before);
    }

    private static Set<String> reservationQueues() {
        return new TreeSet<>(ge.client.queueNames().stream().filter(q -> q.startsWith("doji_")).toList());
    }
}
