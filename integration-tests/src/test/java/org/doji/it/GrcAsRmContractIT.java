package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.contract.RmContractTest;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The RM contract suite against a GRC acting as an RM over SOAP (its /services/rm port), with two compute
 * RMs and a network RM below it on durable H2; the restart case really stops and restarts the GRC. Real time: the
 * GRC holds a parent's change for 3 s (its hold timeout), the hold-timeout cases wait for it.
 */
class GrcAsRmContractIT extends RmContractTest {

    private static LocalGrid grid;

    @BeforeAll
    static void start() throws Exception {
        grid = LocalGrid.start(GridTopology.builder()
                        .crm("child-a", "CA", "D", 2, 8, 1.0, Map.of())
                        .crm("child-b", "CB", "D", 2, 8, 2.0, Map.of())
                        .nrm("child-n", "D", List.of("CA", "CB"), List.of(), 1000, 0.01, 0, 0)
                        .build(), 0, TestDatabase.grid(Files.createTempDirectory("doji-grc-as-rm").toString()), Map.of(),
                Map.of("doji.grc.id", "grc-child", "doji.grc.hold-timeout", "PT3S", "doji.grc.tick-interval", "PT0.2S"));
    }

    @AfterAll
    static void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    @Override
    protected ResourceManager rm() {
        return new RemoteResourceManager(grid.grcUrl().replace("/services/grc", "/services/rm"), Duration.ofSeconds(5),
                Duration.ofSeconds(60));
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("CA", 2, List.of()), new ComputeDemand("CB", 2, List.of())),
                List.of(new NetworkDemand("CA", "CB", 100, null, null)), List.of(), List.of("alice"), "g-" + window.start().getEpochSecond());
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("CA", 2, List.of()), new ComputeDemand("CB", 64, List.of())),
                List.of(), List.of(), List.of("alice"), "g-" + window.start().getEpochSecond());
    }

    @Override
    protected boolean supportsRestart() {
        return true;
    }

    @Override
    protected void restart() {
        grid.restartGrc(ctx -> { });
    }

    /**
     * The GRC ends its reservation on its own clock; each child ends its part on its own tick, a little later, and
     * counts it in its availability until then. Waits for the children too, so the case compares settled states.
     */
    @Override
    protected ReservationView letWindowEnd(ReservationView r) {
        ReservationView ended = super.letWindowEnd(r);
        await("every child ended its part of " + r.key()).atMost(Duration.ofSeconds(60)).until(() -> {
            List<ReservationRecord> parts = grid.rmIds().stream()
                    .flatMap(id -> grid.rm(id).getBean(ReservationRepository.class).findAll().stream())
                    .filter(p -> r.spec().globalId().equals(p.getGlobalId())
                            && p.getLifecycleState() != LifecycleState.Terminated).toList();
            return !parts.isEmpty() && parts.stream().allMatch(p -> p.getLifecycleState() == LifecycleState.PassedEndTime);
        });
        return ended;
    }

    @Test
    void describesTheUnionOfItsChildrenAsACoordinator() {
        var d = rm().describe(caller());
        assertThat(d.kind()).isEqualTo(RmKind.COORDINATOR);
        assertThat(d.sites()).extracting(s -> s.name()).containsExactlyInAnyOrder("CA", "CB");
        assertThat(d.paths()).singleElement().satisfies(p -> assertThat(List.of(p.from(), p.to())).containsExactlyInAnyOrder("CA", "CB"));
        var free = rm().availability(caller(), new AvailabilityQuery(List.of(freshWindow()), null));
        assertThat(free.get(0).compute()).extracting(c -> c.freeCores()).containsExactlyInAnyOrder(16, 16);
        assertThat(free.get(0).paths()).extracting(p -> p.freeBandwidthMbps()).containsExactly(1000L);
    }

    @Test
    void aHoldWithoutDecisionExpiresHereAndAtEveryChild() {
        TimeWindow w = freshWindow();
        var before = rm().availability(caller(), new AvailabilityQuery(List.of(w), null));
        ReservationView held = rm().reserve(caller(), UUID.randomUUID().toString(), grantable(w), null);
        assertThat(held.reservationState()).isEqualTo(ReservationState.ReserveHeld);
        await().atMost(Duration.ofSeconds(120)).untilAsserted(() -> {
            ReservationView v = rm().get(caller(), held.key());
            assertThat(v.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
            assertThat(v.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        });
        assertThat(rm().availability(caller(), new AvailabilityQuery(List.of(w), null))).isEqualTo(before);
    }
}
