package org.doji.crm.sge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.doji.crm.sge.config.GridEngineProperties;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.contract.ComputeRmContractTest;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * rm-core's RM contract against the kernel in-process over this backend on the real cluster (queue control), in
 * virtual time (the hold-timeout cases move the clock) and with restarts of the application on its durable H2
 * file: after each restart the kernel's reconcile runs against Grid Engine and must keep exactly the reservation
 * objects (queues; native ARs in {@link GridEngineNativeContractIT}) that existed, and none is left at the end.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS) // so that the mode and the objects come from overridable methods
class GridEngineKernelContractIT extends ComputeRmContractTest {

    RealGridEngine ge;

    @TempDir
    static Path dir;

    private static final SettableClock clock = new SettableClock(Instant.now());
    /** Static only to be reachable from the constructor; one class's RM at a time (they run one after the other). */
    private static RestartableRm app;

    GridEngineKernelContractIT() {
        super(() -> app, clock::advance, "sge", 2, "dojialice");
    }

    protected GridEngineProperties.Mode mode() {
        return GridEngineProperties.Mode.QUEUE_CONTROL;
    }

    /** The Grid Engine objects Doji's reservations own in this mode. */
    protected Set<String> reservationObjects() {
        return new TreeSet<>(ge.client.queueNames().stream().filter(q -> q.startsWith("doji_")).toList());
    }

    @BeforeAll
    void start() {
        ge = RealGridEngine.require();
        app = new RestartableRm(GridEngineRmApplication.class, dir.resolve("sge-kernel-contract"), Map.of(
                "doji.rm.id", "crm-sge-contract",
                "doji.rm.tick-interval", "PT1H", // the test drives the ticks of its virtual clock
                "doji.sge.mode", mode().name(),
                "doji.sge.site", "sge",
                "doji.sge.ledger-file", dir.resolve("ledger").toString()),
                ctx -> ctx.getBeanFactory().registerSingleton("dojiClock", clock)).start();
    }

    @AfterAll
    void nothingIsLeftBehind() {
        if (app != null) {
            app.close();
            app = null;
        }
        if (ge != null) {
            assertThat(reservationObjects()).isEmpty();
        }
    }

    @Override
    protected ResourceManager rm() {
        return app.bean(ReservationKernel.class);
    }

    @Override
    protected void restart() {
        Set<String> before = reservationObjects();
        super.restart();
        assertThat(reservationObjects()).as("the reconcile after the restart").isEqualTo(before);
    }
}
