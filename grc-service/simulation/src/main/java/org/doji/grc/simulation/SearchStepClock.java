package org.doji.grc.simulation;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The clock the simulation's planner measures its per-slot limit on: it moves one microsecond each time it is
 * read, and the search reads it once per step (a placement tried, a path examined). A limit of L microseconds is
 * then a limit of L search steps: the same on any machine and under any load, so a run stays deterministic and a
 * busy machine cannot cut planning short. Read by one planning thread at a time (the simulation plans on the
 * calling thread).
 */
final class SearchStepClock extends Clock {

    private final Instant origin;
    private long steps;

    SearchStepClock(Instant origin) {
        this.origin = origin;
    }

    @Override
    public Instant instant() {
        steps++;
        return origin.plusNanos(steps * 1000);
    }

    /** Steps counted so far (all slots, all requests). */
    long steps() {
        return steps;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the planner's step clock has no time zone");
    }
}
