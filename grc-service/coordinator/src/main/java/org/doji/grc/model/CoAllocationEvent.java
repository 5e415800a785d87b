package org.doji.grc.model;

/** What moves a co-allocation from one state to the next ({@link CoAllocationStateMachine}). */
public enum CoAllocationEvent {
    /** phase one of a reservation attempt begins (the first, or the next ranked plan) */
    PREPARE,
    /** the attempt's commit is decided and stored */
    DECIDE_COMMIT,
    /** every RM acknowledged the decided commit */
    COMMITTED,
    /** every RM acknowledged the abort (of a change: the co-allocation is as it was; of an attempt: plan again) */
    ABORTED,
    /** a modification begins */
    MODIFY,
    /** a cancellation begins */
    CANCEL,
    /** the window starts */
    START,
    /** the window ends */
    END,
    /** nothing can be reserved, or a part was lost and every part released */
    FAIL
}
