package org.doji.grc.model;

import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationState;

/** What one RM answered for a co-allocation: its reservation (key at its address), state, or refusal. */
public record RmOutcome(String rmId, String address, String reservationKey, ReservationState reservationState,
                        LifecycleState lifecycleState, Allocation allocation, String errorCode, String message) {

    /** An RM asked to prepare its part, before it answered. */
    public static RmOutcome intended(String rmId, String address) {
        return new RmOutcome(rmId, address, null, null, null, null, null, "asked to prepare");
    }

    public static RmOutcome refused(String rmId, String address, String errorCode, String message) {
        return new RmOutcome(rmId, address, null, null, null, null, errorCode, message);
    }
}
