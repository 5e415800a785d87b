package org.doji.rm.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.doji.rm.fault.DojiException;

/** A half-open interval [start, end) with end after start. */
public record TimeWindow(Instant start, Instant end) {

    public TimeWindow {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        if (!end.isAfter(start)) {
            throw DojiException.invalidField("window/end", "END_NOT_AFTER_START",
                    "end " + end + " must be after start " + start);
        }
    }

    public Duration duration() {
        return Duration.between(start, end);
    }

    public boolean overlaps(TimeWindow other) {
        return start.isBefore(other.end) && other.start.isBefore(end);
    }

    public boolean contains(Instant t) {
        return !t.isBefore(start) && t.isBefore(end);
    }
}
