package org.doji.nrm.openflow;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Real time plus an offset, so the RM keeps driving real switches; frozen (and moved by
 * {@link #advance} jumps) while a test needs "just before the hold timeout" to stay just before it.
 */
public final class OffsetClock extends Clock {

    private Duration offset = Duration.ZERO;
    private Instant frozenAt;

    /** Stops the clock where it is. */
    public synchronized void freeze() {
        frozenAt = instant();
    }

    public synchronized void advance(Duration d) {
        frozenAt = instant().plus(d);
    }

    /** Runs on in real time from where the jumps left it. */
    public synchronized void resume() {
        if (frozenAt != null) {
            offset = Duration.between(Instant.now(), frozenAt);
            frozenAt = null;
        }
    }

    @Override
    public synchronized Instant instant() {
        return frozenAt != null ? frozenAt : Instant.now().plus(offset);
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
