package org.doji.rm.contract;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.testing.RestartableRm;

/**
 * The contract against an RM application run as a {@link RestartableRm} (durable H2 file, restartable): the
 * restart case restarts the application; with a clock mover the time-dependent cases move its virtual clock and
 * tick its kernel, without one they run in real time.
 */
public abstract class RestartableRmContractTest extends RmContractTest {

    private final Supplier<RestartableRm> app;
    private final Consumer<Duration> clockMover;

    /**
     * @param app        the RM application under test (started by the subclass before its first case)
     * @param clockMover moves the RM's virtual clock; null when the RM runs in real time
     */
    protected RestartableRmContractTest(Supplier<RestartableRm> app, Consumer<Duration> clockMover) {
        this.app = app;
        this.clockMover = clockMover;
    }

    protected RestartableRm app() {
        return app.get();
    }

    @Override
    protected boolean supportsVirtualTime() {
        return clockMover != null;
    }

    @Override
    protected void advanceTime(Duration d) {
        clockMover.accept(d);
        app().bean(ReservationKernel.class).tick();
    }

    @Override
    protected boolean supportsRestart() {
        return true;
    }

    @Override
    protected void restart() {
        app().restart();
    }

    /**
     * A compute RM's spec over {@code window}: {@code cores} on {@code site} for {@code user} (the compute RMs'
     * grantable and too-large specs differ only in these).
     */
    protected static ReservationSpec computeSpec(TimeWindow window, String site, int cores, String user) {
        return new ReservationSpec(window, List.of(new ComputeDemand(site, cores, List.of())), List.of(), List.of(),
                List.of(user), null);
    }
}
