package org.doji.grc.planner;

import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SlotCapacity;
import org.doji.grc.planner.problem.ProblemCompiler;
import org.doji.grc.planner.problem.SlotProblem;

/** One slot's planning instance, as the tests and benchmarks use it. */
public record Instance(String name, ResourceGraph graph, PlanningRequest request, SlotCapacity slot,
                       AdminPolicy admin, double share) {
    public SlotProblem compile() {
        return ProblemCompiler.compile(graph, request, slot, admin, share);
    }
}
