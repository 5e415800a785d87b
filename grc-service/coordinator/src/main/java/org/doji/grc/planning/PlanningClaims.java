package org.doji.grc.planning;

import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.ReplicaLocks;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.fault.DojiException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which replica plans and reserves a co-allocation. The planning queue ({@link PlanningIntake}) is each replica's
 * own, in memory: it claims a co-allocation ("plan:" + key) when it queues it and gives the claim up once its
 * reservation run ended. A co-allocation in Planning or Reserving that no live replica claims was left by a
 * dead one (its claims ran out with its lease) and is {@link #adopt adopted}: planned again here.
 */
public final class PlanningClaims {

    private static final Logger log = LoggerFactory.getLogger(PlanningClaims.class);

    private final CoAllocationStore store;
    private final TransactionLog transactions;
    private final ReplicaLocks locks;
    /** The keys this replica claimed for planning (queued, planned or being reserved here). */
    private final Set<String> mine = ConcurrentHashMap.newKeySet();

    public PlanningClaims(CoAllocationStore store, TransactionLog transactions, ReplicaLocks locks) {
        this.store = store;
        this.transactions = transactions;
        this.locks = locks;
    }

    /** Whether the co-allocation is planned here: claimed here already, or claimed now (no other live replica plans it). */
    public boolean claim(String key) {
        if (mine.contains(key) || tryClaim(key)) {
            return true;
        }
        log.debug("co-allocation {} is planned by another replica", key);
        return false;
    }

    /** The reservation run of {@code key} ended here: another replica may plan it from now on. */
    public void done(String key) {
        mine.remove(key);
        try {
            locks.claims().release("plan:" + key);
        } catch (RuntimeException e) {
            log.warn("could not release the planning claim of {}: {}", key, e.toString());
        }
    }

    /**
     * Takes over every co-allocation in Planning or Reserving that no live replica claims: one interrupted between
     * two reservation attempts is planned again (from Reserving), one waiting to be planned is queued here. One
     * with an undecided transaction is left to the transaction drivers (which abort it and plan it again).
     *
     * @param plan queues an adopted key for planning here
     */
    public int adopt(Consumer<String> plan) {
        int adopted = 0;
        for (CoAllocation c : store.inStates(EnumSet.of(CoAllocationState.Planning, CoAllocationState.Reserving))) {
            if (mine.contains(c.key()) || !tryClaim(c.key())) {
                continue;
            }
            if (transactions.ofSubject(c.key()).stream().anyMatch(t -> !t.decided())) {
                done(c.key());
                continue;
            }
            if (c.state() == CoAllocationState.Reserving) {
                locks.tryWithLock("reserve:" + c.key(), () -> interrupted(c));
            }
            if (store.find(c.key()).map(now -> now.state() == CoAllocationState.Planning).orElse(false)) {
                log.info("co-allocation {} was left in {} by its replica; planning it here", c.key(), c.state());
                plan.accept(c.key());
                adopted++;
            } else {
                done(c.key());
            }
        }
        return adopted;
    }

    private void interrupted(CoAllocation seen) {
        try {
            store.transitionIf(seen.key(), r -> r.state() == CoAllocationState.Reserving && r.attempt() == seen.attempt(),
                    CoAllocationEvent.ABORTED, r -> r.setReason("interrupted between two reservation attempts; planning again"));
        } catch (DojiException e) {
            log.info("co-allocation {} changed meanwhile ({}); left as it is", seen.key(), e.getMessage());
        }
    }

    private boolean tryClaim(String key) {
        if (locks.claims().tryClaim("plan:" + key)) {
            mine.add(key);
            return true;
        }
        return false;
    }
}
