package org.doji.rm.kernel;

import java.time.Duration;
import org.doji.rm.util.PeriodicTask;

/**
 * Calls {@link ReservationKernel#tick()} periodically so holds expire and reservations start and end.
 * What is due is decided by the kernel's injected clock, so under a virtual clock tests call tick()
 * themselves and this driver only repeats what they see.
 */
public class ActivationDriver extends PeriodicTask {

    public ActivationDriver(ReservationKernel kernel, Duration interval) {
        super("doji-activation-" + kernel.settings().rmId(), interval, kernel::tick);
    }
}
