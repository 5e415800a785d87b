package org.doji.grc.coallocation;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.function.Consumer;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Change;
import org.doji.grc.tx.Participant;
import org.doji.grc.tx.Step;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionSubject;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.doji.rm.util.JsonCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a finished transaction means for its co-allocation, stored with the transaction's removal: a committed
 * reservation attempt makes it Reserved, a committed modification replaces its request and plan, a committed
 * cancellation makes it Cancelled, an aborted modification or cancellation leaves it Reserved as it was, and a
 * compensation (a part lost after the decision, every part released) makes it Failed.
 */
final class CoAllocationTransactions implements TransactionSubject {

    private static final Logger log = LoggerFactory.getLogger(CoAllocationTransactions.class);

    /** What a modification needs when it completes. */
    record ModificationPayload(org.doji.grc.model.CoRequest request, org.doji.grc.model.CoPlan plan) {
    }

    private final CoAllocationStore store;
    private final CoordinationListener listener;
    private final MeterRegistry meters;
    private final Consumer<String> planAgain;
    private final JsonCodec json = new JsonCodec();

    /** @param planAgain queues a co-allocation for planning (its attempt was aborted without its worker) */
    CoAllocationTransactions(CoAllocationStore store, CoordinationListener listener, MeterRegistry meters,
                             Consumer<String> planAgain) {
        this.store = store;
        this.listener = listener;
        this.meters = meters;
        this.planAgain = planAgain;
    }

    String payload(ModificationPayload p) {
        return json.write(p);
    }

    @Override
    public void finished(Transaction t) {
        String key = t.subject();
        if (t.compensating() && t.change() != Change.CANCEL) {
            store.transition(key, CoAllocationEvent.FAIL, r -> {
                r.setReason("every part was released: " + t.reason());
                r.setOutcomes(PlanAttempts.outcomes(t));
            });
            return;
        }
        boolean committed = t.decision() == Decision.COMMITTED;
        switch (t.change()) {
            case RESERVE -> {
                if (committed) {
                    store.transition(key, CoAllocationEvent.COMMITTED, r -> {
                        r.setReason(null);
                        r.setOutcomes(PlanAttempts.outcomes(t));
                    });
                }
                // an aborted attempt: its worker has moved on to the next plan (or failed the co-allocation)
            }
            case MODIFY -> {
                if (committed) {
                    ModificationPayload m = json.read(t.payload(), ModificationPayload.class);
                    store.transition(key, CoAllocationEvent.COMMITTED, r -> {
                        r.setRequest(m.request());
                        r.setPlan(m.plan());
                        r.setOutcomes(kept(t));
                        r.setReason(null);
                    });
                } else {
                    store.transition(key, CoAllocationEvent.ABORTED, r -> r.setReason("modification not applied: " + t.reason()));
                }
            }
            case CANCEL -> {
                if (committed || t.compensating()) { // a compensated cancel released every part too
                    store.transition(key, CoAllocationEvent.COMMITTED, r -> {
                        r.setReason("cancelled by " + t.payload());
                        r.setOutcomes(PlanAttempts.outcomes(t));
                    });
                } else {
                    store.transition(key, CoAllocationEvent.ABORTED, r -> r.setReason("cancel not applied: " + t.reason()));
                }
            }
        }
    }

    /** A modification's participants that hold part of the co-allocation afterwards (not those that gave it up). */
    private static List<RmOutcome> kept(Transaction t) {
        return t.participants().stream().filter(p -> p.step() != Step.CANCEL).map(Participant::outcome).toList();
    }

    @Override
    public void abortedWithoutOwner(Transaction t) {
        if (t.change() != Change.RESERVE) {
            return; // Modifying / Cancelling until the abort is acknowledged everywhere (then finished)
        }
        store.find(t.subject()).filter(c -> c.state() == CoAllocationState.Reserving && c.attempt() == t.attempt())
                .ifPresent(c -> store.transition(c.key(), CoAllocationEvent.ABORTED, r -> r.setReason(
                        "attempt " + t.attempt() + " was interrupted before its decision; planning again")));
    }

    @Override
    public void afterAbortedWithoutOwner(Transaction t) {
        store.find(t.subject()).filter(c -> c.state() == CoAllocationState.Planning).ifPresent(c -> {
            log.info("co-allocation {} is planned again", c.key());
            planAgain.accept(c.key());
        });
    }

    @Override
    public void afterFinished(Transaction t) {
        if (t.compensating()) {
            meters.counter("doji.grc.coallocations", "outcome", "Failed").increment();
            listener.settled(t.subject(), CoAllocationState.Failed);
        } else if (t.change() == Change.RESERVE && t.decision() == Decision.COMMITTED) {
            meters.counter("doji.grc.coallocations", "outcome", "Reserved").increment();
            listener.settled(t.subject(), CoAllocationState.Reserved);
        }
    }
}
