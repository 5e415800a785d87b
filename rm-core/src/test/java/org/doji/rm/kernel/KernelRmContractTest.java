package org.doji.rm.kernel;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.contract.RmContractTest;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;

/** The RM contract against the kernel in-process, in virtual time, with restarts over the same store. */
class KernelRmContractTest extends RmContractTest {

    private final KernelFixture f = new KernelFixture(KernelFixture.inventory(4, List.of()),
            RmSettings.defaults("crm-t"), Instant.now());

    @Override
    protected ResourceManager rm() {
        return f.kernel;
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("s", 8, List.of())), List.of(), List.of(),
                List.of("alice"), null);
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("s", 33, List.of())), List.of(), List.of(),
                List.of("alice"), null);
    }

    @Override
    protected boolean supportsVirtualTime() {
        return true;
    }

    @Override
    protected void advanceTime(Duration d) {
        f.clock.advance(d);
        f.kernel.tick();
    }

    @Override
    protected boolean supportsRestart() {
        return true;
    }

    @Override
    protected void restart() {
        f.restart();
    }
}
