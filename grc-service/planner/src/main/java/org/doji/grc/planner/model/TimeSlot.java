package org.doji.grc.planner.model;

import java.time.Instant;

/** A candidate slot [start, end) produced by {@link org.doji.grc.planner.SlotGenerator}. */
public record TimeSlot(int index, Instant start, Instant end) {
    public TimeSlot {
        if (start == null || end == null || !end.isAfter(start)) {
            throw new IllegalArgumentException("slot needs start < end");
        }
    }
}
