package org.doji.grc.planner;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Virtual time for deadline tests: every reading advances the clock by one step, so a search is cut
 * after a fixed number of deadline checks, whatever the machine's speed (no sleeps, no wall time).
 */
public final class StepClock extends Clock {
    private final Duration step;
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    public StepClock(Duration step) {
        this.step = step;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a test clock");
    }

    @Override
    public synchronized Instant instant() {
        Instant t = now;
        now = now.plus(step);
        return t;
    }
}
