package org.doji.rm.util;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * The one clock that simulations and tests move, safe to read and move from several threads. Either virtual time
 * that stands still until moved ({@link #SettableClock(Instant)}: the simulation's event loop, unit tests), or a
 * base clock plus an offset ({@link #following(Clock)}: an RM that keeps driving real switches) that a test can
 * {@link #freeze()} where "just before the hold timeout" must stay just before it, move, and {@link #resume()}.
 */
public final class SettableClock extends Clock {

    private final Clock base;
    private Duration offset = Duration.ZERO;
    private Instant frozenAt;

    /** Virtual time: stands at {@code start} until moved. */
    public SettableClock(Instant start) {
        this.base = null;
        this.frozenAt = Objects.requireNonNull(start, "start");
    }

    private SettableClock(Clock base) {
        this.base = base;
    }

    /** Runs with {@code base} (e.g. {@link Clock#systemUTC()}) until frozen or moved. */
    public static SettableClock following(Clock base) {
        return new SettableClock(Objects.requireNonNull(base, "base"));
    }

    /** Moves the clock by {@code d}; a running clock keeps running from there. */
    public synchronized void advance(Duration d) {
        if (frozenAt != null) {
            frozenAt = frozenAt.plus(d);
        } else {
            offset = offset.plus(d);
        }
    }

    /** Sets the clock to {@code t}, back or forth. */
    public synchronized void set(Instant t) {
        Objects.requireNonNull(t, "t");
        if (frozenAt != null) {
            frozenAt = t;
        } else {
            offset = Duration.between(base.instant(), t);
        }
    }

    /** Sets the clock to {@code t}, which must not be before now (an event loop's time never goes back). */
    public synchronized void advanceTo(Instant t) {
        Instant now = instant();
        if (t.isBefore(now)) {
            throw new IllegalArgumentException("time cannot go back from " + now + " to " + t);
        }
        set(t);
    }

    /** Stops the clock where it is. */
    public synchronized void freeze() {
        frozenAt = instant();
    }

    /** A clock that follows a base runs on from where it stands; virtual time stays virtual. */
    public synchronized void resume() {
        if (base != null && frozenAt != null) {
            offset = Duration.between(base.instant(), frozenAt);
            frozenAt = null;
        }
    }

    @Override
    public synchronized Instant instant() {
        return frozenAt != null ? frozenAt : base.instant().plus(offset);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
