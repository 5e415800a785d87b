package org.doji.grc.planner.model;

import java.time.Instant;

/**
 * Why no plan exists for a slot (a result, never an exception).
 *
 * @param timedOut the slot's planning time limit ran out before a plan was found: the slot is not proven
 *                 infeasible
 */
public record SlotInfeasibility(int slotIndex, Instant start, String reason, boolean timedOut) {

    /** A slot proven infeasible. */
    public SlotInfeasibility(int slotIndex, Instant start, String reason) {
        this(slotIndex, start, reason, false);
    }
}
