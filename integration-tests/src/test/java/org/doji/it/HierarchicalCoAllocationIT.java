package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.coallocation.CoAllocationService;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.model.RmOutcome;
import org.doji.rm.api.Caller;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationState;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two levels over real SOAP: a parent GRC whose only RMs are two child GRCs (east and west), each with
 * two compute RMs and a network RM; the domains meet at exchange point X. The parent plans across the
 * children's exported sites and paths, and its two-phase commit reaches every leaf RM through the
 * children's own two-phase commit.
 */
class HierarchicalCoAllocationIT {

    private static LocalGrid east;
    private static LocalGrid west;
    private static LocalGrid parent;

    @BeforeAll
    static void start() {
        startGrids(Map.of());
    }

    /** The east and west child GRCs (each with two CRMs and an NRM) and the parent; {@code eastGrc}: more east settings. */
    static void startGrids(Map<String, String> eastGrc) {
        Map<String, String> eastSettings = new java.util.HashMap<>(Map.of("doji.grc.id", "grc-east", "doji.grc.slots", "2"));
        eastSettings.putAll(eastGrc);
        east = LocalGrid.start(GridTopology.builder()
                .crm("crm-e1", "E1", "EAST", 2, 8, 1.0, Map.of())
                .crm("crm-e2", "E2", "EAST", 2, 8, 2.0, Map.of())
                .nrm("nrm-east", "EAST", List.of("E1", "E2"), List.of("X"), 10_000, 0.01, 20_000, 0.005)
                .build(), 0, TestDatabase.grid("mem"), Map.of(), eastSettings);
        west = LocalGrid.start(GridTopology.builder()
                .crm("crm-w1", "W1", "WEST", 2, 8, 3.0, Map.of())
                .crm("crm-w2", "W2", "WEST", 2, 8, 1.5, Map.of())
                .nrm("nrm-west", "WEST", List.of("W1", "W2"), List.of("X"), 10_000, 0.01, 20_000, 0.005)
                .build(), 0, TestDatabase.grid("mem"), Map.of(), Map.of("doji.grc.id", "grc-west", "doji.grc.slots", "2"));
        parent = LocalGrid.start(GridTopology.builder().build(), 0, TestDatabase.grid("mem"), Map.of(), Map.of(
                "doji.grc.id", "grc-top", "doji.grc.slots", "2",
                "doji.grc.rms[0].id", "grc-east", "doji.grc.rms[0].url", rmPort(east),
                "doji.grc.rms[1].id", "grc-west", "doji.grc.rms[1].url", rmPort(west)));
    }

    private static String rmPort(LocalGrid grid) {
        return grid.grcUrl().replace("/services/grc", "/services/rm");
    }

    @AfterAll
    static void stop() {
        for (LocalGrid g : new LocalGrid[] {parent, east, west}) {
            if (g != null) {
                g.close();
            }
        }
    }

    private static List<ReservationRecord> leafReservations(String globalId) {
        List<ReservationRecord> out = new ArrayList<>();
        for (LocalGrid g : List.of(east, west)) {
            for (String rm : g.rmIds()) {
                g.rm(rm).getBean(ReservationRepository.class).findAll().stream()
                        .filter(r -> globalId.equals(r.getGlobalId())).forEach(out::add);
            }
        }
        return out;
    }

    @Test
    void aParentGrcCoAllocatesAcrossTwoChildGrcsDownToEveryLeafRm() {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(3, ChronoUnit.DAYS);
        CoRequest request = new CoRequest(
                List.of(new CoRequest.Site("east", 8, Set.of("E1", "E2"), List.of()),
                        new CoRequest.Site("west", 8, Set.of("W1", "W2"), List.of())),
                List.of(new CoRequest.Link("east", "west", 1000, null)), List.of(),
                new CoRequest.Time(start, start, Duration.ofHours(1), true), Policy.CHEAPEST, List.of(), null, "two levels");
        CoAllocationService top = parent.grc().getBean(CoAllocationService.class);
        String key = top.create(Caller.user("alice"), "hier-1", request, null);

        await().atMost(Duration.ofSeconds(120)).until(() -> top.get(Caller.user("alice"), key).state(),
                CoAllocationState::isSettled);
        CoAllocation c = top.get(Caller.user("alice"), key);
        assertThat(c.state()).as(c.reason()).isEqualTo(CoAllocationState.Reserved);
        // the cheapest sites of each domain, reached through the children's exported paths via X
        assertThat(c.plan().sites()).extracting(CoPlan.PlacedSite::site, CoPlan.PlacedSite::rmId)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("E1", "grc-east"),
                        org.assertj.core.groups.Tuple.tuple("W2", "grc-west"));
        assertThat(c.plan().links()).singleElement().satisfies(l -> assertThat(l.hops())
                .extracting(CoPlan.Hop::rmId).containsExactlyInAnyOrder("grc-east", "grc-west"));
        assertThat(c.outcomes()).extracting(RmOutcome::rmId).containsExactlyInAnyOrder("grc-east", "grc-west");
        assertThat(c.outcomes()).allSatisfy(o -> assertThat(o.reservationState()).isEqualTo(ReservationState.ReserveStart));

        // every leaf RM holds a committed part: the compute sites and both NRMs' halves of the path
        List<ReservationRecord> leaves = leafReservations(key);
        assertThat(leaves).hasSize(4).allSatisfy(r -> {
            assertThat(r.getReservationState()).isEqualTo(ReservationState.ReserveStart);
            assertThat(r.getLifecycleState()).isEqualTo(LifecycleState.Created);
        });

        // cancelling at the top releases every leaf
        CoAllocation cancelled = top.cancel(Caller.user("alice"), key, "hier-cancel");
        assertThat(cancelled.state()).isEqualTo(CoAllocationState.Cancelled);
        assertThat(leafReservations(key)).hasSize(4)
                .allSatisfy(r -> assertThat(r.getLifecycleState()).isEqualTo(LifecycleState.Terminated));
    }

    /**
     * All or nothing across two levels: a leaf NRM of the east child fails its part after the commit (site E1 cut off:
     * no other path). The east GRC releases its other part and fails its reservation, tells the parent, and the
     * parent releases the west child's parts and fails the co-allocation: no leaf holds anything afterwards.
     */
    @Test
    void aLeafPartThatFailsAfterTheCommitFailsTheCoAllocationAndEveryLeafLetsGo() {
        leafPartFailsAndEveryLeafLetsGo();
    }

    /** The case above, also run by {@link HierarchicalLostNotificationIT} with the leaf's notification lost. */
    static void leafPartFailsAndEveryLeafLetsGo() {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(4, ChronoUnit.DAYS);
        CoRequest request = new CoRequest(
                List.of(new CoRequest.Site("east", 8, Set.of("E1"), List.of()),
                        new CoRequest.Site("west", 8, Set.of("W2"), List.of())),
                List.of(new CoRequest.Link("east", "west", 1000, null)), List.of(),
                new CoRequest.Time(start, start, Duration.ofHours(1), true), Policy.CHEAPEST, List.of(), null, "lost leaf");
        CoAllocationService top = parent.grc().getBean(CoAllocationService.class);
        String key = top.create(Caller.user("alice"), "hier-lost", request, null);
        await().atMost(Duration.ofSeconds(120)).until(() -> top.get(Caller.user("alice"), key).state(),
                CoAllocationState::isSettled);
        assertThat(top.get(Caller.user("alice"), key).state()).isEqualTo(CoAllocationState.Reserved);
        assertThat(leafReservations(key)).hasSize(4);

        org.doji.rm.sim.SimulatedBackend eastNetwork = east.rm("nrm-east").getBean(org.doji.rm.sim.SimulatedBackend.class);
        try {
            eastNetwork.setDownLinks(Set.of("E1--X", "E1--E2"));
            await().atMost(Duration.ofSeconds(120)).until(() -> top.get(Caller.user("alice"), key).state()
                    == CoAllocationState.Failed);
            assertThat(top.get(Caller.user("alice"), key).reason()).contains("grc-east", "failed");
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(leafReservations(key)).hasSize(4)
                    .allSatisfy(r -> assertThat(r.getLifecycleState()).as(r.getKey())
                            .isIn(LifecycleState.Terminated, LifecycleState.Failed)));
            assertThat(leafReservations(key)).filteredOn(r -> r.getLifecycleState() == LifecycleState.Failed)
                    .singleElement().satisfies(r -> assertThat(r.getReason()).contains("E1--X"));
        } finally {
            eastNetwork.setDownLinks(Set.of());
        }
    }
}
