package org.doji.grc.planner.model;

import java.time.Instant;

/** Why no plan exists for a slot (a result, never an exception). */
public record SlotInfeasibility(int slotIndex, Instant start, String reason) {
}
