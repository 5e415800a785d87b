package org.doji.rm.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The RM's own resource properties: identity, its open reservations counted by state, and the backend's live
 * status properties.
 */
public record RmStatus(String rmId, RmKind kind, String domain, String backend, Instant currentTime,
                       Map<ReservationState, Long> reservationStates, Map<LifecycleState, Long> lifecycleStates,
                       List<StatusProperty> properties) {

    public RmStatus {
        reservationStates = Map.copyOf(reservationStates);
        lifecycleStates = Map.copyOf(lifecycleStates);
        properties = List.copyOf(properties);
    }
}
