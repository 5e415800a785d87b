package org.doji.grc.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.PlanningResult;
import org.doji.grc.planner.model.Policy;
import org.doji.grc.planner.model.RequestedLink;
import org.doji.grc.planner.model.RequestedSite;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SlotCapacity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The facade on the reference topology of DESIGN §9. */
class PlannerTest {
    private static final EngineRegistry ENGINES = EngineRegistry.withDefaults();
    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);
    private static final ResourceGraph G = ReferenceTopology.graph();
    private static final Instant T0 = Instant.parse("2026-03-01T13:00:00Z");

    @AfterAll
    static void shutdown() {
        POOL.shutdownNow();
    }

    private static Planner planner(AdminPolicy admin) {
        return new Planner(ENGINES, PlannerSettings.defaults().withAdmin(admin), POOL);
    }

    private static PlanningRequest threeSites(Policy policy) {
        List<RequestedSite> sites = List.of(new RequestedSite("a", 8), new RequestedSite("b", 8),
                new RequestedSite("c", 8));
        return new PlanningRequest(sites, List.of(new RequestedLink("a", "b", 1000), new RequestedLink("b", "c", 1000),
                new RequestedLink("a", "c", 1000)), Map.of(), policy);
    }

    /** slot 0: nothing free; slot 1: one site free per domain; slot 2: everything free. */
    private static List<SlotCapacity> slots() {
        List<SlotCapacity> slots = new ArrayList<>();
        SlotCapacity all = ReferenceTopology.allFree(G, 2, T0.plusSeconds(7200));
        slots.add(new SlotCapacity(0, T0, T0.plusSeconds(3600), Map.of(), all.freeBandwidthMbps(), Map.of()));
        Map<String, Integer> onePerDomain = new HashMap<>(Map.of("JN1", 8, "JS1", 8, "US1", 8));
        slots.add(new SlotCapacity(1, T0.plusSeconds(3600), T0.plusSeconds(7200), onePerDomain,
                all.freeBandwidthMbps(), Map.of()));
        slots.add(all);
        return slots;
    }

    @Test
    void ranksEarliestFirstAndReportsInfeasibleSlots() {
        PlanningResult r = planner(AdminPolicy.NONE).plan(G, threeSites(Policy.EARLIEST), slots());
        assertThat(r.ranked()).extracting(CandidatePlan::slotIndex).containsExactly(1, 2);
        // slot 1 crosses domains through X1: 3 links × 1000 Mbps × (3 + 3)
        assertThat(r.ranked().get(0).cost()).isEqualTo(24 + 18_000);
        assertThat(r.ranked().get(0).placement().values()).containsExactlyInAnyOrder("JN1", "JS1", "US1");
        // slot 2 stays inside one domain: 3 direct paths at 5
        assertThat(r.ranked().get(1).cost()).isEqualTo(24 + 15_000);
        assertThat(r.infeasible()).hasSize(1);
        assertThat(r.infeasible().get(0).slotIndex()).isZero();
        assertThat(r.infeasible().get(0).reason()).contains("no site can host requested site a");
    }

    @Test
    void ranksCheapestFirst() {
        PlanningResult r = planner(AdminPolicy.NONE).plan(G, threeSites(Policy.CHEAPEST), slots());
        assertThat(r.ranked()).extracting(CandidatePlan::slotIndex).containsExactly(2, 1);
    }

    @Test
    void qualityPrefersLowLatencyRoutes() {
        PlanningResult r = planner(AdminPolicy.NONE).plan(G, threeSites(Policy.QUALITY), slots());
        assertThat(r.ranked()).extracting(CandidatePlan::slotIndex).containsExactly(2, 1);
        assertThat(r.ranked().get(0).quality()).isGreaterThan(r.ranked().get(1).quality());
        // three direct intra-domain paths of 2 ms each
        assertThat(r.ranked().get(0).quality()).isEqualTo(100.0 / 106.0);
    }

    @Test
    void lowServiceLevelSeesHalfTheCapacity() {
        AdminPolicy admin = new AdminPolicy(0, Map.of(), Map.of("B", 0.5), 1.0);
        PlanningRequest big = new PlanningRequest(List.of(new RequestedSite("a", 40)), List.of(), Map.of(),
                Policy.CHEAPEST);
        List<SlotCapacity> slots = List.of(ReferenceTopology.allFree(G, 0, T0));
        assertThat(planner(admin).plan(G, big, slots, "A").ranked()).singleElement()
                .satisfies(p -> assertThat(p.placement()).isEqualTo(Map.of("a", "JN4")));
        assertThat(planner(admin).plan(G, big, slots, "B").feasible()).isFalse();
    }

    @Test
    void preferenceWeightsSteerTheChoice() {
        PlanningRequest one = new PlanningRequest(List.of(new RequestedSite("a", 8)), List.of(), Map.of(),
                Policy.CHEAPEST);
        List<SlotCapacity> slots = List.of(ReferenceTopology.allFree(G, 0, T0));
        AdminPolicy preferUs3 = new AdminPolicy(0, Map.of("crm-US3", 0.5), Map.of(), 1.0);
        assertThat(planner(preferUs3).plan(G, one, slots).ranked().get(0).placement()).isEqualTo(Map.of("a", "US3"));
        // money cost stays the unit price: preferences only steer
        assertThat(planner(preferUs3).plan(G, one, slots).ranked().get(0).cost()).isEqualTo(8);
    }

    @Test
    void loadSpreadPrefersTheEmptierSite() {
        PlanningRequest one = new PlanningRequest(List.of(new RequestedSite("a", 8)), List.of(), Map.of(),
                Policy.CHEAPEST);
        List<SlotCapacity> slots = List.of(ReferenceTopology.allFree(G, 0, T0));
        AdminPolicy spread = new AdminPolicy(10, Map.of(), Map.of(), 1.0);
        assertThat(planner(spread).plan(G, one, slots).ranked().get(0).placement()).isEqualTo(Map.of("a", "JN4"));
    }

    @Test
    void exportsTheSlotProgramAsLp() {
        String lp = planner(AdminPolicy.NONE).exportLp(G, threeSites(Policy.CHEAPEST), slots().get(2), null);
        assertThat(lp).startsWith("\\ Doji co-allocation program, slot 2").contains("\\ vertex 3 = JN4")
                .contains(" flow_0_0:").endsWith("End\n");
    }

    @Test
    void everyEngineGivesTheSameRanking() {
        for (String engine : List.of("ortools", "glpk")) {
            if (!ENGINES.isAvailable(engine)) {
                continue;
            }
            Planner p = new Planner(ENGINES, PlannerSettings.defaults().withEngine(engine), Runnable::run);
            PlanningResult r = p.plan(G, threeSites(Policy.CHEAPEST), slots());
            assertThat(r.ranked()).extracting(CandidatePlan::cost).containsExactly(15_024.0, 18_024.0);
        }
    }

    @Test
    void alternativesWithTheirOwnCoreCountsAndPricedCountablesOnEveryEngine() {
        // 20 cores fit neither JN1 (8) nor JN2 (16): only the 12 asked on JS2 (16) fit; 2 licences at 0.5 each
        RequestedSite a = new RequestedSite("a", 20, Set.of("JN1", "JN2", "JS2"), List.of(), Map.of("JS2", 12));
        PlanningRequest r = new PlanningRequest(List.of(a, new RequestedSite("b", 4, Set.of("JN3"), List.of())),
                List.of(new RequestedLink("a", "b", 100)), Map.of("Lic", 2L), Policy.CHEAPEST);
        SlotCapacity all = ReferenceTopology.allFree(G, 0, T0);
        Map<String, Integer> cores = all.freeCores();
        List<SlotCapacity> slots = List.of(new SlotCapacity(0, T0, T0.plusSeconds(3600), cores, all.freeBandwidthMbps(),
                Map.of("Lic", 3L), Map.of("Lic", 0.5)));
        List<String> engines = new ArrayList<>(List.of("fast"));
        List.of("ortools", "glpk").stream().filter(ENGINES::isAvailable).forEach(engines::add);
        for (String engine : engines) {
            Planner p = new Planner(ENGINES, PlannerSettings.defaults().withEngine(engine), Runnable::run);
            PlanningResult result = p.plan(G, r, slots);
            assertThat(result.ranked()).as(engine + " " + result.infeasible()).singleElement().satisfies(plan -> {
                assertThat(plan.placement()).isEqualTo(Map.of("a", "JS2", "b", "JN3"));
                // 12 cores on JS2 and 4 on JN3 at 1, the route JS2-X-JN3 at 3 + 3 per Mbps, the licences
                assertThat(plan.cost()).isEqualTo(16 + 100 * 6 + 2 * 0.5);
            });
            // one licence too few: infeasible, with what is free
            List<SlotCapacity> short1 = List.of(new SlotCapacity(0, T0, T0.plusSeconds(3600), cores,
                    all.freeBandwidthMbps(), Map.of("Lic", 1L), Map.of("Lic", 0.5)));
            assertThat(p.plan(G, r, short1).infeasible()).as(engine).singleElement()
                    .satisfies(i -> assertThat(i.reason()).contains("countable Lic: 2 requested, 1 free"));
        }
    }
}
