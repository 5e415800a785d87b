package org.doji.rm.model;

/** Which two-phase operation awaits commit or abort. */
public enum PendingChange {
    None,
    Reserve,
    Modify,
    Cancel
}
