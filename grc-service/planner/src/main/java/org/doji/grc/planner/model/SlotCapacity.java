package org.doji.grc.planner.model;

import java.time.Instant;
import java.util.Map;

/**
 * What the RMs answered for one candidate slot [start, end). A site or path missing from the
 * maps has nothing free in this slot. A countable resource is the one pool the request takes it from: its free
 * amount and its unit price per unit-hour (missing: 0), a fixed cost of every plan in this slot.
 */
public record SlotCapacity(int index, Instant start, Instant end, Map<String, Integer> freeCores,
                           Map<String, Long> freeBandwidthMbps, Map<String, Long> freeCountables,
                           Map<String, Double> countablePrices) {
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
        countablePrices = countablePrices == null ? Map.of() : Map.copyOf(countablePrices);
        freeCores.forEach((k, v) -> Checks.nonNegative(v, "free cores of " + k));
        freeBandwidthMbps.forEach((k, v) -> Checks.nonNegative(v, "free bandwidth of " + k));
        freeCountables.forEach((k, v) -> Checks.nonNegative(v, "free countable " + k));
        countablePrices.forEach((k, v) -> {
            if (!(v >= 0) || v.isInfinite()) {
                throw new IllegalArgumentException("unit price of countable " + k + " must be finite and >= 0, was " + v);
            }
        });
    }

    public SlotCapacity(int index, Instant start, Instant end, Map<String, Integer> freeCores,
                        Map<String, Long> freeBandwidthMbps, Map<String, Long> freeCountables) {
        this(index, start, end, freeCores, freeBandwidthMbps, freeCountables, Map.of());
    }
}
