package org.doji.grc.core;

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
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

class GreedyPlannerTest {

    private static final TimeWindow W = new TimeWindow(Instant.parse("2030-01-01T00:00:00Z"), Instant.parse("2030-01-01T02:00:00Z"));

    private static ResourceInventory crm(String id, String site, int cores, double price) {
        return new ResourceInventory(id, RmKind.COMPUTE, "D", "simulated",
                List.of(new ResourceInventory.Site(site, cores, 2, price, Map.of())), List.of(), List.of(), List.of(), Duration.ofMinutes(2));
    }

    @Test
    void placesEachSiteOnTheCheapestFreeSiteAndRoutesLinks() {
        Map<String, ResourceInventory> d = Map.of(
                "crm-a", crm("crm-a", "A", 16, 1.0), "crm-b", crm("crm-b", "B", 16, 2.0), "crm-c", crm("crm-c", "C", 32, 3.0),
                "nrm", new ResourceInventory("nrm", RmKind.NETWORK, "D", "simulated", List.of(), List.of(), List.of(), List.of(), Duration.ofMinutes(2)));
        Map<String, List<SlotAvailability>> a = Map.of(
                "crm-a", List.of(new SlotAvailability(0, W, List.of(new SlotAvailability.ComputeFree("A", 16, 1.0)), List.of(), List.of())),
                "crm-b", List.of(new SlotAvailability(0, W, List.of(new SlotAvailability.ComputeFree("B", 16, 2.0)), List.of(), List.of())),
                "crm-c", List.of(new SlotAvailability(0, W, List.of(new SlotAvailability.ComputeFree("C", 32, 3.0)), List.of(), List.of())),
                "nrm", List.of(new SlotAvailability(0, W, List.of(), List.of(
                        new SlotAvailability.PathFree("A", "B", 10_000, 0.005, null),
                        new SlotAvailability.PathFree("A", "C", 10_000, 0.005, null),
                        new SlotAvailability.PathFree("B", "C", 10_000, 0.005, null)), List.of())));
        CoRequest r = new CoRequest(List.of(new CoRequest.Site("a", 8, Set.of(), List.of()), new CoRequest.Site("b", 16, Set.of(), List.of())),
                List.of(new CoRequest.Link("a", "b", 1000, null)), List.of(),
                new CoRequest.Time(W.start(), W.start(), W.duration(), true), Policy.CHEAPEST, List.of(), null, null);
        PlanningOutcome out = new GreedyPlanner().plan(r, List.of(W), d, a);
        assertThat(out.ranked()).hasSize(1);
        CoPlan p = out.ranked().get(0);
        assertThat(p.sites()).extracting(CoPlan.PlacedSite::site).containsExactly("A", "B");
        assertThat(p.links()).singleElement().satisfies(l -> assertThat(l.hops()).extracting(CoPlan.Hop::rmId).containsExactly("nrm"));
        double hours = W.duration().toMinutes() / 60.0;
        assertThat(p.cost()).as("per core-hour and per Mbps-hour").isEqualTo((8 + 32 + 5.0) * hours);
    }

    @Test
    void reportsInfeasibleSlotsWithAReason() {
        Map<String, ResourceInventory> d = Map.of("crm-a", crm("crm-a", "A", 4, 1.0));
        Map<String, List<SlotAvailability>> a = Map.of("crm-a",
                List.of(new SlotAvailability(0, W, List.of(new SlotAvailability.ComputeFree("A", 4, 1.0)), List.of(), List.of())));
        CoRequest r = new CoRequest(List.of(new CoRequest.Site("a", 8, Set.of(), List.of())), List.of(), List.of(),
                new CoRequest.Time(W.start(), W.start(), W.duration(), true), Policy.CHEAPEST, List.of(), null, null);
        PlanningOutcome out = new GreedyPlanner().plan(r, List.of(W), d, a);
        assertThat(out.ranked()).isEmpty();
        assertThat(out.infeasible()).singleElement().satisfies(i -> assertThat(i.reason()).contains("8 cores"));
    }
}
