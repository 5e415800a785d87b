package org.doji.grc.planner.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * When one slot's search must stop, so that no slot holds a request longer than the plan timeout. Time comes
 * from the injected {@link Clock}, so tests drive it with a virtual clock instead of sleeping. One instance per
 * slot solve; not thread-safe (it remembers that it has expired, so a search unwinds without asking the clock
 * again).
 */
public final class Deadline {
    private final Clock clock;
    private final Instant at;
    private final Duration limit;
    private boolean expired;

    private Deadline(Clock clock, Instant at, Duration limit) {
        this.clock = clock;
        this.at = at;
        this.limit = limit;
    }

    /** A deadline {@code limit} after now on {@code clock}. */
    public static Deadline after(Clock clock, Duration limit) {
        return new Deadline(clock, clock.instant().plus(limit), limit);
    }

    /** No limit: the search runs to its proof. */
    public static Deadline none() {
        return new Deadline(null, null, null);
    }

    /** Whether the time is up; once true, stays true. */
    public boolean expired() {
        if (!expired && clock != null) {
            expired = !clock.instant().isBefore(at);
        }
        return expired;
    }

    /** Whether an earlier {@link #expired()} found the time up (without asking the clock again). */
    public boolean passed() {
        return expired;
    }

    /** The limit this deadline was set with, for messages ("none" when unlimited). */
    public String describe() {
        return limit == null ? "none" : limit.toString();
    }
}
