package org.doji.grc.planner.model;

/**
 * How far an engine's answer for one slot is proven (issue #19 item 5: a slot's search is bounded by
 * {@link PlannerSettings#planTimeout()}).
 */
public enum Optimality {
    /** The plan is optimal, or the slot is proven infeasible. */
    PROVEN,
    /**
     * The planning time limit ran out first: the plan is the best one found (feasible, perhaps dearer than
     * the optimum), or, for an infeasible slot, none was found in time (it may still have one).
     */
    INCUMBENT
}
