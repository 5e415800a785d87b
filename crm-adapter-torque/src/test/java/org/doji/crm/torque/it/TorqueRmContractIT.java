package org.doji.crm.torque.it;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.doji.crm.batch.testing.RmProcess;
import org.doji.crm.torque.TorqueRmApplication;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.contract.RmContractTest;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.testing.MutableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * rm-core's RM contract, every case, against the TORQUE RM service over SOAP driving the real TORQUE: the
 * service runs as in production (durable H2 file database) on a clock the hold-timeout cases move, and the
 * restart case stops it and starts it again on the same database (the backend then reconciles).
 */
class TorqueRmContractIT extends RmContractTest {

    @TempDir
    static Path data;
    static RmProcess rm;
    // whole milliseconds, as the database keeps them (a restart must read back exactly what was shown)
    static final MutableClock CLOCK = new MutableClock(Instant.now().truncatedTo(ChronoUnit.MILLIS));

    @BeforeAll
    static void start() {
        RealTorque torque = RealTorque.require();
        rm = RmProcess.start(TorqueRmApplication.class, data, CLOCK, torque.rmProperties("torque-contract"));
    }

    @AfterAll
    static void stop() {
        if (rm != null) {
            rm.close();
        }
    }

    @Override
    protected ResourceManager rm() {
        return rm.client();
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("torque", 4, List.of())), List.of(), List.of(),
                List.of(RealTorque.USER), null);
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("torque", 10_000, List.of())), List.of(),
                List.of(), List.of(RealTorque.USER), null);
    }

    @Override
    protected boolean supportsVirtualTime() {
        return true;
    }

    @Override
    protected void advanceTime(Duration d) {
        CLOCK.advance(d);
        rm.bean(ReservationKernel.class).tick();
    }

    @Override
    protected boolean supportsRestart() {
        return true;
    }

    @Override
    protected void restart() {
        rm.restart();
    }
}
