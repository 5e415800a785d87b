package org.doji.grc.planner.engine;

import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;

/**
 * Solves the integer program of one slot to optimality. Implementations must be thread-safe:
 * the planner calls one instance from several threads for different slots.
 */
public interface SolverEngine {
    String name();

    /** An optimal solution, or an infeasible one with a reason; never throws for infeasibility. */
    SlotSolution solve(SlotProblem problem);

    /**
     * As {@link #solve(SlotProblem)}, but stops at {@code deadline} with the best solution found, marked
     * {@link org.doji.grc.planner.model.Optimality#INCUMBENT}. Engines that cannot stop early ignore it (the
     * MIP engines keep their own time limit).
     */
    default SlotSolution solve(SlotProblem problem, Deadline deadline) {
        return solve(problem);
    }
}
