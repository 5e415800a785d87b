package org.doji.grc.coallocation;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoAllocationStateMachine;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Change;
import org.doji.grc.tx.InlineRun;
import org.doji.grc.tx.Participant;
import org.doji.grc.tx.SubjectType;
import org.doji.grc.tx.Transaction;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * Cancels a co-allocation with two-phase commit (DESIGN §4): every RM records the intent, then commits the
 * release. The co-allocation is Cancelling until every RM has acknowledged (the driver pushes the commits for as
 * long as it takes), then Cancelled. If an RM refuses the intent, every prepared cancel is aborted and the
 * co-allocation stays as it was.
 */
final class CoAllocationCanceller {

    private final CoAllocationStore store;
    private final InlineRun runner;
    private final Clock clock;
    private final Duration decideWithin;

    private final org.doji.rm.util.Entropy entropy;

    CoAllocationCanceller(CoAllocationStore store, InlineRun runner, Clock clock, Duration decideWithin,
                          org.doji.rm.util.Entropy entropy) {
        this.entropy = entropy;
        this.store = store;
        this.runner = runner;
        this.clock = clock;
        this.decideWithin = decideWithin;
    }

    CoAllocation cancel(Caller caller, CoAllocation c) {
        if (c.state() == CoAllocationState.Cancelled) {
            return c; // a repeated cancel
        }
        if (c.state() == CoAllocationState.Cancelling) {
            // a repeat is acknowledged only if the cancel in progress will end Cancelled (its commit is decided);
            // one being undone (refused, or presumed aborted after a restart) leaves the co-allocation Reserved
            boolean decided = runner.engine().log().ofSubject(c.key()).stream()
                    .anyMatch(t -> t.change() == Change.CANCEL && t.decision() == Decision.COMMITTED);
            if (decided) {
                return c;
            }
            throw DojiException.illegalTransition("Cancelling (an earlier cancel is being undone at its RMs)", "cancel");
        }
        CoAllocationStateMachine.next(c.state(), CoAllocationEvent.CANCEL);
        OneChangeAtATime.refuseIfBusy(runner.engine(), c, "cancel");
        List<Participant> parts = Participant.cancellingHeld(c.outcomes());
        String id = c.key() + ":cancel:" + entropy.hex(12);
        Transaction t = Transaction.begin(id, SubjectType.CO_ALLOCATION, c.key(), Change.CANCEL, c.attempt(), parts,
                caller.name(), clock.instant().plus(decideWithin), clock.instant());
        InlineRun.Ran ran = runner.run(t, new InlineRun.Steps() {
            @Override
            public void beginning(Transaction fresh) {
                store.transition(c.key(), CoAllocationEvent.CANCEL, r -> { });
            }
        });
        if (ran.committed()) {
            return store.find(c.key()).orElseThrow(() -> DojiException.unknown(c.key()));
        }
        String undo = ran.left().isPresent() ? " (the co-allocation is Cancelling until every RM has acknowledged the abort)"
                : ", the co-allocation is unchanged";
        throw DojiException.unavailable("CANCEL_REFUSED", "cancel refused" + undo + ": " + ran.reason());
    }
}
