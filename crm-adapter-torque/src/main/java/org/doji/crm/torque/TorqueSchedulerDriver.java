package org.doji.crm.torque;

import org.doji.rm.util.PeriodicTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a scheduling pass every {@code doji.torque.pass-interval}: TORQUE tells an external scheduler
 * about submits and job ends only by being asked, so the passes poll. Reservation starts and ends also
 * trigger a pass directly (through the backend's onStart/onEnd).
 *
 * <p>A periodic task like the kernel's others: a stop lets the pass in progress finish. Interrupted in the middle,
 * a pass could lose the answer of a {@code qrun} that TORQUE carried out.
 */
public final class TorqueSchedulerDriver extends PeriodicTask {

    private static final Logger LOG = LoggerFactory.getLogger(TorqueSchedulerDriver.class);

    public TorqueSchedulerDriver(TorqueBackend backend, TorqueProperties props) {
        super("torque-scheduler", props.passInterval(), () -> pass(backend));
    }

    private static void pass(TorqueBackend backend) {
        try {
            TorqueSchedulerPass.Report r = backend.schedule();
            if (!r.started().isEmpty()) {
                LOG.debug("pass at {}: started {}", r.now(), r.started());
            }
        } catch (RuntimeException e) {
            LOG.warn("scheduling pass failed: {}", e.getMessage()); // TORQUE unreachable: the next pass tries again
        }
    }
}
