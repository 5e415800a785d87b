package org.doji.grc.hierarchy;

import java.util.Optional;
import org.doji.grc.tx.InlineRun;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionEngine;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.ReservationState;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * A parent's changes of a reservation at the GRC's RM port as transactions of the one engine: phase one at the
 * children when the parent prepares, the parent's decision (stored with the reservation's new state) and phase two
 * when it commits or aborts. Callers hold the reservation's lock.
 */
final class DelegatedTransactions {

    private final TransactionEngine engine;
    private final InlineRun runner;
    private final DelegatedReservations store;
    private final DelegatedBookkeeping books;

    DelegatedTransactions(InlineRun runner, DelegatedReservations store, DelegatedBookkeeping books) {
        this.engine = runner.engine();
        this.runner = runner;
        this.store = store;
        this.books = books;
    }

    /**
     * Phase one of a parent's change at the children: stored first, then every child asked. All prepared: the
     * keys are stored and the transaction waits undecided for the parent. Any refusal: aborted at once
     * ({@code onRefusal} stored with the decision) and refused to the parent with every child's reason.
     */
    void prepare(Transaction fresh, Runnable onBegin, String refusal, Runnable onRefusal) {
        engine.owning(fresh.id(), () -> {
            Transaction prepared = engine.prepare(engine.begin(fresh, onBegin));
            if (prepared.allPrepared()) {
                engine.remember(prepared);
                return null;
            }
            String why = InlineRun.refusals(prepared);
            Transaction aborted = engine.decide(prepared, Decision.ABORTED, why, onRefusal);
            engine.complete(aborted, runner.phaseTwoInline());
            throw DojiException.unavailable(refusal, "the reservation is unchanged: " + why);
        });
    }

    /** The parent's decision on the pending change, stored with this reservation's new state, then phase two. */
    void decide(String key, Decision decision, ReservationState to, String why) {
        Transaction t = pendingOf(key).orElseThrow(() -> new IllegalStateException("no transaction pending for " + key));
        engine.owning(t.id(), () -> {
            Transaction current = engine.log().find(t.id()).orElseThrow();
            Transaction decided = engine.decide(current, decision, why, () -> store.update(key, r -> books.settle(r, current,
                    decision, to)));
            return engine.complete(decided, runner.phaseTwoInline());
        });
    }

    /** The change the parent has not decided yet, if any. */
    Optional<Transaction> pendingOf(String key) {
        return engine.log().ofSubject(key).stream().filter(t -> !t.decided()).findFirst();
    }

    /** Whether a change of the reservation is still being prepared, decided or completed at the children. */
    boolean inProgress(String key) {
        return !engine.log().ofSubject(key).isEmpty();
    }
}
