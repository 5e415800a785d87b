package org.doji.crm.sge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.doji.rm.contract.ComputeRmContractTest;
import org.doji.rm.testing.RestartableRm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * rm-core's RM contract against the Grid Engine RM over SOAP, on the real cluster (every commit creates a real
 * queue, every cancel/destroy deletes one), in real time: a 3 s hold timeout that the hold-timeout cases wait out,
 * a window that really starts and ends, and a restart of the application on its durable H2 file after which the
 * reservation queues in Grid Engine are exactly the ones before.
 */
class GridEngineRmContractIT extends ComputeRmContractTest {

    static RealGridEngine ge;

    @TempDir
    static Path dir;

    private static RestartableRm app;

    GridEngineRmContractIT() {
        super(() -> app, null, "sge", 2, "dojialice");
    }

    @BeforeAll
    static void start() {
        ge = RealGridEngine.require();
        app = new RestartableRm(GridEngineRmApplication.class, dir.resolve("sge-contract"), Map.of(
                "doji.rm.id", "sge-contract",
                "doji.rm.hold-timeout", "PT3S",
                "doji.rm.tick-interval", "PT0.2S",
                "doji.sge.site", "sge",
                "doji.sge.ledger-file", dir.resolve("ledger").toString()), ctx -> { }).start();
    }

    @AfterAll
    static void noReservationQueueIsLeftBehind() {
        if (app != null) {
            app.close();
        }
        // every contract test ends its reservations (destroy, cancel, abort, expiry or end): none may leave a queue
        if (ge != null) { // null when skipped: @AfterAll runs even after a failed assumption
            assertThat(ge.client.queueNames()).noneMatch(q -> q.startsWith("doji_"));
        }
    }

    @Override
    protected void restart() {
        Set<String> before = reservationQueues();
        super.restart();
        assertThat(reservationQueues()).as("the reconcile after the restart").isEqualTo(before);
    }

    static Set<String> reservationQueues() {
        return new TreeSet<>(ge.client.queueNames().stream().filter(q -> q.startsWith("doji_")).toList());
    }
}
