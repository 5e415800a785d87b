package org.doji.rm.model;

import java.time.Instant;

/** The state document of one reservation (what GetResourcePropertyDocument returns). */
public record ReservationView(
        String key,
        String rmId,
        String owner,
        ReservationState reservationState,
        LifecycleState lifecycleState,
        PendingChange pendingChange,
        ReservationSpec spec,
        Allocation allocation,
        ReservationSpec pendingSpec,
        Allocation pendingAllocation,
        Instant holdExpires,
        Instant terminationTime,
        int version,
        Instant created,
        Instant updated,
        String reason) {
}
