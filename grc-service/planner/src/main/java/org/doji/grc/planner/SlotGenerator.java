package org.doji.grc.planner;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.doji.grc.planner.model.TimeSlot;

/** DESIGN §3 step 1: N start times evenly spaced over [EST, LST], each slot [t, t + D). */
public final class SlotGenerator {
    private SlotGenerator() {
    }

    public static List<TimeSlot> generate(Instant est, Instant lst, Duration duration, int n) {
        if (est == null || lst == null || duration == null) {
            throw new IllegalArgumentException("EST, LST and duration are required");
        }
        if (lst.isBefore(est)) {
            throw new IllegalArgumentException("LST " + lst + " is before EST " + est);
        }
        if (duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException("duration must be positive, was " + duration);
        }
        if (n < 1) {
            throw new IllegalArgumentException("N must be >= 1, was " + n);
        }
        List<TimeSlot> slots = new ArrayList<>();
        long spanNanos = Duration.between(est, lst).toNanos();
        int count = spanNanos == 0 ? 1 : n;
        Instant previous = null;
        for (int s = 0; s < count; s++) {
            // integer arithmetic in nanoseconds: the last start is exactly LST
            long offset = count == 1 ? 0 : (long) ((double) spanNanos * s / (count - 1));
            if (s == count - 1) {
                offset = spanNanos;
            }
            Instant start = est.plusNanos(offset);
            if (start.equals(previous)) {
                continue; // a span shorter than N nanoseconds: no duplicate slots
            }
            slots.add(new TimeSlot(slots.size(), start, start.plus(duration)));
            previous = start;
        }
        return slots;
    }
}
