package org.doji.grc.hierarchy;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.doji.grc.model.DelegatedReservation;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.tx.Participant;
import org.doji.grc.tx.Step;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionSubject;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.state.Operation;
import org.doji.rm.state.ReservationStateMachine;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.doji.rm.util.JsonCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A delegated reservation's side of its transactions: the NSI states the parent's decision moves it to, the hold
 * timeout (a change the parent did not decide in time), and the loss of a part after the commit (every part
 * released, the reservation Failed); the parent is notified of the last two.
 */
final class DelegatedBookkeeping implements TransactionSubject {

    private static final Logger log = LoggerFactory.getLogger(DelegatedBookkeeping.class);

    /** The child reservations a committed reservation consists of. */
    record Parts(List<RmOutcome> parts) {
    }

    private final String id;
    private final DelegatedReservations store;
    private final Clock clock;
    private final Notifier notifier;
    private final JsonCodec json = new JsonCodec();

    DelegatedBookkeeping(String id, DelegatedReservations store, Clock clock, Notifier notifier) {
        this.id = id;
        this.store = store;
        this.clock = clock;
        this.notifier = notifier;
    }

    List<RmOutcome> parts(DelegatedReservation r) {
        return json.read(r.getParticipantsJson(), Parts.class).parts();
    }

    /** The decided change applied to the record (stored with the decision). */
    void settle(DelegatedReservation r, Transaction t, Decision decision, ReservationState to) {
        if (decision == Decision.COMMITTED) {
            switch (r.getPendingChange()) {
                case Reserve -> r.setParticipantsJson(json.write(new Parts(kept(t))));
                case Modify -> {
                    ReservationSpec spec = json.read(r.getPendingSpecJson(), ReservationSpec.class);
                    r.setSpecJson(r.getPendingSpecJson());
                    r.setWindowStart(spec.window().start());
                    r.setWindowEnd(spec.window().end());
                    r.setParticipantsJson(json.write(new Parts(kept(t))));
                }
                case Cancel -> r.setLifecycleState(ReservationStateMachine.nextLifecycleState(r.getLifecycleState(),
                        Operation.CANCEL));
                case None -> { }
            }
        } else if (r.getPendingChange() == PendingChange.Reserve) {
            r.setLifecycleState(ReservationStateMachine.nextLifecycleState(r.getLifecycleState(), Operation.ABORT));
            r.setReason("aborted before commit");
        }
        r.setLastDecision(decision);
        restore(r);
        r.setReservationState(to);
    }

    /** Nothing pending any more (a refused change: the reservation as it was). */
    void restore(DelegatedReservation r) {
        r.setReservationState(ReservationState.ReserveStart);
        r.setPendingChange(PendingChange.None);
        r.setPendingSpecJson(null);
        r.setHoldExpires(null);
    }

    private static List<RmOutcome> kept(Transaction t) {
        return t.participants().stream().filter(p -> p.step() != Step.CANCEL).map(Participant::outcome).toList();
    }

    @Override
    public void finished(Transaction t) {
        if (t.compensating()) {
            store.find(t.subject()).ifPresent(r -> store.update(t.subject(), rec -> {
                if (!rec.getLifecycleState().isFinal()) {
                    rec.setLifecycleState(ReservationStateMachine.nextLifecycleState(rec.getLifecycleState(), Operation.FAIL));
                }
                rec.setReason("a part was lost after the commit and every part released: " + t.reason());
            }));
        } else if (t.decision() == Decision.COMMITTED && t.change() != org.doji.grc.tx.Change.CANCEL) {
            // the children's answers to the commit (their allocations as committed)
            store.find(t.subject()).ifPresent(r -> store.update(t.subject(), rec -> rec.setParticipantsJson(
                    json.write(new Parts(kept(t))))));
        }
    }

    @Override
    public void abortedWithoutOwner(Transaction t) {
        store.find(t.subject()).filter(r -> r.getPendingChange() != PendingChange.None).ifPresent(r ->
                store.update(t.subject(), rec -> {
                    ReservationState to = ReservationStateMachine.nextReservationState(rec.getReservationState(),
                            rec.getPendingChange(), rec.getLastDecision(), rec.getLifecycleState(), Operation.TIMEOUT);
                    if (rec.getPendingChange() == PendingChange.Reserve) {
                        rec.setLifecycleState(ReservationStateMachine.nextLifecycleState(rec.getLifecycleState(),
                                Operation.TIMEOUT));
                    }
                    rec.setReason("hold of " + rec.getPendingChange() + " timed out at " + rec.getHoldExpires());
                    rec.setLastDecision(Decision.ABORTED);
                    restore(rec);
                    rec.setReservationState(to);
                }));
    }

    @Override
    public void afterFinished(Transaction t) {
        if (t.compensating()) {
            tell(t, "failed");
        }
    }

    @Override
    public void afterAbortedWithoutOwner(Transaction t) {
        tell(t, "timeout");
    }

    /** Notifies the parent coordinator (if it gave a consumer) of what happened without it. */
    private void tell(Transaction t, String what) {
        store.find(t.subject()).filter(r -> r.getConsumer() != null).ifPresent(r -> {
            log.info("reservation {}: telling {} ({})", r.getKey(), r.getConsumer(), what);
            notifier.notify(r.getConsumer(), view(r, Optional.empty()), what);
        });
    }

    /** The reservation's document: its parts merged, and what the pending change holds. */
    ReservationView view(DelegatedReservation r, Optional<Transaction> pending) {
        List<RmOutcome> parts = parts(r);
        return new ReservationView(r.getKey(), id, r.getOwner(), r.getReservationState(), r.getLifecycleState(),
                r.getPendingChange(), json.read(r.getSpecJson(), ReservationSpec.class),
                r.getPendingChange() == PendingChange.Reserve ? null : ChildResources.merge(parts),
                r.getPendingSpecJson() == null ? null : json.read(r.getPendingSpecJson(), ReservationSpec.class),
                pending.filter(t -> r.getPendingChange() != PendingChange.Cancel)
                        .map(t -> ChildResources.merge(kept(t))).orElse(null),
                r.getHoldExpires(), r.getTerminationTime(), r.getVersion(), r.getCreated(), r.getUpdated(), r.getReason());
    }
}
