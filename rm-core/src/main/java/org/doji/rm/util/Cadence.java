package org.doji.rm.util;

import java.time.Duration;
import java.time.Instant;

/**
 * A chore's rhythm in the time of an injected clock (virtual in tests and simulations): it runs at the first call
 * and then once a period has passed since it last ran to the end; a chore that throws is due again at the next
 * call. Not thread-safe: one caller (a periodic task, or under a lock).
 */
public final class Cadence {

    private final Duration period;
    private Instant last = Instant.MIN;

    public Cadence(Duration period) {
        this.period = period;
    }

    /** Runs {@code chore} if it is due at {@code now}; returns whether it ran. */
    public boolean runIfDue(Instant now, Runnable chore) {
        if (now.isBefore(last.plus(period))) {
            return false;
        }
        chore.run();
        last = now;
        return true;
    }
}
