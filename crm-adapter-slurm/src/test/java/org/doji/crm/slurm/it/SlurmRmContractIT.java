package org.doji.crm.slurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.doji.crm.slurm.SlurmRmApplication;
import org.doji.rm.contract.ComputeRmContractTest;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * rm-core's RM contract, every case, on the real Slurm (over SOAP, on the RM's durable H2 file, on a clock the
 * hold-timeout cases move): each committed reservation is a Slurm reservation. Across the restart case Slurm's
 * reservations must come through the reconcile unchanged, and no case leaves one behind.
 */
class SlurmRmContractIT extends ComputeRmContractTest {

    static final String PREFIX = "dojict-";
    /** Whole milliseconds, as the database keeps them: a restart must read back exactly what was shown. */
    private static final SettableClock CLOCK = new SettableClock(Instant.now().truncatedTo(ChronoUnit.MILLIS));

    @TempDir
    static Path data;
    static RealSlurm slurm;
    private static RestartableRm app;

    SlurmRmContractIT() {
        super(() -> app, CLOCK::advance, "slurm", 2, "root");
    }

    @BeforeAll
    static void start() {
        slurm = RealSlurm.require();
        app = new RestartableRm(SlurmRmApplication.class, data.resolve("slurm-contract"),
                RealSlurm.rmProperties("slurm-contract", PREFIX), RestartableRm.withClock(CLOCK)).start();
    }

    @AfterAll
    static void nothingLeftBehind() {
        try {
            if (slurm != null) { // null when skipped: @AfterAll runs even after a failed assumption
                assertThat(slurm.reservations(PREFIX)).isEmpty();
            }
        } finally {
            if (app != null) {
                app.close();
            }
        }
    }

    @Override
    protected void restart() {
        var before = slurm.reservations(PREFIX);
        assertThat(before).isNotEmpty();
        super.restart();
        assertThat(slurm.reservations(PREFIX)).containsExactlyInAnyOrderElementsOf(before);
    }
}
