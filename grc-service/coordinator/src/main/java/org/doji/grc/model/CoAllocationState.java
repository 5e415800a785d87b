package org.doji.grc.model;

/**
 * States of a co-allocation at the GRC; spellings as in the XSD. The intermediate ones say honestly what is in
 * progress: Reserving (phase one of an attempt), Committing (the commit is decided, not every RM has
 * acknowledged it yet), Modifying and Cancelling (a change in progress, until every RM has acknowledged it).
 * Transitions: {@link CoAllocationStateMachine}.
 */
public enum CoAllocationState {
    Planning,
    Reserving,
    Committing,
    Reserved,
    Active,
    Modifying,
    Cancelling,
    Completed,
    Cancelled,
    Failed;

    public boolean isFinal() {
        return this == Completed || this == Cancelled || this == Failed;
    }

    /** Settled: final, or Reserved/Active with nothing in progress. */
    public boolean isSettled() {
        return isFinal() || this == Reserved || this == Active;
    }
}
