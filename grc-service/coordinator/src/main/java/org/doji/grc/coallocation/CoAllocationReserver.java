package org.doji.grc.coallocation;

import io.micrometer.core.instrument.MeterRegistry;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.planning.PlanningIntake;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Claims;
import org.doji.grc.tx.ReplicaLocks;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.fault.DojiException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Reserves a co-allocation once it is planned (what the planning queue does next, on a worker thread): its ranked
 * plans are tried ({@link PlanAttempts}) under its reservation lock, if it still waits for them; it fails when
 * planning failed or no plan could be reserved.
 */
final class CoAllocationReserver implements PlanningIntake.Continuation {

    private static final Logger log = LoggerFactory.getLogger(CoAllocationReserver.class);

    private final CoAllocationStore store;
    private final PlanAttempts attempts;
    /**
     * One reservation run per co-allocation at a time, across the replicas ("reserve:" + key): a key can be planned
     * twice (queued by a restart's recovery and by its aborted attempt's replanning, or by two replicas); the second
     * run must see the first one's outcome, not Planning.
     */
    private final ReplicaLocks locks;
    private final CoordinationListener listener;
    private final MeterRegistry meters;

    CoAllocationReserver(CoAllocationStore store, PlanAttempts attempts, ReplicaLocks locks,
                         CoordinationListener listener, MeterRegistry meters) {
        this.store = store;
        this.attempts = attempts;
        this.locks = locks;
        this.listener = listener;
        this.meters = meters;
    }

    @Override
    public void proceed(CoAllocation c, PlanningOutcome outcome, RuntimeException error) {
        MDC.put("coAllocation", c.key());
        try {
            if (error != null) {
                failed(c.key(), "planning failed", error);
                return;
            }
            locks.withLock("reserve:" + c.key(), () -> reserve(c, outcome));
        } catch (TransactionLog.ConcurrentChangeException e) {
            log.info("co-allocation {} is reserved by another replica meanwhile: {}", c.key(), e.getMessage());
        } catch (Claims.StaleClaimException e) {
            // this replica stood still past its lease: the work is another replica's now, and this one writes nothing
            log.warn("co-allocation {} left to the replica that took it over ({})", c.key(), e.getMessage());
        } catch (RuntimeException e) {
            failed(c.key(), "internal error", e);
        } finally {
            MDC.remove("coAllocation");
        }
    }

    /** Tries the co-allocation's plans, if it still waits for them (under its reservation lock). */
    private void reserve(CoAllocation c, PlanningOutcome outcome) {
        CoAllocation now = store.find(c.key()).orElse(null);
        if (now == null || now.state() != CoAllocationState.Planning) {
            return; // planned twice (queued again after a restart) or destroyed meanwhile
        }
        PlanAttempts.Result result = attempts.reserveBest(c.key(), c.owner(), c.request(), outcome, now.attempt());
        if (result.committed() == null) {
            String reason = (outcome.ranked().isEmpty() ? "no feasible plan: " : "no plan could be reserved: ")
                    + String.join("; ", result.failures());
            store.transition(c.key(), CoAllocationEvent.FAIL, r -> r.setReason(reason));
            meters.counter("doji.grc.coallocations", "outcome", "Failed").increment();
            log.info("co-allocation failed: {}", reason);
            listener.settled(c.key(), CoAllocationState.Failed);
        }
    }

    private void failed(String key, String what, RuntimeException e) {
        log.error("co-allocation failed unexpectedly", e);
        try {
            // only while this run's work is still unfinished: another replica may have taken it over and reserved
            // it meanwhile (this one stood still past its lease), and a Reserved co-allocation is not this run's to fail
            boolean failedNow = store.transitionIf(key, r -> r.state() == CoAllocationState.Planning
                    || r.state() == CoAllocationState.Reserving, CoAllocationEvent.FAIL,
                    r -> r.setReason(what + ": " + e.getMessage()));
            if (!failedNow) {
                log.warn("co-allocation {} moved on meanwhile (another replica's run); left as it is", key);
                return;
            }
            listener.settled(key, CoAllocationState.Failed);
        } catch (DojiException refused) {
            log.warn("co-allocation {} could not be failed: {}", key, refused.getMessage());
        }
    }
}
