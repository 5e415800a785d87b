package org.doji.rm.state;

/** Events that move a reservation's state machines. */
public enum Operation {
    RESERVE,
    MODIFY,
    CANCEL,
    COMMIT,
    ABORT,
    TIMEOUT,
    START,
    END,
    DESTROY,
    FAIL
}
