package org.doji.crm.slurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.doji.crm.batch.testing.RmProcess;
import org.doji.crm.batch.testing.ServiceContractTest;
import org.doji.crm.slurm.SlurmRmApplication;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * rm-core's RM contract, every case, on the real Slurm: each committed reservation is a Slurm reservation.
 * Across the restart case Slurm's reservations must come through the reconcile unchanged, and no case
 * leaves one behind.
 */
class SlurmRmContractIT extends ServiceContractTest {

    static final String PREFIX = "dojict-";
    @TempDir
    static Path data;
    static RealSlurm slurm;

    @BeforeAll
    static void start() {
        slurm = RealSlurm.require();
        startService(SlurmRmApplication.class, data, RealSlurm.rmProperties("slurm-contract", PREFIX));
    }

    @AfterAll
    static void nothingLeftBehind() {
        if (slurm != null) {
            assertThat(slurm.reservations(PREFIX)).isEmpty();
        }
    }

    @Override
    protected String site() {
        return "slurm";
    }

    @Override
    protected int nodeCores() {
        return 2;
    }

    @Override
    protected String user() {
        return "root";
    }

    @Override
    protected void restartWith(RmProcess process) {
        var before = slurm.reservations(PREFIX);
        assertThat(before).isNotEmpty();
        process.restart();
        assertThat(slurm.reservations(PREFIX)).containsExactlyInAnyOrderElementsOf(before);
    }
}
