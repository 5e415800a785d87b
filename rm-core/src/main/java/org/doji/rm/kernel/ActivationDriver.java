package org.doji.rm.kernel;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Calls {@link ReservationKernel#tick()} periodically so holds expire and reservations start and end.
 * What is due is decided by the kernel's injected clock, so under a virtual clock tests call tick()
 * themselves and this driver only repeats what they see.
 */
public class ActivationDriver implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ActivationDriver.class);

    private final ReservationKernel kernel;
    private final Duration interval;
    private ScheduledExecutorService executor;

    public ActivationDriver(ReservationKernel kernel, Duration interval) {
        this.kernel = kernel;
        this.interval = interval;
    }

    @Override
    public synchronized void start() {
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "doji-activation-" + kernel.settings().rmId());
            t.setDaemon(true);
            return t;
        });
        executor.scheduleWithFixedDelay(this::tickSafely, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void tickSafely() {
        try {
            kernel.tick();
        } catch (RuntimeException e) {
            log.error("activation tick failed; will retry", e);
        }
    }

    @Override
    public synchronized void stop() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }
}
