package org.doji.crm.batch.testing;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.contract.RmContractTest;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.testing.MutableClock;
import org.junit.jupiter.api.AfterAll;

/**
 * rm-core's RM contract, every case, against an adapter's RM service over SOAP on the real batch system:
 * the service runs as in production (durable H2 file database) on a clock the hold-timeout cases move, and
 * the restart case stops it and starts it again on the same database. Subclasses start the service in a
 * {@code @BeforeAll} with {@link #startService} and say which site and user a grantable spec names.
 */
public abstract class ServiceContractTest extends RmContractTest {

    /** Whole milliseconds, as the database keeps them: a restart must read back exactly what was shown. */
    protected static final MutableClock CLOCK = new MutableClock(Instant.now().truncatedTo(ChronoUnit.MILLIS));
    private static RmProcess service;

    protected static void startService(Class<?> application, Path data, Map<String, Object> properties) {
        service = RmProcess.start(application, data, CLOCK, properties);
    }

    @AfterAll
    static void stopService() {
        if (service != null) {
            service.close();
            service = null;
        }
    }

    /** The site a spec names, the cores one node has, and the user the reservation admits. */
    protected abstract String site();

    protected abstract int nodeCores();

    protected abstract String user();

    /** Called with the service stopped, during the restart case (e.g. to check the system is unchanged after). */
    protected void restartWith(RmProcess process) {
        process.restart();
    }

    @Override
    protected ResourceManager rm() {
        return service.client();
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand(site(), nodeCores(), List.of())), List.of(),
                List.of(), List.of(user()), null);
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand(site(), 10_000, List.of())), List.of(),
                List.of(), List.of(user()), null);
    }

    @Override
    protected boolean supportsVirtualTime() {
        return true;
    }

    @Override
    protected void advanceTime(Duration d) {
        CLOCK.advance(d);
        service.bean(ReservationKernel.class).tick();
    }

    @Override
    protected boolean supportsRestart() {
        return true;
    }

    @Override
    protected void restart() {
        restartWith(service);
    }
}
