package org.doji.grc.tx;

/** What one RM is asked to do in a coordinated change: hold a new part, change its part, or give its part up. */
public enum Step {
    RESERVE("reserve"),
    MODIFY("modify"),
    CANCEL("cancel");

    private final String operation;

    Step(String operation) {
        this.operation = operation;
    }

    /** The RM port operation of phase one (also the suffix of its correlation id). */
    public String operation() {
        return operation;
    }
}
