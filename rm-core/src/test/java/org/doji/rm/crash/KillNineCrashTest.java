package org.doji.rm.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.testing.RmProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN §4/§11 under {@code kill -9}: a simulated-backend RM in its own JVM on a durable H2 file, driven by a
 * seeded random stream of two-phase calls from several threads, killed at random moments and restarted on the same
 * file, keeps every acknowledged change, expires every undecided hold, gives the same answer to a retried call and
 * never books a node twice. Reproduce a run with {@code -Dcrash.seed=N} (also crash.threads, crash.operations,
 * crash.kills).
 */
class KillNineCrashTest {

    static final Duration HOLD = Duration.ofSeconds(3);

    @TempDir
    Path dir;

    @Test
    void anRmKilledMidTransactionKeepsEveryAcknowledgedChangeAndExpiresTheRest() throws Exception {
        CrashTarget target = new CrashTarget("siteA", 4, 8, "alice");
        try (RmProcess rm = process("org.doji.rm.app.RmApplication", dir, "crm-crash", target)) {
            CrashRun.Result result = new CrashRun(rm, target, HOLD).run();

            assertThat(result.violations()).as(result.toString()).isEmpty();
            // the run must have exercised what it claims: kills that cut calls, and reservations in every end state
            assertThat(result.kills()).isGreaterThanOrEqualTo(Integer.getInteger("crash.kills", 4));
            assertThat(result.lost()).as("answers lost to the kills").isPositive();
            assertThat(result.finalState().values()).extracting(v -> v.lifecycleState())
                    .contains(LifecycleState.Created, LifecycleState.Terminated);
        }
    }

    /** The crash run's RM ({@code mainClass}: the standalone RM, or it on a test's disk) started on its H2 file. */
    static RmProcess process(String mainClass, Path dir, String id, CrashTarget target) {
        return new RmProcess(mainClass, dir.resolve(id),
                Path.of("target", "crash-logs", id + "-" + System.currentTimeMillis() + ".log"), List.of(
                        "--doji.rm.id=" + id,
                        "--doji.rm.hold-timeout=PT" + HOLD.toSeconds() + "S",
                        "--doji.rm.tick-interval=PT0.2S",
                        "--doji.rm.simulated.sites[0].name=" + target.site(),
                        "--doji.rm.simulated.sites[0].nodes=" + target.nodes(),
                        "--doji.rm.simulated.sites[0].cores-per-node=" + target.coresPerNode())).start();
    }
}
