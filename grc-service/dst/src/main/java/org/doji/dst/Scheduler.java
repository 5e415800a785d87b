package org.doji.dst;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Supplier;
import org.doji.rm.util.SettableClock;

/**
 * The one thread of a simulation: every step of every process (a timer, a queued task, a message's delivery) is an
 * event in one queue ordered by virtual time, then by when it was queued, and runs to its end before the next one
 * starts. An event belongs to one incarnation of its node: once the node crashed, what its old incarnation had
 * queued is dropped. The virtual clock moves to each event's time; nothing waits in real time.
 */
final class Scheduler {

    private record Event(Instant at, long seq, SimNode node, int incarnation, String what, Runnable body) {
    }

    private final PriorityQueue<Event> queue = new PriorityQueue<>(
            Comparator.comparing(Event::at).thenComparingLong(Event::seq));
    private final SettableClock clock;
    private final Trace trace;
    private long seq;
    private long events;
    /** The node whose code runs now (a message's delivery switches to the receiver for its handling). */
    private SimNode current;
    /** How many {@link #as} frames are open: 0 between events. */
    private int depth;
    /** Nodes fenced during the running event: their incarnation ends when it returns. */
    private final List<SimNode> crashing = new ArrayList<>();
    private long internalErrors;
    private String firstInternalError;

    /** Told when a node's incarnation ended (the run schedules its restart). */
    private java.util.function.Consumer<SimNode> onDown = n -> { };

    Scheduler(SettableClock clock, Trace trace) {
        this.clock = clock;
        this.trace = trace;
    }

    void onDown(java.util.function.Consumer<SimNode> listener) {
        this.onDown = listener;
    }

    SettableClock clock() {
        return clock;
    }

    Instant now() {
        return clock.instant();
    }

    Trace trace() {
        return trace;
    }

    long events() {
        return events;
    }

    /** Queues {@code body} at {@code at} for {@code node}'s current incarnation (null: the world's own event). */
    void at(Instant at, SimNode node, String what, Runnable body) {
        Instant t = at.isBefore(now()) ? now() : at;
        queue.add(new Event(t, seq++, node, node == null ? 0 : node.incarnation(), what, body));
    }

    void after(Duration delay, SimNode node, String what, Runnable body) {
        at(now().plus(delay), node, what, body);
    }

    /** Runs the next event due by {@code until}; false when there is none. */
    boolean step(Instant until) {
        Event e = queue.peek();
        if (e == null || e.at().isAfter(until)) {
            return false;
        }
        queue.poll();
        clock.set(e.at());
        if (e.node() != null && (!e.node().up() || e.node().incarnation() != e.incarnation())) {
            return true; // its process is gone
        }
        events++;
        trace.step(e.at().getEpochSecond() * 1_000_000_000L + e.at().getNano(), e.node() == null ? "world" : e.node().id(),
                e.what());
        as(e.node(), () -> {
            e.body().run();
            return null;
        });
        return true;
    }

    /** Runs every event due by {@code until}, then moves the clock there. */
    void runUntil(Instant until) {
        while (step(until)) {
            // one event at a time
        }
        if (now().isBefore(until)) {
            clock.set(until);
        }
    }

    /** When the next event is due (null: none queued). */
    Instant next() {
        Event e = queue.peek();
        return e == null ? null : e.at();
    }

    /**
     * Runs {@code body} as {@code node}'s code (null: the world's). A crash of that node ends here; the crash of a node
     * it called ended in the network. Nodes fenced meanwhile lose their incarnation when the outermost call returns.
     */
    <T> T as(SimNode node, Supplier<T> body) {
        SimNode before = current;
        boolean outermost = depth == 0;
        current = node;
        depth++;
        try {
            return body.get();
        } catch (SimulatedCrash c) {
            if (node == null || !c.node.equals(node.id())) {
                throw c; // another node's: its own frame ends it
            }
            return null;
        } catch (RuntimeException e) {
            if (node != null && node.fenced()) {
                return null; // the node's crash, wrapped on its way out (a CompletableFuture's CompletionException)
            }
            if (!outermost) {
                throw e; // a message's answer (a typed fault), or its handler's failure: the network answers it
            }
            internalError(node, e);
            return null;
        } finally {
            depth--;
            current = before;
            if (outermost) {
                endCrashes();
            }
        }
    }

    /** A failure no code path expected (a bug): counted, the first one kept with where it was thrown. */
    void internalError(SimNode node, RuntimeException e) {
        internalErrors++;
        trace.note("internal error " + e);
        if (firstInternalError == null) {
            StringBuilder where = new StringBuilder((node == null ? "world" : node.id()) + ": " + e);
            for (StackTraceElement s : e.getStackTrace()) {
                if (s.getClassName().startsWith("org.doji")) {
                    where.append(" at ").append(s);
                    break;
                }
            }
            firstInternalError = where.toString();
        }
    }

    long internalErrors() {
        return internalErrors;
    }

    String firstInternalError() {
        return firstInternalError;
    }

    SimNode current() {
        return current;
    }

    /** The node dies now: fenced at once, its incarnation ends once the running event returns. */
    SimulatedCrash crash(SimNode node, String where) {
        if (!node.fenced()) {
            trace.note("crash " + node.id() + " " + where);
            node.fence();
            crashing.add(node);
        }
        return new SimulatedCrash(node.id());
    }

    private void endCrashes() {
        while (!crashing.isEmpty()) {
            SimNode n = crashing.remove(0);
            n.down();
            onDown.accept(n);
        }
    }
}
