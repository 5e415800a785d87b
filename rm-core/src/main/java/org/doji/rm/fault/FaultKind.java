package org.doji.rm.fault;

/** The failure classes every Doji service reports; each maps to one typed SOAP fault. */
public enum FaultKind {
    INVALID_REQUEST,
    UNKNOWN_RESOURCE,
    NOT_AUTHORIZED,
    RESOURCE_UNAVAILABLE,
    INVALID_STATE_TRANSITION,
    INTERNAL_ERROR;

    /** Whether the caller can fix it (SOAP fault code Client, Sender in 1.2), rather than the service (Server). */
    public boolean callersFault() {
        return this != RESOURCE_UNAVAILABLE && this != INTERNAL_ERROR;
    }
}
