package org.doji.grc.planner.engine;

import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;

/**
 * The default engine: exact branch and bound over placements, exploiting the structure of
 * the co-allocation program (few requested sites, small graphs): candidates are tried in
 * order of a cost lower bound built from shortest paths, and routing is solved per placement
 * by {@link Router}. See {@link PlacementSearch}.
 */
public final class FastEngine implements SolverEngine {
    public static final String NAME = "fast";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public SlotSolution solve(SlotProblem problem) {
        return solve(problem, Deadline.none());
    }

    @Override
    public SlotSolution solve(SlotProblem problem, Deadline deadline) {
        if (problem.precheckFailure != null) {
            return SlotSolution.infeasible(problem.precheckFailure);
        }
        return new PlacementSearch(problem, deadline).run();
    }
}
