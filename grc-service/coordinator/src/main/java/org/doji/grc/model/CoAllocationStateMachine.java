package org.doji.grc.model;

import java.util.Optional;
import org.doji.common.TransitionTable;
import org.doji.rm.fault.DojiException;

/**
 * A co-allocation's states as one transition table with one guard (like the RMs' NSI machines). The
 * intermediate states follow NSI's Committing and Terminating: Reserved only once every RM acknowledged the
 * commit; a modification or cancellation is Modifying/Cancelling until every RM acknowledged it.
 */
public final class CoAllocationStateMachine {

    private static final TransitionTable<CoAllocationState, CoAllocationEvent> TABLE =
            TransitionTable.builder(CoAllocationState.class, CoAllocationEvent.class)
                .on(CoAllocationState.Planning, CoAllocationEvent.PREPARE, CoAllocationState.Reserving)
                .on(CoAllocationState.Planning, CoAllocationEvent.FAIL, CoAllocationState.Failed)
                .on(CoAllocationState.Reserving, CoAllocationEvent.PREPARE, CoAllocationState.Reserving)
                .on(CoAllocationState.Reserving, CoAllocationEvent.DECIDE_COMMIT, CoAllocationState.Committing)
                .on(CoAllocationState.Reserving, CoAllocationEvent.ABORTED, CoAllocationState.Planning)
                .on(CoAllocationState.Reserving, CoAllocationEvent.FAIL, CoAllocationState.Failed)
                .on(CoAllocationState.Committing, CoAllocationEvent.COMMITTED, CoAllocationState.Reserved)
                .on(CoAllocationState.Committing, CoAllocationEvent.FAIL, CoAllocationState.Failed)
                .on(CoAllocationState.Reserved, CoAllocationEvent.START, CoAllocationState.Active)
                .on(CoAllocationState.Reserved, CoAllocationEvent.END, CoAllocationState.Completed)
                .on(CoAllocationState.Reserved, CoAllocationEvent.MODIFY, CoAllocationState.Modifying)
                .on(CoAllocationState.Reserved, CoAllocationEvent.CANCEL, CoAllocationState.Cancelling)
                .on(CoAllocationState.Reserved, CoAllocationEvent.FAIL, CoAllocationState.Failed)
                .on(CoAllocationState.Active, CoAllocationEvent.END, CoAllocationState.Completed)
                .on(CoAllocationState.Active, CoAllocationEvent.MODIFY, CoAllocationState.Modifying)
                .on(CoAllocationState.Active, CoAllocationEvent.CANCEL, CoAllocationState.Cancelling)
                .on(CoAllocationState.Active, CoAllocationEvent.FAIL, CoAllocationState.Failed)
                // a finished modification (committed or aborted) leaves it Reserved; the tick makes it Active if its window runs
                .on(CoAllocationState.Modifying, CoAllocationEvent.COMMITTED, CoAllocationState.Reserved)
                .on(CoAllocationState.Modifying, CoAllocationEvent.ABORTED, CoAllocationState.Reserved)
                .on(CoAllocationState.Modifying, CoAllocationEvent.FAIL, CoAllocationState.Failed)
                .on(CoAllocationState.Cancelling, CoAllocationEvent.COMMITTED, CoAllocationState.Cancelled)
                .on(CoAllocationState.Cancelling, CoAllocationEvent.ABORTED, CoAllocationState.Reserved)
                // a part failed after the commit and every part was released (the RM's reason is kept)
                .on(CoAllocationState.Cancelling, CoAllocationEvent.FAIL, CoAllocationState.Failed)
                .build();

    private CoAllocationStateMachine() {
    }

    /** Table lookup only; empty when the pair is not in the table. */
    public static Optional<CoAllocationState> target(CoAllocationState from, CoAllocationEvent event) {
        return TABLE.target(from, event);
    }

    /** The one guard: the next state, or a typed invalid-state-transition failure naming both. */
    public static CoAllocationState next(CoAllocationState from, CoAllocationEvent event) {
        return target(from, event).orElseThrow(() -> DojiException.illegalTransition(from.name(), event.name()));
    }
}
