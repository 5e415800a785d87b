package org.doji.rm.model;

import java.util.List;

/**
 * N candidate slots asked in one call; {@code onBehalfOf} selects the end user's service level, {@code pathPolicy}
 * the path allocation policy a network RM computes free bandwidth with (null: its default).
 */
public record AvailabilityQuery(List<TimeWindow> slots, String onBehalfOf, String pathPolicy) {

    public AvailabilityQuery {
        slots = List.copyOf(slots);
    }

    public AvailabilityQuery(List<TimeWindow> slots, String onBehalfOf) {
        this(slots, onBehalfOf, null);
    }
}
