package org.doji.grc.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.engine.SolverEngine;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.model.DirectedHop;
import org.doji.grc.planner.model.Optimality;
import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.PlanningResult;
import org.doji.grc.planner.model.Policy;
import org.doji.grc.planner.model.RequestedLink;
import org.doji.grc.planner.model.RequestedSite;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SiteVertex;
import org.doji.grc.planner.model.SlotCapacity;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.junit.jupiter.api.Test;

/**
 * The greedy heuristic is an engine of the registry like the others: on the cross-check corpus every plan it returns
 * passes the independent verifier, costs what it reports and never less than the exact optimum, and it finds no plan
 * where none exists; through the planner its plans are marked heuristic, and its failures are not timeouts.
 */
class GreedyEngineTest {

    private static final EngineRegistry ENGINES = EngineRegistry.withDefaults();
    private static final Instant T = Instant.parse("2030-01-01T00:00:00Z");

    @Test
    void everyGreedyPlanOfTheCorpusIsFeasibleAndNeverBelowTheOptimum() {
        SolverEngine greedy = ENGINES.get("greedy");
        SolverEngine exact = ENGINES.get("fast");
        List<String> problems = new ArrayList<>();
        int plans = 0;
        int optimal = 0;
        for (long seed = 0; seed < 2_000; seed++) {
            Instance in = CorpusGenerator.generate(seed);
            SlotProblem p = in.compile();
            SlotSolution g = greedy.solve(p);
            SlotSolution x = exact.solve(p);
            if (!g.feasible()) {
                continue;
            }
            plans++;
            assertThat(g.optimality()).isEqualTo(Optimality.HEURISTIC);
            CandidatePlan plan = PlanDecoder.decode(in.graph(), in.slot(), p, g);
            List<String> v = PlanVerifier.violations(in, plan);
            if (!v.isEmpty()) {
                problems.add("seed " + seed + ": " + v);
            }
            if (!EngineCrossCheckTest.close(PlanVerifier.objective(in, plan), g.objective())) {
                problems.add("seed " + seed + ": reported " + g.objective() + ", verifier " + PlanVerifier.objective(in, plan));
            }
            if (!x.feasible()) {
                problems.add("seed " + seed + ": greedy found a plan where the exact engine proves there is none");
            } else if (g.objective() < x.objective() - 1e-6 * Math.max(1, Math.abs(x.objective()))) {
                problems.add("seed " + seed + ": greedy " + g.objective() + " below the optimum " + x.objective());
            } else if (EngineCrossCheckTest.close(g.objective(), x.objective())) {
                optimal++;
            }
        }
        assertThat(problems).isEmpty();
        assertThat(plans).as("instances with a greedy plan").isGreaterThan(400);
        assertThat(optimal).as("greedy plans as cheap as the optimum").isLessThan(plans);
    }

    /** Site b takes the cheap site A first; the link then goes the only way left with its bandwidth free. */
    @Test
    void placesInRequestOrderOnTheCheapestFreeSiteAndRoutesAroundAFullPath() {
        ResourceGraph g = new ResourceGraph(List.of(new SiteVertex("A", "a", 16, 1), new SiteVertex("B", "b", 16, 2),
                new SiteVertex("C", "c", 32, 3)), List.of("X"), List.of(new PathEdge("AB", "A", "B", "n", 10_000, 5, 1.0),
                new PathEdge("AX", "A", "X", "n", 10_000, 3, 1.0), new PathEdge("XB", "X", "B", "n", 10_000, 3, 1.0)));
        PlanningRequest r = new PlanningRequest(List.of(new RequestedSite("b", 16), new RequestedSite("a", 8)),
                List.of(new RequestedLink("a", "b", 1000)), Map.of(), Policy.CHEAPEST);
        SlotCapacity free = new SlotCapacity(0, T, T.plusSeconds(3600), Map.of("A", 16, "B", 16, "C", 32),
                Map.of("AB", 500L, "AX", 1000L, "XB", 1000L), Map.of());
        PlanningResult out = new Planner(ENGINES, PlannerSettings.defaults().withEngine("greedy"), Runnable::run)
                .plan(g, r, List.of(free));
        assertThat(out.ranked()).singleElement().satisfies(plan -> {
            assertThat(plan.placement()).isEqualTo(Map.of("b", "A", "a", "B"));
            assertThat(plan.routes().get(0).hops()).containsExactly(new DirectedHop("XB", "B", "X"),
                    new DirectedHop("AX", "X", "A"));
            assertThat(plan.optimality()).isEqualTo(Optimality.HEURISTIC);
            assertThat(plan.cost()).isEqualTo(16 * 1 + 8 * 2 + 1000 * 3 * 2);
        });
    }

    @Test
    void aSiteWithNoFreeCandidateLeftIsAReasonNotATimeout() {
        ResourceGraph g = new ResourceGraph(List.of(new SiteVertex("A", "a", 16, 1), new SiteVertex("B", "b", 4, 2)),
                List.of(), List.of());
        // both want A; B is too small for either, so the second has nothing left
        PlanningRequest r = new PlanningRequest(List.of(new RequestedSite("x", 8, Set.of(), List.of()),
                new RequestedSite("y", 8, Set.of(), List.of())), List.of(), Map.of(), Policy.CHEAPEST);
        SlotCapacity free = new SlotCapacity(0, T, T.plusSeconds(3600), Map.of("A", 16, "B", 4), Map.of(), Map.of());
        PlanningResult out = new Planner(ENGINES, new PlannerSettings(1, "greedy", AdminPolicy.NONE), Runnable::run)
                .plan(g, r, List.of(free));
        assertThat(out.ranked()).isEmpty();
        assertThat(out.infeasible()).singleElement().satisfies(i -> {
            assertThat(i.reason()).isEqualTo("no free site for y (8 cores)");
            assertThat(i.timedOut()).isFalse();
        });
    }
}
