package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.simulation.Workload.SimRequest;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The planner's step limit is reported when it cuts a search; ties between equal-cost plans follow the RM order. */
class PlanningLimitsTest {

    private static final Scenario REFERENCE = ScenarioLoader.reference();

    @BeforeAll
    static void quiet() {
        SmallRuns.quietLogs();
    }

    /** A complete graph on {@code n} sites of {@code cores} cores each, 1 Gbps per link, 30 minutes. */
    private static SimRequest complete(int n, int cores) {
        Instant est = Workload.T0.plus(Duration.ofHours(25));
        List<CoRequest.Site> sites = new ArrayList<>();
        List<CoRequest.Link> links = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            sites.add(new CoRequest.Site("s" + i, cores, null, null));
            for (int j = i + 1; j <= n; j++) {
                links.add(new CoRequest.Link("s" + i, "s" + j, 1000, null));
            }
        }
        CoRequest r = new CoRequest(sites, links, List.of(), new CoRequest.Time(est, est.plus(Duration.ofMinutes(30)),
                Duration.ofMinutes(30), false), Policy.EARLIEST, List.of(), null, "K" + n);
        return new SimRequest(1, "B", Workload.T0, REFERENCE.requestTypes().get(0), r);
    }

    private static Scenario withLimit(long steps, Scenario.TieBreak tieBreak) {
        Scenario.Planning p = REFERENCE.planning();
        return REFERENCE.withPlanning(new Scenario.Planning(p.slots(), p.maxPlans(), p.engine(), p.policy(), steps, tieBreak));
    }

    @Test
    void aSearchTheStepLimitCutsIsCountedAndAnUncutOneIsNot() {
        EmptyGridProbe.Probe cut = new EmptyGridProbe(withLimit(1, Scenario.TieBreak.RM_ORDER)).probe(complete(5, 2));
        assertThat(cut.slotsCut()).isPositive();
        EmptyGridProbe.Probe exact = new EmptyGridProbe(withLimit(200_000, Scenario.TieBreak.RM_ORDER)).probe(complete(3, 2));
        assertThat(exact.slotsCut()).isZero();
        // alone on an empty grid a triangle of 1 Gbps links fits in one domain: one site path per link
        assertThat(exact.cheapestPathMbps()).isEqualTo(3000);
        // B sees half of every site: 8 cores fit only the sites of 16 or more, of which the grid has seven
        assertThat(exact.feasibleFor()).containsEntry("B", true);
        assertThat(new EmptyGridProbe(withLimit(200_000, Scenario.TieBreak.RM_ORDER)).probe(complete(8, 8)).feasibleFor())
                .containsEntry("B", false);
    }

    @Test
    void theStepClockMovesOnlyWhenRead() {
        SearchStepClock clock = new SearchStepClock(Workload.T0);
        Instant a = clock.instant();
        Instant b = clock.instant();
        assertThat(Duration.between(a, b)).isEqualTo(Duration.ofNanos(1000));
        assertThat(clock.steps()).isEqualTo(2);
    }

    @Test
    void equalCostPlansAreBrokenByTheRmOrderAndTheReversedOrderPicksOtherSites() {
        List<String> forward = placedSites(Scenario.TieBreak.RM_ORDER);
        List<String> reversed = placedSites(Scenario.TieBreak.REVERSED_RM_ORDER);
        // a triangle of 1-core sites costs the same in any domain with three sites: the first RMs listed win
        assertThat(forward).allSatisfy(site -> assertThat(site).startsWith("JN"));
        assertThat(reversed).allSatisfy(site -> assertThat(site).startsWith("US"));
    }

    private static List<String> placedSites(Scenario.TieBreak tieBreak) {
        Scenario s = withLimit(200_000, tieBreak);
        SettableClock clock = new SettableClock(Workload.T0);
        ReferenceGrid grid = ReferenceGrid.create(s.topology(), clock, java.util.Map.of());
        SyncCoordinator coordinator = new SyncCoordinator(grid.kernels(), clock, s.planning(), AvailabilityView.AS_THE_RM_ANSWERS);
        SyncCoordinator.Result r = coordinator.submit("tie", "A", complete(3, 1).request());
        assertThat(r.reserved()).isTrue();
        assertThat(r.slotsCut()).isZero();
        return r.plan().sites().stream().map(CoPlan.PlacedSite::site).toList();
    }
}
