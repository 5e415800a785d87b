package org.doji.grc.persistence;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.doji.grc.model.CoAllocationState;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.util.Cadence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Forgets, by the injected clock (virtual time in tests and simulations), the co-allocations that ended
 * (Completed, Cancelled, Failed) and the reservations of the GRC's RM port that finished, once unchanged for longer
 * than {@code doji.grc.retention} or past their WS-ResourceLifetime termination time, together with the calls that
 * created or changed them; never one whose
 * transaction is still in progress. At most one sweep per hour of that clock. Several GRCs on one database may
 * sweep at once: deleting what another already deleted changes nothing.
 */
public class GrcRetention {

    private static final Logger log = LoggerFactory.getLogger(GrcRetention.class);
    /** Keys deleted per statement: bounded lists of bind parameters on every database. */
    private static final int BATCH = 500;

    private final CoAllocationRepository coAllocations;
    private final DelegatedReservationRepository delegated;
    private final CallRecordRepository calls;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final Duration retention;
    private final Cadence cadence = new Cadence(Duration.ofHours(1));

    public GrcRetention(CoAllocationRepository coAllocations, DelegatedReservationRepository delegated,
                        CallRecordRepository calls, TransactionTemplate tx, Clock clock, Duration retention) {
        this.coAllocations = coAllocations;
        this.delegated = delegated;
        this.calls = calls;
        this.tx = tx;
        this.clock = clock;
        this.retention = retention;
    }

    /** The periodic task's step: sweeps when an hour (of the clock) has passed since the last sweep. */
    public synchronized void sweepIfDue() {
        cadence.runIfDue(clock.instant(), this::sweep);
    }

    /** Forgets everything past the retention now; returns how many co-allocations and delegated reservations. */
    public synchronized int sweep() {
        Instant before = clock.instant().minus(retention);
        List<CoAllocationState> ended = Arrays.stream(CoAllocationState.values()).filter(CoAllocationState::isFinal).toList();
        List<LifecycleState> finished = Arrays.stream(LifecycleState.values()).filter(LifecycleState::isFinal).toList();
        int co = forget(coAllocations.findIdleInStatesUpdatedBefore(ended, before), coAllocations::deleteByKeys)
                + forget(coAllocations.findIdleInStatesTerminatedBefore(ended, clock.instant()), coAllocations::deleteByKeys);
        int rm = forget(delegated.findIdleInStatesUpdatedBefore(finished, before), delegated::deleteByKeys)
                + forget(delegated.findIdleInStatesTerminatedBefore(finished, clock.instant()), delegated::deleteByKeys);
        if (co > 0 || rm > 0) {
            log.info("forgot {} co-allocations and {} RM-port reservations unchanged for longer than {} or past their"
                    + " termination time", co, rm, retention);
        }
        return co + rm;
    }

    private int forget(List<String> keys, java.util.function.ToIntFunction<List<String>> delete) {
        int n = 0;
        for (int i = 0; i < keys.size(); i += BATCH) {
            List<String> batch = keys.subList(i, Math.min(keys.size(), i + BATCH));
            Integer deleted = tx.execute(s -> {
                calls.deleteBySubjects(batch);
                return delete.applyAsInt(batch);
            });
            n += deleted == null ? 0 : deleted;
        }
        return n;
    }
}
