package org.doji.dst;

import java.time.Clock;
import java.time.Duration;

/**
 * A simulated process: an RM or a GRC. Its durable storage outlives its incarnations; everything else (the
 * objects its start builds, its timers, its queued tasks) belongs to one incarnation and is gone after a crash.
 */
abstract class SimNode {

    private final String id;
    private int incarnation;
    private boolean up;
    private boolean fenced;
    protected final Scheduler scheduler;
    private Duration skew = Duration.ZERO;

    SimNode(String id, Scheduler scheduler) {
        this.id = id;
        this.scheduler = scheduler;
    }

    String id() {
        return id;
    }

    int incarnation() {
        return incarnation;
    }

    boolean up() {
        return up;
    }

    /** Crashed while its last event still unwinds: nothing it does reaches the world any more. */
    boolean fenced() {
        return fenced;
    }

    /** This process's clock: the virtual time plus its skew, drawn anew at each start. */
    Clock clock() {
        return Clock.offset(scheduler.clock(), skew);
    }

    /** Starts a new incarnation on the stored state (its clock off the true time by {@code skew}). */
    final void start(Duration skew) {
        this.skew = skew;
        incarnation++;
        fenced = false;
        storage().unfence();
        up = true;
        scheduler.trace().note("start " + id + "#" + incarnation);
        build();
    }

    final void fence() {
        fenced = true;
        storage().fence();
    }

    /** The incarnation ends: its objects are dropped and its queued events will not run. */
    final void down() {
        fenced = true;
        storage().fence();
        up = false;
        incarnation++;
        release();
    }

    /** Reachable by a message now. */
    boolean reachable() {
        return up && !fenced;
    }

    abstract NodeStorage storage();

    /** Builds this incarnation's objects on the stored state (and recovers as the real process does at start). */
    protected abstract void build();

    /** Drops this incarnation's objects. */
    protected abstract void release();
}
