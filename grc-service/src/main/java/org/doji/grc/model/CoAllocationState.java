package org.doji.grc.model;

/** States of a co-allocation at the GRC; spellings as in the XSD. */
public enum CoAllocationState {
    Planning,
    Reserving,
    Reserved,
    Active,
    Completed,
    Cancelled,
    Failed;

    public boolean isFinal() {
        return this == Completed || this == Cancelled || this == Failed;
    }
}
