package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.doji.contract.GrcPortType;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationState;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ReservationView;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A link of a committed co-allocation's network part fails (the simulated network RM reports it down, as the
 * OpenFlow RM does on real switches): the NRM routes the path again where another fits and the co-allocation stays
 * Reserved; where none fits, the NRM fails its part and tells the GRC, which releases every other part (all or
 * nothing) and fails the co-allocation with the reason. Real SOAP between the GRC and four RMs in this JVM.
 */
class LinkFailureCoAllocationIT {

    private static LocalGrid grid;

    @BeforeAll
    static void startGrid() {
        GridTopology topology = TestGrids.threeSitesOneDomain();
        grid = LocalGrid.start(topology, 0, TestDatabase.grid("mem"), Map.of(), Map.of("doji.grc.slots", "1"));
    }

    @AfterAll
    static void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    @AfterEach
    void linksUp() {
        network().setDownLinks(Set.of());
    }

    private static SimulatedBackend network() {
        return grid.rm("nrm-d1").getBean(SimulatedBackend.class);
    }

    private static ReservationKernel kernel(String rmId) {
        return grid.rm(rmId).getBean(ReservationKernel.class);
    }

    /** The RM's open reservation that is a part of the co-allocation, read from the RM itself. */
    private static Optional<ReservationView> part(String rmId, String coAllocation) {
        return kernel(rmId).openReservations().stream()
                .filter(v -> v.spec() != null && coAllocation.equals(v.spec().globalId())).findFirst();
    }


    /** SITE_A and SITE_B, 4 cores each, {@code mbps} between them, tomorrow at {@code hour} for an hour. */
    private static GrcPortType reserved(int hour, int mbps) throws Exception {
        return Requests.reservedPair(grid.grcUrl(), "SITE_A", "SITE_B", mbps, hour);
    }

    private static CoAllocationDocument doc(GrcPortType co) throws Exception {
        return CoAllocationDocuments.of(co);
    }

    @Test
    void aPathOverAFailedLinkIsRoutedAgainAndTheCoAllocationStaysReserved() throws Exception {
        GrcPortType co = reserved(3, 4_000);
        String key = doc(co).getKey();
        assertThat(part("nrm-d1", key).orElseThrow().allocation().network().get(0).links())
                .containsExactly("SITE_A--SITE_B");

        network().setDownLinks(Set.of("SITE_A--SITE_B"));

        await().atMost(Duration.ofSeconds(30)).until(() -> part("nrm-d1", key).orElseThrow().allocation().network()
                .get(0).links(), links -> !links.contains("SITE_A--SITE_B"));
        assertThat(part("nrm-d1", key).orElseThrow().allocation().network().get(0).links())
                .containsExactly("SITE_A--SITE_C", "SITE_B--SITE_C");
        assertThat(doc(co).getState()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(part("crm-a", key)).isPresent();
        assertThat(part("crm-b", key)).isPresent();
        org.doji.contract.grc.Cancel cancel = new org.doji.contract.grc.Cancel();
        cancel.setCorrelationId("c-" + UUID.randomUUID());
        co.cancel(cancel);
    }

    @Test
    void whenNoOtherPathFitsTheNetworkPartFailsAndTheGrcReleasesEveryOtherPart() throws Exception {
        GrcPortType co = reserved(6, 4_000);
        String key = doc(co).getKey();
        assertThat(part("crm-a", key)).isPresent();
        assertThat(part("crm-b", key)).isPresent();

        network().setDownLinks(Set.of("SITE_A--SITE_B", "SITE_A--SITE_C")); // SITE_A cut off

        await().atMost(Duration.ofSeconds(60)).until(() -> doc(co).getState() == CoAllocationState.FAILED);
        assertThat(doc(co).getReason()).contains("nrm-d1", "SITE_A--SITE_B");
        // all or nothing, read from every RM itself: no part of it is held anywhere
        for (String rm : grid.rmIds()) {
            assertThat(part(rm, key)).as(rm).isEmpty();
            assertThat(kernel(rm).capacityViolations()).as(rm).isEmpty();
        }
    }
}
