package org.doji.grc.planner.model;

/** The user's policy (DESIGN §2): how the feasible plans of the N slots are ordered. */
public enum Policy {
    /** slot start, then cost (each slot is solved cheapest-first). */
    EARLIEST,
    /** cost, then slot start. */
    CHEAPEST,
    /** quality score (descending), then cost. */
    QUALITY
}
