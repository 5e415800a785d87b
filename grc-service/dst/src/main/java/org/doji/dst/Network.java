package org.doji.dst;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;

/**
 * The simulated network between the processes, seeded: a call is lost on its way, arrives late (after its sender
 * gave up on it, so it is handled after later messages), arrives twice, or its answer is lost; the receiver may die
 * while handling it, the sender right after it; two processes may be cut apart for a while. A call is handled by the
 * receiver's current incarnation, as itself, and its answer (or typed fault) comes back as the receiver gave it. A
 * sender learns of every failure as a real client does: no answer, which says nothing about whether the receiver
 * acted.
 */
final class Network {

    private final Scheduler scheduler;
    private final FaultPlan faults;
    /** Pairs cut apart ("a|b", both orders) and until when. */
    private final Map<String, Instant> partitions = new HashMap<>();
    private long calls;

    Network(Scheduler scheduler, FaultPlan faults) {
        this.scheduler = scheduler;
        this.faults = faults;
    }

    long calls() {
        return calls;
    }

    /**
     * Notes what an answer said (the trace of a failing co-allocation names its reservations): its key and states,
     * and in a recorded trace its window and paths too.
     */
    void noteAnswer(org.doji.rm.model.ReservationView v, Supplier<String> details) {
        scheduler.trace().note("answered " + v.key() + " " + v.reservationState() + "/" + v.lifecycleState(), details);
    }

    /** Cuts {@code a} and {@code b} apart until {@code until}. */
    void partition(SimNode a, SimNode b, Instant until) {
        partitions.put(a.id() + "|" + b.id(), until);
        partitions.put(b.id() + "|" + a.id(), until);
        faults.counted(FaultPlan.Kind.PARTITION);
        scheduler.trace().note("partition " + a.id() + " " + b.id() + " until " + until);
    }

    void healAll() {
        partitions.clear();
    }

    private boolean cut(SimNode from, SimNode to) {
        Instant until = partitions.get(from.id() + "|" + to.id());
        return until != null && scheduler.now().isBefore(until);
    }

    /** A call from {@code from} (null: a client outside the grid) to {@code to}, answered synchronously or failed. */
    <T> T call(SimNode from, SimNode to, String what, Supplier<T> body) {
        calls++;
        if (from != null && from.fenced()) {
            throw new SimulatedCrash(from.id()); // a dead process sends nothing
        }
        if (!to.reachable() || from != null && cut(from, to)) {
            throw unreachable(what, "connection refused");
        }
        FaultPlan.Fate fate = faults.fate();
        if (fate == FaultPlan.Fate.LOST) {
            scheduler.trace().note("lost " + what);
            throw unreachable(what, "lost");
        }
        if (fate == FaultPlan.Fate.DELAYED) {
            scheduler.trace().note("late " + what);
            later(to, "late " + what, body);
            throw unreachable(what, "timed out");
        }
        if (faults.crashInCall() && faults.before()) {
            throw crashed(to, "before " + what);
        }
        T answer;
        RuntimeException fault = null;
        try {
            answer = handle(to, body);
        } catch (DojiException e) {
            answer = null;
            fault = e;
        }
        if (to.fenced()) {
            throw unreachable(what, "the receiver died");
        }
        if (faults.duplicated()) {
            scheduler.trace().note("again " + what);
            later(to, "again " + what, body);
        }
        if (faults.crashInCall()) {
            throw crashed(to, "after " + what);
        }
        if (faults.answerLost()) {
            scheduler.trace().note("answer lost " + what);
            throw unreachable(what, "answer lost");
        }
        if (from != null && faults.callerCrash()) {
            throw scheduler.crash(from, "after " + what);
        }
        if (fault != null) {
            throw fault;
        }
        return answer;
    }

    /** A one-way message (a notification): delivered after a short delay, or lost, or delivered twice. */
    void send(SimNode from, SimNode to, String what, Runnable body) {
        if (from != null && from.fenced()) {
            return;
        }
        FaultPlan.Fate fate = faults.fate();
        if (fate == FaultPlan.Fate.LOST || from != null && cut(from, to)) {
            scheduler.trace().note("lost " + what);
            return;
        }
        java.time.Duration delay = fate == FaultPlan.Fate.DELAYED ? faults.lateBy() : java.time.Duration.ofMillis(5);
        Supplier<Void> asCall = () -> {
            body.run();
            return null;
        };
        later(to, what, asCall, delay);
        if (faults.duplicated()) {
            later(to, "again " + what, asCall);
        }
    }

    private <T> void later(SimNode to, String what, Supplier<T> body) {
        later(to, what, body, faults.lateBy());
    }

    private <T> void later(SimNode to, String what, Supplier<T> body, java.time.Duration delay) {
        // the message waits in the network, not in the receiver: it reaches whichever incarnation is up then
        scheduler.after(delay, null, "deliver " + what, () -> {
            if (!to.reachable()) {
                return;
            }
            try {
                handle(to, body);
            } catch (DojiException e) {
                scheduler.trace().note("refused " + e.errorCode());
            }
        });
    }

    /** The receiver's handling of a message, as the receiver; an unexpected failure is its internal error. */
    private <T> T handle(SimNode to, Supplier<T> body) {
        try {
            return scheduler.as(to, body);
        } catch (DojiException e) {
            throw e;
        } catch (RuntimeException e) {
            scheduler.internalError(to, e);
            throw new DojiException(FaultKind.INTERNAL_ERROR, "INTERNAL", to.id() + ": internal error");
        }
    }

    private DojiException crashed(SimNode to, String where) {
        scheduler.crash(to, where);
        return unreachable(where, "the receiver died");
    }

    private static DojiException unreachable(String what, String why) {
        return new Unanswered(what + ": " + why);
    }

    /** No answer came (a real client's connection failure or timeout): whether the receiver acted is unknown. */
    static final class Unanswered extends DojiException {
        private static final long serialVersionUID = 1L;

        Unanswered(String message) {
            super(FaultKind.RESOURCE_UNAVAILABLE, "RM_UNREACHABLE", message);
        }
    }
}
