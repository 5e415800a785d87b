package org.doji.rm.model;

/** NSI CS v2 reservation state machine; spellings as in the XSD. */
public enum ReservationState {
    ReserveStart,
    ReserveChecking,
    ReserveHeld,
    ReserveCommitting,
    ReserveFailed,
    ReserveTimeout,
    ReserveAborting
}
