package org.doji.grc.coallocation;

import java.time.Clock;
import java.util.Optional;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Answer;
import org.doji.grc.tx.InlineRun;
import org.doji.grc.tx.SubjectType;
import org.doji.grc.tx.Transaction;
import org.doji.rm.model.LifecycleState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A part of a settled co-allocation that its RM failed after the commit (a network RM whose link went down with
 * no other path that fits): the co-allocation cannot be had as booked, so every other part is released too — never
 * a partial booking. The release is one transaction of the engine (decided, releasing every part; the driver
 * pushes it across restarts until every RM acknowledged); the co-allocation is Cancelling meanwhile, then Failed
 * with the RM's reason, and its subscribers are told.
 */
final class PartLoss {

    private static final Logger log = LoggerFactory.getLogger(PartLoss.class);

    private final CoAllocationStore store;
    private final InlineRun runner;
    private final Clock clock;

    private final org.doji.rm.util.Entropy entropy;

    PartLoss(CoAllocationStore store, InlineRun runner, Clock clock, org.doji.rm.util.Entropy entropy) {
        this.entropy = entropy;
        this.store = store;
        this.runner = runner;
        this.clock = clock;
    }

    /**
     * An RM said its reservation {@code reservationKey}, a part of {@code c}, failed. Only a hint (notifications are
     * not authenticated): the RM itself is asked first. Returns the release transaction, if one was started.
     */
    Optional<Transaction> partFailed(CoAllocation c, String reservationKey) {
        if (c.state() != CoAllocationState.Reserved && c.state() != CoAllocationState.Active) {
            return Optional.empty(); // not settled: a change in progress meets the failed part itself
        }
        Optional<RmOutcome> part = c.outcomes().stream().filter(o -> reservationKey.equals(o.reservationKey())).findFirst();
        if (part.isEmpty()) {
            return Optional.empty();
        }
        String rmId = part.get().rmId();
        Answer now = runner.engine().calls().get(rmId, reservationKey);
        if (!now.ok() || now.view().lifecycleState() != LifecycleState.Failed) {
            log.info("RM {} said {} of {} failed, but answers otherwise; nothing done", rmId, reservationKey, c.key());
            return Optional.empty();
        }
        String why = "the part at " + rmId + " failed: " + now.view().reason();
        String id = c.key() + ":release:" + entropy.hex(12);
        Transaction t = Transaction.release(id, SubjectType.CO_ALLOCATION, c.key(), c.attempt(), c.outcomes(), rmId, why,
                clock.instant());
        log.warn("co-allocation {}: {}; releasing every part", c.key(), why);
        return Optional.of(runner.engine().owning(id, () -> {
            Transaction stored = runner.engine().begin(t, () -> store.transition(c.key(), CoAllocationEvent.CANCEL,
                    r -> r.setReason(why + "; releasing every part")));
            return runner.engine().complete(stored, runner.phaseTwoInline()).orElse(stored);
        }));
    }
}
