package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.doji.contract.GrcPortType;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationState;
import org.doji.grc.demo.LocalGrid;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The network RM fails a committed part (its site cut off by failed links), and its notification never reaches the
 * GRC: the GRC gave the RMs a consumer address where nothing listens, as when the GRC is down or restarting at that
 * moment. The GRC's part audit (the poll behind those best-effort notifications) finds the failed part, releases
 * every other one and fails the co-allocation: no part is left held for nothing. Real SOAP between the GRC and four
 * RMs in this JVM; what is held is read from every RM.
 */
class LostPartNotificationIT {

    private static LocalGrid grid;

    @BeforeAll
    static void startGrid() {
        grid = LocalGrid.start(TestGrids.threeSitesOneDomain(), 0, TestDatabase.grid("mem"), Map.of(),
                Map.of("doji.grc.slots", "1", "doji.grc.notify-address", "http://127.0.0.1:9/services/notify",
                        "doji.grc.part-audit-interval", System.getProperty("doji.it.part-audit-interval", "PT2S"),
                        "doji.grc.part-audit-batch", "1"));
    }

    @AfterAll
    static void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    private static ReservationKernel kernel(String rmId) {
        return grid.rm(rmId).getBean(ReservationKernel.class);
    }

    private static Optional<ReservationView> part(String rmId, String coAllocation) {
        return kernel(rmId).openReservations().stream()
                .filter(v -> v.spec() != null && coAllocation.equals(v.spec().globalId())).findFirst();
    }


    /** {@code from} and {@code to}, 4 cores each, 4 Gbps between them, tomorrow at {@code hour} for an hour. */
    private static GrcPortType reserved(String from, String to, int hour) throws Exception {
        return Requests.reservedPair(grid.grcUrl(), from, to, 4_000, hour);
    }

    private static CoAllocationDocument doc(GrcPortType co) throws Exception {
        return CoAllocationDocuments.of(co);
    }

    @Test
    void aFailedPartWhoseNotificationIsLostIsFoundAndEveryOtherPartReleased() throws Exception {
        // two co-allocations: the audit looks at one per round, so it must go round to find the failed one
        GrcPortType untouched = reserved("SITE_B", "SITE_C", 3);
        GrcPortType co = reserved("SITE_A", "SITE_B", 3);
        String key = doc(co).getKey();
        SimulatedBackend network = grid.rm("nrm-d1").getBean(SimulatedBackend.class);

        network.setDownLinks(Set.of("SITE_A--SITE_B", "SITE_A--SITE_C")); // SITE_A cut off
        try {
            // the network RM failed its part at once (its kernel's tick), and told no one who listens
            await().atMost(Duration.ofSeconds(30)).until(() -> kernel("nrm-d1").openReservations().stream()
                    .noneMatch(v -> v.spec() != null && key.equals(v.spec().globalId())
                            && v.lifecycleState() != LifecycleState.Failed));

            await().atMost(Duration.ofSeconds(60)).until(() -> doc(co).getState() == CoAllocationState.FAILED);
            assertThat(doc(co).getReason()).contains("nrm-d1", "SITE_A--SITE_B");
            for (String rm : grid.rmIds()) {
                assertThat(part(rm, key)).as(rm).isEmpty();
                assertThat(kernel(rm).capacityViolations()).as(rm).isEmpty();
            }
            // the other co-allocation's path (SITE_B-SITE_C) does not cross SITE_A: it stays, at every RM
            assertThat(doc(untouched).getState()).isEqualTo(CoAllocationState.RESERVED);
            String other = doc(untouched).getKey();
            assertThat(part("crm-b", other)).isPresent();
            assertThat(part("crm-c", other)).isPresent();
            assertThat(part("nrm-d1", other)).isPresent();
        } finally {
            network.setDownLinks(Set.of());
        }
    }
}
