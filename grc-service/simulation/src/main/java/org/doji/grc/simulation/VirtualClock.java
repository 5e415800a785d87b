package org.doji.grc.simulation;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The one clock of a simulated grid: the event loop sets it; every kernel reads it. Never goes back. */
public final class VirtualClock extends Clock {

    private volatile Instant now;

    public VirtualClock(Instant start) {
        this.now = start;
    }

    public void set(Instant t) {
        if (t.isBefore(now)) {
            throw new IllegalArgumentException("virtual time cannot go back from " + now + " to " + t);
        }
        now = t;
    }

    @Override
    public Instant instant() {
        return now;
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
