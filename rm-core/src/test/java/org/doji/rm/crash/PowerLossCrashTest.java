package org.doji.rm.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.doji.rm.testing.RmProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acknowledged means on disk: the {@code kill -9} crash run ({@link CrashRun}) with the RM's H2 file on a
 * {@link LossyDisk}, so each kill is a power cut (everything H2 wrote but had not forced to disk is lost, as the
 * operating system's page cache is), and the restarted RM reads only what was forced. The same checker then finds
 * every acknowledged change kept and nothing booked twice. (An RM that acknowledges before its commit is forced, as
 * Doji's did when it forced its H2 file once a second, loses acknowledged reservations here.)
 */
@DisabledIf(value = "org.doji.rm.testing.TestDatabase#postgres", disabledReason = "the lossy disk is under H2's files")
class PowerLossCrashTest {

    @TempDir
    Path dir;

    @Test
    void anRmLosingEveryUnforcedWriteAtEachCrashKeepsEveryAcknowledgedChange() throws Exception {
        CrashTarget target = new CrashTarget("siteA", 4, 8, "alice");
        try (RmProcess rm = KillNineCrashTest.process("org.doji.rm.testing.LossyDiskRmApplication", dir, "crm-power", target)) {
            CrashRun.Result result = new CrashRun(rm, target, KillNineCrashTest.HOLD).run();

            assertThat(result.violations()).as(result.toString()).isEmpty();
            assertThat(result.kills()).isGreaterThanOrEqualTo(Integer.getInteger("crash.kills", 4));
            assertThat(result.lost()).as("answers lost to the kills").isPositive();
        }
    }
}
