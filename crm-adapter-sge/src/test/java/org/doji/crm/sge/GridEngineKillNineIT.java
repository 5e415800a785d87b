package org.doji.crm.sge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.doji.crm.sge.backend.GridEngineBackendFactory;
import org.doji.rm.crash.CrashRun;
import org.doji.rm.crash.CrashTarget;
import org.doji.rm.model.ReservationView;
import org.doji.rm.testing.RmProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rm-core's kill -9 crash run against the Grid Engine RM in its own JVM on the real cluster: besides everything
 * the crash checker holds the RM to, Grid Engine agrees with it after the last restart's reconcile — every
 * committed reservation has its queue, no aborted, expired or cancelled one has any.
 */
class GridEngineKillNineIT {

    private static final Duration HOLD = Duration.ofSeconds(3);

    @TempDir
    Path dir;

    @AfterEach
    void removeTheRunsQueues() {
        GridEngineBackendFactory.create(RealGridEngine.PROPS.withLedgerFile(dir.resolve("cleanup-ledger")), Clock.systemUTC())
                .reconcile(List.of());
    }

    @Test
    void aGridEngineRmKilledMidTransactionKeepsEveryAcknowledgedChangeAndItsQueues() throws Exception {
        RealGridEngine ge = RealGridEngine.require();
        CrashTarget target = new CrashTarget("sge", 4, 2, "dojialice");
        try (RmProcess rm = new RmProcess(GridEngineRmApplication.class.getName(), dir.resolve("sge-crash"),
                Path.of("target", "crash-logs", "sge-crash-" + System.currentTimeMillis() + ".log"), List.of(
                        "--doji.rm.id=sge-crash",
                        "--doji.rm.hold-timeout=PT" + HOLD.toSeconds() + "S",
                        "--doji.rm.tick-interval=PT0.2S",
                        "--doji.sge.site=" + target.site(),
                        "--doji.sge.ledger-file=" + dir.resolve("ledger"))).start()) {
            CrashRun.Result result = new CrashRun(rm, target, HOLD).run();

            assertThat(result.violations()).as(result.toString()).isEmpty();
            assertThat(result.lost()).as("answers lost to the kills").isPositive();
            Set<String> committedHandles = new TreeSet<>();
            result.finalState().values().stream().filter(v -> !v.lifecycleState().isFinal())
                    .map(ReservationView::allocation).forEach(a -> a.compute().forEach(c -> committedHandles.add(c.handle())));
            assertThat(committedHandles).as("committed reservations").isNotEmpty();
            Set<String> queues = new TreeSet<>(ge.client.queueNames().stream().filter(q -> q.startsWith("doji_")).toList());
            assertThat(queues).as("reservation queues in Grid Engine").isEqualTo(committedHandles);
        }
    }
}
