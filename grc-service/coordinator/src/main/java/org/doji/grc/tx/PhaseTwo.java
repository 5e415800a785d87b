package org.doji.grc.tx;

import java.time.Clock;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Phase two of one participant, one step at a time: what the decision asks of it (commit, abort, or release
 * when compensating), starting from wherever it stands. Every call is idempotent at the RM (the round's
 * correlation ids), so a step may be repeated after any failure or crash.
 */
final class PhaseTwo {

    private static final Logger log = LoggerFactory.getLogger(PhaseTwo.class);

    /** What became of the participant in this step. */
    enum Signal {
        /** acknowledged: nothing more to do there */
        DONE,
        /** no answer: try again later */
        RETRY,
        /** the RM no longer holds the prepared change (its hold expired, or it lost it): prepare it again */
        REPREPARE,
        /** the part cannot be had again: the change cannot complete, every part must be released */
        BROKEN
    }

    record Progress(Participant participant, Signal signal) {
    }

    private final ParticipantCalls calls;
    private final Clock clock;

    PhaseTwo(ParticipantCalls calls, Clock clock) {
        this.calls = calls;
        this.clock = clock;
    }

    Progress advance(Transaction t, Participant p) {
        if (p.done()) {
            return new Progress(p, Signal.DONE);
        }
        if (t.compensating()) {
            return release(t, p);
        }
        return t.decision() == Decision.COMMITTED ? commit(t, p) : abort(t, p);
    }

    private Progress commit(Transaction t, Participant p) {
        Participant q = p;
        if (q.phaseOne() != PhaseOne.PREPARED) {
            // a new round: clear what the expired hold left (ReserveTimeout accepts only abort), then prepare again
            if (q.key() != null) {
                Answer cleared = calls.abort(t.id(), q, "abort-expired");
                if (cleared.transientFailure()) {
                    return new Progress(q.withOutcome(cleared.outcome(q.outcome())), Signal.RETRY);
                }
            }
            Answer again = calls.prepare(t.id(), q);
            if (again.transientFailure()) {
                return new Progress(q.withOutcome(again.outcome(q.outcome())), Signal.RETRY);
            }
            if (!again.ok()) {
                log.warn("RM {} cannot hold its part of {} again: {}", q.rmId(), t.id(), again.error().getMessage());
                return new Progress(q.refused(again.outcome(q.outcome()), true), Signal.BROKEN);
            }
            q = q.prepared(again.view().key(), clock.instant().plus(calls.directory().holdTimeout(q.rmId())),
                    again.outcome(q.outcome()));
        }
        Answer done = calls.commit(t.id(), q);
        if (done.ok()) {
            return new Progress(q.acknowledged(done.outcome(q.outcome())), Signal.DONE);
        }
        if (done.transientFailure()) {
            return new Progress(q.withOutcome(done.outcome(q.outcome())), Signal.RETRY);
        }
        if (q.step() == Step.CANCEL && done.refused(FaultKind.UNKNOWN_RESOURCE)) {
            return new Progress(q.acknowledged(done.outcome(q.outcome())), Signal.DONE); // nothing left to cancel
        }
        log.warn("RM {} refused the decided commit of {} ({}): preparing its part again", q.rmId(), t.id(),
                done.error().getMessage());
        return new Progress(q.withOutcome(done.outcome(q.outcome())), Signal.REPREPARE);
    }

    private Progress abort(Transaction t, Participant p) {
        Participant q = p;
        if (q.phaseOne() == PhaseOne.REFUSED) {
            return new Progress(q.acknowledged(q.outcome()), Signal.DONE);
        }
        if (q.step() == Step.RESERVE && q.phaseOne() == PhaseOne.PENDING) {
            // the prepare's answer was lost: the same prepare returns the hold if it arrived (and makes one to abort
            // at once if it did not); a definite refusal means nothing is held there
            Answer learnt = calls.prepare(t.id(), q);
            if (learnt.transientFailure()) {
                return new Progress(q.withOutcome(learnt.outcome(q.outcome())), Signal.RETRY);
            }
            if (!learnt.ok()) {
                if ("CORRELATION_ID_REUSED".equals(learnt.error().errorCode())) {
                    // the RM holds something under this id for another payload: it cannot be learnt, only expire
                    log.error("RM {} refused the replayed prepare of {}: {}; its hold, if any, is left to its timeout",
                            q.rmId(), t.id(), learnt.error().getMessage());
                }
                return new Progress(q.refused(learnt.outcome(q.outcome()), true).acknowledged(learnt.outcome(q.outcome())),
                        Signal.DONE);
            }
            q = q.prepared(learnt.view().key(), null, learnt.outcome(q.outcome()));
        }
        if (q.key() == null) {
            return new Progress(q.acknowledged(q.outcome()), Signal.DONE);
        }
        Answer aborted = calls.abort(t.id(), q);
        if (aborted.transientFailure()) {
            return new Progress(q.withOutcome(aborted.outcome(q.outcome())), Signal.RETRY);
        }
        if (aborted.refused() && !aborted.refused(FaultKind.UNKNOWN_RESOURCE)) {
            log.warn("RM {} refused the abort of {} ({}); an abort is a no-op where nothing is pending",
                    q.rmId(), t.id(), aborted.error().getMessage());
        }
        return new Progress(q.acknowledged(aborted.outcome(q.outcome())), Signal.DONE);
    }

    /** Gives the participant's reservation up whatever its state: abort what is pending, then cancel it. */
    private Progress release(Transaction t, Participant p) {
        Participant q = p;
        if (q.key() == null || (q.step() == Step.RESERVE && q.phaseOne() == PhaseOne.PENDING)) {
            Progress learnt = abort(t, q); // learns the key of the round's lost prepare and aborts it
            if (learnt.signal() != Signal.DONE || learnt.participant().key() == null) {
                return learnt;
            }
            q = learnt.participant();
        }
        Answer aborted = calls.abort(t.id(), q, "release-abort");
        if (aborted.transientFailure()) {
            return new Progress(q.withOutcome(aborted.outcome(q.outcome())), Signal.RETRY);
        }
        Answer cancelled = calls.cancel(t.id(), q, "release-cancel");
        if (cancelled.transientFailure()) {
            return new Progress(q.withOutcome(cancelled.outcome(q.outcome())), Signal.RETRY);
        }
        if (!cancelled.ok()) {
            return ended(t, q, cancelled);
        }
        if (cancelled.view().lifecycleState().isFinal()) {
            return new Progress(q.acknowledged(cancelled.outcome(q.outcome())), Signal.DONE); // already over
        }
        Answer committed = calls.commit(t.id(), q, "release-commit");
        if (committed.ok()) {
            return new Progress(q.acknowledged(committed.outcome(q.outcome())), Signal.DONE);
        }
        if (committed.transientFailure()) {
            return new Progress(q.withOutcome(committed.outcome(q.outcome())), Signal.RETRY);
        }
        // the cancel's own hold expired before its commit: release again in a new round
        return new Progress(q.withOutcome(committed.outcome(q.outcome())), Signal.REPREPARE);
    }

    /** A refused cancel while releasing: done if the reservation is over (or unknown), else retried later. */
    private Progress ended(Transaction t, Participant q, Answer refusal) {
        if (refusal.refused(FaultKind.UNKNOWN_RESOURCE)) {
            return new Progress(q.acknowledged(refusal.outcome(q.outcome())), Signal.DONE);
        }
        Answer now = calls.get(q.rmId(), q.key());
        if (now.ok() && now.view().lifecycleState().isFinal()) {
            return new Progress(q.acknowledged(now.outcome(q.outcome())), Signal.DONE);
        }
        if (now.refused(FaultKind.UNKNOWN_RESOURCE)) {
            return new Progress(q.acknowledged(now.outcome(q.outcome())), Signal.DONE);
        }
        log.warn("RM {} refused to release its part of {} ({}); retried", q.rmId(), t.id(), refusal.error().getMessage());
        return new Progress(q.withOutcome(refusal.outcome(q.outcome())), Signal.REPREPARE);
    }
}
