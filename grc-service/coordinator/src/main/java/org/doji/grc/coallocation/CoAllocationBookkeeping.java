package org.doji.grc.coallocation;

import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoPlan;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.state.ReservationStateMachine.Decision;

/** A reservation attempt's steps as the co-allocation records them (stored with each step's transaction write). */
final class CoAllocationBookkeeping implements PlanAttempts.Bookkeeping {

    private final CoAllocationStore store;

    CoAllocationBookkeeping(CoAllocationStore store) {
        this.store = store;
    }

    @Override
    public void beginning(Transaction t, CoPlan plan) {
        store.transition(t.subject(), CoAllocationEvent.PREPARE, r -> {
            if (r.attempt() != t.attempt() - 1) {
                // another run (another replica's, whose claim this one took over) has begun an attempt meanwhile
                throw new TransactionLog.ConcurrentChangeException(t.subject() + " is at attempt " + r.attempt()
                        + ", not " + (t.attempt() - 1));
            }
            r.setAttempt(t.attempt());
            r.setPlan(plan);
            r.setReason(null);
            r.setOutcomes(PlanAttempts.outcomes(t));
        });
    }

    @Override
    public void deciding(Transaction t, Decision decision) {
        if (decision == Decision.COMMITTED) {
            store.transition(t.subject(), CoAllocationEvent.DECIDE_COMMIT,
                    r -> r.setOutcomes(PlanAttempts.outcomes(t)));
        } else {
            store.update(t.subject(), r -> r.setOutcomes(PlanAttempts.outcomes(t)));
        }
    }
}
