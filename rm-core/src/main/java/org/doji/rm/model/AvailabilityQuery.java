package org.doji.rm.model;

import java.util.List;

/** N candidate slots asked in one call; {@code onBehalfOf} selects the end user's service level. */
public record AvailabilityQuery(List<TimeWindow> slots, String onBehalfOf) {

    public AvailabilityQuery {
        slots = List.copyOf(slots);
    }
}
