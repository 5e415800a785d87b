package org.doji.grc.fault;

import java.util.concurrent.atomic.AtomicBoolean;
import org.doji.grc.coallocation.CoordinationListener;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kills the whole GRC process at a crash point of two-phase commit, as a power cut would: no shutdown
 * hooks, no flush beyond what is already committed to the database. The listener runs after the step
 * is durable (see {@link CoordinationListener}), so what survives is exactly what a crash there leaves.
 */
public class HaltingListener implements CoordinationListener {

    private static final Logger log = LoggerFactory.getLogger(HaltingListener.class);

    /** Ends the process; {@code Runtime::halt} in production, a recorder in unit tests. */
    @FunctionalInterface
    public interface Halter {
        void halt(int status);
    }

    private final CrashPoint point;
    private final int attempt;
    private final int exitStatus;
    private final Halter halter;
    private final AtomicBoolean fired = new AtomicBoolean();

    public HaltingListener(CrashPoint point, int attempt, int exitStatus, Halter halter) {
        this.point = point;
        this.attempt = attempt;
        this.exitStatus = exitStatus;
        this.halter = halter;
        log.warn("FAULT INJECTION IS ON: this GRC halts (exit {}) {} of reservation attempt {} "
                + "(doji.grc.fault.halt-at); never run it in production", exitStatus, point.property(), attempt);
    }

    @Override
    public void afterPrepare(String coAllocation, int attempt) {
        haltIf(CrashPoint.AFTER_PREPARE, coAllocation, attempt);
    }

    @Override
    public void afterDecision(String coAllocation, int attempt, Decision decision) {
        if (decision == Decision.COMMITTED) {
            haltIf(CrashPoint.AFTER_DECISION, coAllocation, attempt);
        }
    }

    private void haltIf(CrashPoint reached, String coAllocation, int attempt) {
        if (reached != point || attempt != this.attempt || !fired.compareAndSet(false, true)) {
            return;
        }
        // the marker the crash tests wait for; the console appender writes through before halt
        log.error("doji-fault: HALT {} co-allocation={} attempt={}", point.property(), coAllocation, attempt);
        halter.halt(exitStatus);
    }
}
