package org.doji.grc.hierarchy;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;
import org.doji.grc.model.DelegatedReservation;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.ReplicaLocks;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.home.ReservationHome;
import org.doji.rm.ledger.CallLedger;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * The home of the reservations parent coordinators make at the GRC's RM port. They live in the database only
 * ({@link DelegatedReservations}; nothing in memory to undo); their calls are in the GRC's call ledger, answered by
 * the reservation's key; the locks are across the replicas sharing the database ("rm-call:" + call id for the copies
 * of one call, "rm:" + key for one reservation). A call's answer is recorded after its change, which the engine's
 * transaction stored.
 */
final class DelegatedHome extends ReservationHome<DelegatedReservation, String, String> {

    private final ReplicaLocks locks;
    private final DelegatedReservations store;
    private final CoAllocationStore calls;
    private final ChildResources children;
    private final DelegatedTransactions transactions;
    private final DelegatedBookkeeping books;

    DelegatedHome(ReplicaLocks locks, DelegatedReservations store, CoAllocationStore calls, ChildResources children,
                  DelegatedTransactions transactions, DelegatedBookkeeping books) {
        super("rm");
        this.locks = locks;
        this.store = store;
        this.calls = calls;
        this.children = children;
        this.transactions = transactions;
        this.books = books;
    }

    @Override
    protected <T> T withCallLock(String callId, Supplier<T> body) {
        // two copies of one call (a duplicated message) wait for each other: the second gets the first's answer
        return locks.withLock("rm-call:" + callId, body);
    }

    @Override
    protected <T> T withLock(String key, Supplier<T> body) {
        return locks.withLock("rm:" + key, body);
    }

    @Override
    protected Undo beginUndo() {
        return Undo.NONE;
    }

    @Override
    protected Optional<DelegatedReservation> find(String key) {
        return store.find(key);
    }

    @Override
    protected String owner(DelegatedReservation r) {
        return r.getOwner();
    }

    @Override
    protected CallLedger ledger() {
        return calls.ledger();
    }

    @Override
    protected String recordedAnswer(String recorded) {
        return recorded;
    }

    @Override
    protected String save(String key, String callId, String operation, String payloadHash) {
        calls.recordCall(callId, payloadHash, key);
        return key;
    }

    /**
     * A refused reserve is not recorded: it has no reservation to keep the record under, and a late copy of it can only
     * hold something that times out here.
     */
    @Override
    protected void saveRefusal(String callId, String operation, String payloadHash, String subject,
                               DojiException refusal) {
        if (subject != null) {
            calls.recordRefusal(callId, payloadHash, subject, refusal);
        }
    }

    /** The pending change aborted (and completed at the children), every child part destroyed, the record deleted. */
    @Override
    protected void release(Caller caller, DelegatedReservation r) {
        String key = r.getKey();
        if (r.getPendingChange() != PendingChange.None) {
            transactions.decide(key, Decision.ABORTED, ReservationState.ReserveStart, "destroyed by " + caller.name());
        }
        for (RmOutcome o : books.parts(r)) {
            children.destroy(o);
        }
        store.delete(key);
    }

    @Override
    protected Instant end(DelegatedReservation r) {
        return r.getWindowEnd();
    }

    @Override
    protected boolean finished(DelegatedReservation r) {
        return r.getLifecycleState().isFinal();
    }

    @Override
    protected void saveTerminationTime(DelegatedReservation r, Instant terminationTime) {
        store.update(r.getKey(), rec -> rec.setTerminationTime(terminationTime));
    }
}
