package org.doji.grc.planner.model;

/**
 * How far an engine's answer for one slot is proven: a slot's search is bounded by
 * {@link PlannerSettings#planTimeout()}, and a heuristic engine searches for no proof at all.
 */
public enum Optimality {
    /** The plan is optimal, or the slot is proven infeasible. */
    PROVEN,
    /**
     * The planning time limit ran out first: the plan is the best one found (feasible, perhaps dearer than
     * the optimum), or, for an infeasible slot, none was found in time (it may still have one).
     */
    INCUMBENT,
    /**
     * A heuristic engine's answer (greedy): a feasible plan that no search proved optimal, or, for an infeasible slot,
     * none found by the heuristic (an exact engine may still find one). Not a time limit's doing.
     */
    HEURISTIC
}
