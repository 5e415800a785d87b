package org.doji.grc.planner.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.doji.grc.planner.Instance;
import org.doji.grc.planner.PlanDecoder;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.model.DirectedHop;
import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.Policy;
import org.doji.grc.planner.model.RequestedLink;
import org.doji.grc.planner.model.RequestedSite;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SiteVertex;
import org.doji.grc.planner.model.SlotCapacity;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Small hand-checked instances, run through every engine available here. */
class EngineBehaviourTest {
    private static final EngineRegistry ENGINES = EngineRegistry.withDefaults();
    private static final Instant T = Instant.parse("2026-03-01T00:00:00Z");

    static Stream<String> engines() {
        return Stream.of("fast", "ortools", "glpk").filter(ENGINES::isAvailable);
    }

    private static CandidatePlan solve(String engine, Instance in) {
        SlotProblem p = in.compile();
        SlotSolution s = ENGINES.get(engine).solve(p);
        return s.feasible() ? PlanDecoder.decode(in.graph(), in.slot(), p, s) : null;
    }

    private static SlotCapacity free(ResourceGraph g, long bw) {
        Map<String, Integer> cores = new java.util.HashMap<>();
        g.sites().forEach(s -> cores.put(s.name(), s.totalCores()));
        Map<String, Long> bws = new java.util.HashMap<>();
        g.paths().forEach(p -> bws.put(p.id(), bw));
        return new SlotCapacity(0, T, T.plusSeconds(3600), cores, bws, Map.of());
    }

    /** DESIGN §3 (9): the flow leaves the site of o and arrives at the site of p. */
    @ParameterizedTest
    @MethodSource("engines")
    void flowRunsFromTheSiteOfOToTheSiteOfP(String engine) {
        ResourceGraph g = new ResourceGraph(List.of(new SiteVertex("A", "a", 8, 1), new SiteVertex("B", "b", 8, 1)),
                List.of(), List.of(new PathEdge("AB", "A", "B", "n", 1000, 1, 1.0)));
        PlanningRequest r = new PlanningRequest(List.of(new RequestedSite("o", 2, Set.of("B"), List.of()),
                new RequestedSite("p", 2, Set.of("A"), List.of())), List.of(new RequestedLink("o", "p", 100)), Map.of(),
                Policy.CHEAPEST);
        CandidatePlan plan = solve(engine, new Instance("two", g, r, free(g, 1000), AdminPolicy.NONE, 1));
        assertThat(plan.placement()).isEqualTo(Map.of("o", "B", "p", "A"));
        assertThat(plan.routes().get(0).hops()).containsExactly(new DirectedHop("AB", "B", "A"));
        assertThat(plan.cost()).isEqualTo(2 + 2 + 100);
    }

    /** Both directions of a path share its bandwidth: o→p and p→o cannot both use a 1000 Mbps path at 600. */
    @ParameterizedTest
    @MethodSource("engines")
    void bothDirectionsShareAPath(String engine) {
        ResourceGraph g = new ResourceGraph(List.of(new SiteVertex("A", "a", 8, 1), new SiteVertex("B", "b", 8, 1)),
                List.of("X"), List.of(new PathEdge("AB", "A", "B", "n", 1000, 1, 1.0),
                        new PathEdge("AX", "A", "X", "n", 1000, 2, 1.0), new PathEdge("XB", "X", "B", "n", 1000, 2, 1.0)));
        PlanningRequest r = new PlanningRequest(List.of(new RequestedSite("o", 1), new RequestedSite("p", 1)),
                List.of(new RequestedLink("o", "p", 600), new RequestedLink("p", "o", 600)), Map.of(), Policy.CHEAPEST);
        CandidatePlan plan = solve(engine, new Instance("shared", g, r, free(g, 1000), AdminPolicy.NONE, 1));
        // one link direct (600), the other around through X (2·1200): 2 + 600 + 2400
        assertThat(plan.cost()).isEqualTo(3002);
        assertThat(plan.routes().stream().mapToInt(rl -> rl.hops().size()).sorted().toArray()).containsExactly(1, 2);
    }

    @ParameterizedTest
    @MethodSource("engines")
    void latencyBoundIsOnTheSumAlongTheRoute(String engine) {
        ResourceGraph g = new ResourceGraph(List.of(new SiteVertex("A", "a", 8, 1), new SiteVertex("B", "b", 8, 1)),
                List.of("X"), List.of(new PathEdge("AB", "A", "B", "n", 1000, 1, 10.0),
                        new PathEdge("AX", "A", "X", "n", 1000, 3, 4.0), new PathEdge("XB", "X", "B", "n", 1000, 3, 4.0)));
        RequestedSite o = new RequestedSite("o", 1);
        RequestedSite p = new RequestedSite("p", 1);
        CandidatePlan cheap = solve(engine, new Instance("lat", g, new PlanningRequest(List.of(o, p),
                List.of(new RequestedLink("o", "p", 10, 9.0)), Map.of(), Policy.CHEAPEST), free(g, 1000),
                AdminPolicy.NONE, 1));
        assertThat(cheap.routes().get(0).hops()).hasSize(2);
        CandidatePlan unbounded = solve(engine, new Instance("lat", g, new PlanningRequest(List.of(o, p),
                List.of(new RequestedLink("o", "p", 10)), Map.of(), Policy.CHEAPEST), free(g, 1000),
                AdminPolicy.NONE, 1));
        assertThat(unbounded.routes().get(0).hops()).extracting(DirectedHop::pathId).containsExactly("AB");
        assertThat(solve(engine, new Instance("lat", g, new PlanningRequest(List.of(o, p),
                List.of(new RequestedLink("o", "p", 10, 7.0)), Map.of(), Policy.CHEAPEST), free(g, 1000),
                AdminPolicy.NONE, 1))).isNull();
    }

    @ParameterizedTest
    @MethodSource("engines")
    void twoRequestedSitesNeverShareASite(String engine) {
        ResourceGraph g = new ResourceGraph(List.of(new SiteVertex("A", "a", 64, 1)), List.of(), List.of());
        PlanningRequest r = new PlanningRequest(List.of(new RequestedSite("o", 1), new RequestedSite("p", 1)),
                List.of(), Map.of(), Policy.CHEAPEST);
        SlotProblem p = new Instance("one", g, r, free(g, 0), AdminPolicy.NONE, 1).compile();
        assertThat(p.precheckFailure).contains("2 requested sites but only 1 sites");
        assertThat(ENGINES.get(engine).solve(p).feasible()).isFalse();
    }

    @ParameterizedTest
    @MethodSource("engines")
    void siteWithoutLinksAndUnroutedLinkArePlacedWithoutRoutes(String engine) {
        ResourceGraph g = new ResourceGraph(List.of(new SiteVertex("A", "a", 8, 3), new SiteVertex("B", "b", 8, 1)),
                List.of(), List.of());
        PlanningRequest r = new PlanningRequest(List.of(new RequestedSite("o", 2), new RequestedSite("p", 4)),
                List.of(new RequestedLink("o", "p", 0)), Map.of(), Policy.CHEAPEST);
        CandidatePlan plan = solve(engine, new Instance("nolink", g, r, free(g, 0), AdminPolicy.NONE, 1));
        assertThat(plan.placement()).isEqualTo(Map.of("o", "A", "p", "B"));
        assertThat(plan.cost()).isEqualTo(6 + 4);
        assertThat(plan.routes().get(0).hops()).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void unknownEngineIsAClearError() {
        assertThatThrownBy(() -> ENGINES.get("cplex")).hasMessageContaining("unknown solver engine 'cplex'");
    }
}
