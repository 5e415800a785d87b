package org.doji.grc.planning;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.model.Policy;
import org.doji.grc.planner.Planner;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

/**
 * Countable resources and alternatives with their own core counts through the GRC's planners: the pool a plan
 * takes a countable from, what it costs, what each RM is asked to hold, and the reason when too few are free.
 */
class CountablePlanningTest {

    private static final TimeWindow W = new TimeWindow(Instant.parse("2030-01-01T00:00:00Z"),
            Instant.parse("2030-01-01T02:00:00Z"));

    private static ResourceInventory crm(String id, String site, int cores, double price, long licences, double licencePrice) {
        return new ResourceInventory(id, RmKind.COMPUTE, "D", "simulated",
                List.of(new ResourceInventory.Site(site, cores, 2, price, Map.of())), List.of(), List.of(),
                licences == 0 ? List.of() : List.of(new ResourceInventory.Countable("Lic", licences, licencePrice)),
                Duration.ofMinutes(2));
    }

    private static List<SlotAvailability> free(String site, int cores, double price, long licences, double licencePrice) {
        return List.of(new SlotAvailability(0, W, List.of(new SlotAvailability.ComputeFree(site, cores, price)), List.of(),
                licences < 0 ? List.of() : List.of(new SlotAvailability.CountableFree("Lic", licences, licencePrice))));
    }

    /** (A:4 | B:6) & Lic:2: A costs 1, B 0.5 per core-hour; crm-b's licences are cheaper but it has only one free. */
    private static CoRequest request() {
        return new CoRequest(List.of(new CoRequest.Site("s1", 4, Set.of("A", "B"), List.of(), Map.of("B", 6))), List.of(),
                List.of(new CountableDemand("Lic", 2)), new CoRequest.Time(W.start(), W.start(), W.duration(), true),
                Policy.CHEAPEST, List.of(), null, null);
    }

    private static Map<String, ResourceInventory> descriptions() {
        return Map.of("crm-a", crm("crm-a", "A", 16, 1.0, 5, 2.0), "crm-b", crm("crm-b", "B", 16, 0.5, 5, 1.0),
                "crm-c", crm("crm-c", "C", 16, 9.0, 5, 3.0));
    }

    private static void checkPlan(PlanningOutcome out) {
        assertThat(out.ranked()).hasSize(1);
        CoPlan p = out.ranked().get(0);
        // B: 6 cores x 0.5 = 3 < A: 4 x 1 = 4
        assertThat(p.sites()).singleElement().satisfies(s -> {
            assertThat(s.site()).isEqualTo("B");
            assertThat(s.cores()).isEqualTo(6);
        });
        // crm-b has one licence free, too few: crm-a's (2.0) is cheaper than crm-c's (3.0)
        assertThat(p.countables()).containsExactly(new CoPlan.PlacedCountable("Lic", 2, "crm-a"));
        assertThat(p.cost()).isEqualTo((6 * 0.5 + 2 * 2.0) * 2);
        Map<String, ReservationSpec> specs = PlanSpecs.perRm(p, request(), "alice", "g1");
        assertThat(specs.keySet()).containsExactly("crm-b", "crm-a");
        assertThat(specs.get("crm-a").compute()).isEmpty();
        assertThat(specs.get("crm-a").countables()).containsExactly(new CountableDemand("Lic", 2));
        assertThat(specs.get("crm-b").countables()).isEmpty();
        assertThat(specs.get("crm-b").compute()).singleElement().satisfies(c -> assertThat(c.cores()).isEqualTo(6));
    }

    private static Map<String, List<SlotAvailability>> answers(long aLicences, long cLicences) {
        return Map.of("crm-a", free("A", 16, 1.0, aLicences, 2.0), "crm-b", free("B", 16, 0.5, 1, 1.0),
                "crm-c", free("C", 16, 9.0, cLicences, 3.0));
    }

    @Test
    void theIntegerProgramTakesEachCountableFromTheCheapestPoolThatHasEnough() {
        var planner = new IntegerProgramPlanner(new Planner(EngineRegistry.withDefaults(), PlannerSettings.defaults(),
                Runnable::run));
        checkPlan(planner.plan(request(), List.of(W), descriptions(), answers(5, 5)));
        PlanningOutcome none = planner.plan(request(), List.of(W), descriptions(), answers(1, -1));
        assertThat(none.ranked()).isEmpty();
        assertThat(none.infeasible()).singleElement()
                .satisfies(i -> assertThat(i.reason()).contains("countable Lic: 2 requested, 1 free"));
    }

    @Test
    void theGreedyEngineDoesToo() {
        var greedy = new IntegerProgramPlanner(new Planner(EngineRegistry.withDefaults(),
                PlannerSettings.defaults().withEngine("greedy"), Runnable::run));
        checkPlan(greedy.plan(request(), List.of(W), descriptions(), answers(5, 5)));
        PlanningOutcome none = greedy.plan(request(), List.of(W), descriptions(), answers(0, -1));
        assertThat(none.ranked()).isEmpty();
        assertThat(none.infeasible()).singleElement()
                .satisfies(i -> assertThat(i.reason()).contains("countable Lic: 2 requested, 1 free"));
    }

    @Test
    void theRequestsPathPolicyGoesToEveryNetworkDemand() {
        CoRequest r = new CoRequest(List.of(new CoRequest.Site("a", 1, Set.of(), List.of()),
                new CoRequest.Site("b", 1, Set.of(), List.of())), List.of(new CoRequest.Link("a", "b", 100, null)),
                List.of(), new CoRequest.Time(W.start(), W.start(), W.duration(), true), Policy.CHEAPEST, List.of(), null,
                null, "hop");
        CoPlan p = new CoPlan(0, W, List.of(new CoPlan.PlacedSite("a", "A", "crm-a", 1),
                new CoPlan.PlacedSite("b", "B", "crm-b", 1)), List.of(new CoPlan.RoutedLink("a", "b", 100,
                List.of(new CoPlan.Hop("nrm-1", "A", "X1"), new CoPlan.Hop("nrm-2", "X1", "B")))), 1, 0);
        Map<String, ReservationSpec> specs = PlanSpecs.perRm(p, r, "alice", "g1");
        assertThat(specs.get("nrm-1").network()).singleElement().satisfies(n -> assertThat(n.policy()).isEqualTo("hop"));
        assertThat(specs.get("nrm-2").network()).singleElement().satisfies(n -> assertThat(n.policy()).isEqualTo("hop"));
    }

    @Test
    void aModificationCountsTheLicencesItAlreadyHolds() {
        CoPlan old = new CoPlan(0, W, List.of(new CoPlan.PlacedSite("s1", "B", "crm-b", 6)), List.of(),
                List.of(new CoPlan.PlacedCountable("Lic", 2, "crm-a")), 7, 0);
        Map<String, List<SlotAvailability>> credited = AvailabilityCredit.addBack(answers(0, -1), old);
        assertThat(credited.get("crm-a").get(0).countables()).singleElement()
                .satisfies(c -> assertThat(c.free()).isEqualTo(2));
        assertThat(credited.get("crm-b").get(0).countables()).singleElement()
                .satisfies(c -> assertThat(c.free()).isEqualTo(1));
    }
}
