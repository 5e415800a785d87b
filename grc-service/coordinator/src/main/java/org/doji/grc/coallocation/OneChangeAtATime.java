package org.doji.grc.coallocation;

import org.doji.grc.model.CoAllocation;
import org.doji.grc.tx.TransactionEngine;
import org.doji.rm.fault.DojiException;

/** A co-allocation takes one change at a time: another waits until every RM has acknowledged the one in progress. */
final class OneChangeAtATime {

    private OneChangeAtATime() {
    }

    static void refuseIfBusy(TransactionEngine engine, CoAllocation c, String operation) {
        if (!engine.log().ofSubject(c.key()).isEmpty()) {
            throw DojiException.illegalTransition(c.state().name() + " (a change is still being completed at its RMs)",
                    operation);
        }
    }
}
