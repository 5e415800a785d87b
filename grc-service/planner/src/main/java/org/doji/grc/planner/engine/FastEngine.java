package org.doji.grc.planner.engine;

import java.util.concurrent.atomic.AtomicLong;
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
    /** The same search, exact without a node cap: routings past {@link #EXACT_MIP_AFTER} nodes go to {@link RouteMip}. */
    public static final String EXACT_NAME = "fast-exact";
    /** Route search nodes after which the exact engine solves a routing as an integer program. */
    public static final long EXACT_MIP_AFTER = 20_000;

    private final String name;
    private final long mipAfter;
    private final AtomicLong mipSolves = new AtomicLong();

    /** The service's engine: bounded by the planning deadline alone, no integer program. */
    public FastEngine() {
        this(NAME, Long.MAX_VALUE);
    }

    /**
     * @param mipAfter route search nodes after which a routing of the last, uncapped pass is solved by SCIP
     *                 ({@link RouteMip}); {@code Long.MAX_VALUE}: never. The integer program is not bounded in
     *                 time, so an engine with one is for offline use (the simulation), not the GRC's planning.
     */
    public FastEngine(String name, long mipAfter) {
        this.name = name;
        this.mipAfter = mipAfter;
    }

    @Override
    public String name() {
        return name;
    }

    /** Routing problems this engine has handed to the integer program (all solves so far). */
    public long mipSolves() {
        return mipSolves.get();
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
        if (mipAfter == Long.MAX_VALUE) {
            return new PlacementSearch(problem, deadline).run();
        }
        PlacementSearch search = new PlacementSearch(problem, deadline, new RouteMip(problem), mipAfter);
        SlotSolution s = search.run();
        mipSolves.addAndGet(search.mipSolves());
        return s;
    }
}
