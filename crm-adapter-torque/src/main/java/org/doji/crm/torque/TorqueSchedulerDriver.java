package org.doji.crm.torque;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a scheduling pass every {@code doji.torque.pass-interval}: TORQUE tells an external scheduler
 * about submits and job ends only by being asked, so the passes poll. Reservation starts and ends also
 * trigger a pass directly (through the backend's onStart/onEnd).
 */
public final class TorqueSchedulerDriver implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TorqueSchedulerDriver.class);

    private final TorqueBackend backend;
    private final long intervalMillis;
    private ScheduledExecutorService executor;

    public TorqueSchedulerDriver(TorqueBackend backend, TorqueProperties props) {
        this.backend = backend;
        this.intervalMillis = props.passInterval().toMillis();
    }

    public synchronized void start() {
        if (executor != null) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "torque-scheduler");
            t.setDaemon(true);
            return t;
        });
        executor.scheduleWithFixedDelay(this::passSafely, 0, intervalMillis, TimeUnit.MILLISECONDS);
    }

    private void passSafely() {
        try {
            TorqueSchedulerPass.Report r = backend.schedule();
            if (!r.started().isEmpty()) {
                LOG.debug("pass at {}: started {}", r.now(), r.started());
            }
        } catch (RuntimeException e) {
            LOG.warn("scheduling pass failed: {}", e.getMessage());
        }
    }

    @Override
    public synchronized void close() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }
}
