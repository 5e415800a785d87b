package org.doji.grc.coallocation;

import org.doji.grc.tx.InlineRun;
import org.doji.grc.tx.Transaction;

/**
 * A co-allocation's run of the engine as its {@link CoordinationListener} sees it: each step after it is durable,
 * under the run's attempt number. A run that stores something with its steps extends it.
 */
class ObservedSteps implements InlineRun.Steps {

    private final CoordinationListener listener;
    private final int attempt;

    /** @param attempt the reservation attempt (1, 2, ...), or for a modification minus the plan tried (-1, -2, ...) */
    ObservedSteps(CoordinationListener listener, int attempt) {
        this.listener = listener;
        this.attempt = attempt;
    }

    @Override
    public void begun(Transaction t) {
        listener.beforePrepare(t.subject(), attempt);
    }

    @Override
    public void prepared(Transaction t) {
        listener.afterPrepare(t.subject(), attempt);
    }

    @Override
    public void decided(Transaction t) {
        listener.afterDecision(t.subject(), attempt, t.decision());
    }
}
