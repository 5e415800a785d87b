package org.doji.grc.planner.model;

import java.time.Instant;
import java.util.Map;

/**
 * What the RMs answered for one candidate slot [start, end). A site or path missing from the
 * maps has nothing free in this slot.
 */
public record SlotCapacity(int index, Instant start, Instant end, Map<String, Integer> freeCores,
                           Map<String, Long> freeBandwidthMbps, Map<String, Long> freeCountables) {
    public SlotCapacity {
        if (index < 0) {
            throw new IllegalArgumentException("slot index must be >= 0");
        }
        if (start == null || end == null || !end.isAfter(start)) {
            throw new IllegalArgumentException("slot " + index + " needs start < end");
        }
        freeCores = freeCores == null ? Map.of() : Map.copyOf(freeCores);
        freeBandwidthMbps = freeBandwidthMbps == null ? Map.of() : Map.copyOf(freeBandwidthMbps);
        freeCountables = freeCountables == null ? Map.of() : Map.copyOf(freeCountables);
        freeCores.forEach((k, v) -> Checks.nonNegative(v, "free cores of " + k));
        freeBandwidthMbps.forEach((k, v) -> Checks.nonNegative(v, "free bandwidth of " + k));
        freeCountables.forEach((k, v) -> Checks.nonNegative(v, "free countable " + k));
    }
}
