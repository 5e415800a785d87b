package org.doji.grc.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.Policy;
import org.doji.grc.planner.model.RequestedLink;
import org.doji.grc.planner.model.RequestedSite;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SiteVertex;
import org.doji.grc.planner.model.SlotCapacity;
import org.junit.jupiter.api.Test;

/**
 * The fat-tree endpoint placement (DESIGN §8) in the planner: one network domain with two edge switches, A
 * (A1..A4) and B (B1..B3); every site costs the same, and a path under one switch is cheaper than one over
 * the uplinks. Every set of sites under one switch is therefore a cheapest plan; placement decides among them.
 */
class FatTreePackingTest {
    private static final EngineRegistry ENGINES = EngineRegistry.withDefaults();
    private static final Instant T0 = Instant.parse("2026-03-01T13:00:00Z");
    private static final List<String> SITES = List.of("A1", "A2", "A3", "A4", "B1", "B2", "B3");
    private static final Map<String, String> GROUPS = Map.of("A1", "nrm/edge-1", "A2", "nrm/edge-1", "A3", "nrm/edge-1",
            "A4", "nrm/edge-1", "B1", "nrm/edge-2", "B2", "nrm/edge-2", "B3", "nrm/edge-2");

    private static ResourceGraph graph(double pricePerMbpsUnderB) {
        List<SiteVertex> sites = SITES.stream().map(s -> new SiteVertex(s, "crm-" + s, 8, 1)).toList();
        List<PathEdge> paths = new ArrayList<>();
        for (int i = 0; i < SITES.size(); i++) {
            for (int j = i + 1; j < SITES.size(); j++) {
                String a = SITES.get(i);
                String b = SITES.get(j);
                double price = a.charAt(0) != b.charAt(0) ? 3 : a.startsWith("B") ? pricePerMbpsUnderB : 1;
                paths.add(new PathEdge(a + "-" + b, a, b, "nrm", 1_000, price, null));
            }
        }
        return new ResourceGraph(sites, List.of(), paths);
    }

    private static SlotCapacity slot(ResourceGraph g, Map<String, Integer> busy) {
        Map<String, Integer> cores = new HashMap<>();
        g.sites().forEach(s -> cores.put(s.name(), 8 - busy.getOrDefault(s.name(), 0)));
        Map<String, Long> bw = new HashMap<>();
        g.paths().forEach(p -> bw.put(p.id(), 1_000L));
        return new SlotCapacity(0, T0, T0.plusSeconds(3600), cores, bw, Map.of());
    }

    /** {@code n} sites of 4 cores, every pair joined by 100 Mbps. */
    private static PlanningRequest job(int n, Map<String, String> groups) {
        List<RequestedSite> sites = new ArrayList<>();
        List<RequestedLink> links = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            sites.add(new RequestedSite("s" + i, 4));
            for (int j = 0; j < i; j++) {
                links.add(new RequestedLink("s" + j, "s" + i, 100));
            }
        }
        return new PlanningRequest(sites, links, Map.of(), Policy.CHEAPEST, groups);
    }

    private static List<String> engines() {
        List<String> out = new ArrayList<>(List.of("fast"));
        List.of("ortools", "glpk").stream().filter(ENGINES::isAvailable).forEach(out::add);
        return out;
    }

    private static CandidatePlan best(String engine, ResourceGraph g, PlanningRequest r, SlotCapacity slot) {
        Planner p = new Planner(ENGINES, PlannerSettings.defaults().withEngine(engine), Runnable::run);
        List<CandidatePlan> ranked = p.plan(g, r, List.of(slot)).ranked();
        assertThat(ranked).as(engine).isNotEmpty();
        return ranked.get(0);
    }

    @Test
    void aJobGoesUnderTheSwitchWhoseFreeSitesFitItMostTightly() {
        ResourceGraph g = graph(1);
        for (String engine : engines()) {
            // two sites: B (3 free) fits more tightly than A (4 free)
            CandidatePlan packed = best(engine, g, job(2, GROUPS), slot(g, Map.of()));
            assertThat(packed.placement().values()).as(engine).allSatisfy(s -> assertThat(s).startsWith("B"));
            // without the fat-tree policy the same request goes elsewhere (the engines' first cheapest plan)
            CandidatePlan unpacked = best(engine, g, job(2, Map.of()), slot(g, Map.of()));
            assertThat(unpacked.placement().values()).as(engine).allSatisfy(s -> assertThat(s).startsWith("A"));
            // placement only breaks ties: the money cost is that of every cheapest plan
            assertThat(packed.cost()).as(engine).isEqualTo(unpacked.cost()).isEqualTo(8 + 100 * 1);
            // three sites fill B exactly; four fit only A
            assertThat(best(engine, g, job(3, GROUPS), slot(g, Map.of())).placement().values()).as(engine)
                    .containsExactlyInAnyOrder("B1", "B2", "B3");
            assertThat(best(engine, g, job(4, GROUPS), slot(g, Map.of())).placement().values()).as(engine)
                    .containsExactlyInAnyOrder("A1", "A2", "A3", "A4");
        }
    }

    @Test
    void aGroupCountsItsSitesThatAreFreeInTheSlot() {
        // A1 and A2 are full in this slot: A has two free sites, exactly the job, and B three
        ResourceGraph g = graph(1);
        for (String engine : engines()) {
            // (B1 full instead: B has two free sites, A four)
            assertThat(best(engine, g, job(2, GROUPS), slot(g, Map.of("B1", 8))).placement().values())
                    .as(engine).containsExactlyInAnyOrder("B2", "B3");
            assertThat(best(engine, g, job(2, GROUPS), slot(g, Map.of("A1", 8, "A2", 8))).placement().values())
                    .as(engine).containsExactlyInAnyOrder("A3", "A4");
        }
    }

    @Test
    void aCheaperPlanStillWins() {
        // a path under B costs 2 per Mbps: packing would choose B, the price says A
        ResourceGraph g = graph(2);
        for (String engine : engines()) {
            CandidatePlan p = best(engine, g, job(2, GROUPS), slot(g, Map.of()));
            assertThat(p.placement().values()).as(engine).allSatisfy(s -> assertThat(s).startsWith("A"));
            assertThat(p.cost()).as(engine).isEqualTo(8 + 100 * 1);
        }
    }
}
