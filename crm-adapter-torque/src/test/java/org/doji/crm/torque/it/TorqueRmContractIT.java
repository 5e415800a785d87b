package org.doji.crm.torque.it;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.doji.crm.torque.TorqueRmApplication;
import org.doji.rm.contract.ComputeRmContractTest;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * rm-core's RM contract, every case, against the TORQUE RM service (over SOAP, on its durable H2 file) driving
 * the real TORQUE 6.1.3, on a clock the hold-timeout cases move; the restart case restarts the application.
 */
class TorqueRmContractIT extends ComputeRmContractTest {

    /** Whole milliseconds, as the database keeps them: a restart must read back exactly what was shown. */
    private static final SettableClock CLOCK = new SettableClock(Instant.now().truncatedTo(ChronoUnit.MILLIS));

    @TempDir
    static Path data;
    private static RestartableRm app;

    TorqueRmContractIT() {
        super(() -> app, CLOCK::advance, "torque", 4, RealTorque.USER);
    }

    @BeforeAll
    static void start() {
        app = new RestartableRm(TorqueRmApplication.class, data.resolve("torque-contract"),
                RealTorque.require().rmProperties("torque-contract"), RestartableRm.withClock(CLOCK)).start();
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }
}
