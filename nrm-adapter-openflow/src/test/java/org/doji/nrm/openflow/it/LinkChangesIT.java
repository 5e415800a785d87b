package org.doji.nrm.openflow.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.doji.nrm.openflow.StaticFreeView;
import org.doji.nrm.openflow.topology.LinkHealth;
import org.doji.nrm.openflow.topology.SwitchLink;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Periodic LLDP re-probing on the real network: two patch cables are swapped (no port goes down, only
 * LLDP can tell), the old links are reported down and carry no new path, the new links appear and carry
 * traffic; after the cables are put back the original links are up again.
 */
class LinkChangesIT {

    // e1:2 - a1:1 and e2:2 - a1:2 (scripts/start.sh); swapped they become e1:2 - a1:2 and e2:2 - a1:1
    private static final String E1_A1 = "l-sw-201:1-sw-301:2";
    private static final String E2_A1 = "l-sw-201:2-sw-302:2";
    private static final String E1_A1_SWAPPED = "l-sw-201:2-sw-301:2";
    private static final String E2_A1_SWAPPED = "l-sw-201:1-sw-302:2";

    private static OvsNrm nrm;

    @BeforeAll
    static void up() {
        Ovs.requireRunning();
        nrm = new OvsNrm(Clock.systemUTC());
        nrm.backend.reconcile(List.of());
    }

    @AfterAll
    static void down() {
        if (nrm != null) {
            cable(false);
            nrm.backend.reconcile(List.of());
            nrm.close();
        }
    }

    private static void cable(boolean swapped) {
        String e1Peer = swapped ? "p-a1-e2" : "p-a1-e1";
        String e2Peer = swapped ? "p-a1-e1" : "p-a1-e2";
        Ovs.Result r = Ovs.run("ovs-vsctl", "set", "interface", "p-e1-a1", "options:peer=" + e1Peer,
                "--", "set", "interface", e1Peer, "options:peer=p-e1-a1",
                "--", "set", "interface", "p-e2-a1", "options:peer=" + e2Peer,
                "--", "set", "interface", e2Peer, "options:peer=p-e2-a1");
        assertThat(r.exit()).as(r.out()).isZero();
    }

    private static Map<String, String> downNow() {
        return nrm.health.down(nrm.topology.current());
    }

    @Test
    void swappedCablesAreNoticedByLldpAndOnlyTheRealLinksCarryPaths() {
        assertThat(nrm.topology.current().links()).hasSize(12);
        assertThat(downNow()).isEmpty();
        try {
            cable(true);
            await().atMost(Duration.ofSeconds(20)).until(() -> nrm.topology.current().links().stream()
                    .map(SwitchLink::id).toList().containsAll(List.of(E1_A1_SWAPPED, E2_A1_SWAPPED)));
            await().atMost(Duration.ofSeconds(20)).until(() -> LinkHealth.LLDP_LOST.equals(downNow().get(E1_A1))
                    && LinkHealth.LLDP_LOST.equals(downNow().get(E2_A1)));
            assertThat(downNow()).doesNotContainKeys(E1_A1_SWAPPED, E2_A1_SWAPPED);
            assertThat(nrm.backend.liveState().message()).contains(E1_A1, E2_A1);

            assertThat(nrm.backend.liveState().downLinks()).contains(E1_A1, E2_A1)
                    .doesNotContain(E1_A1_SWAPPED, E2_A1_SWAPPED);
            NetworkDemand d = new NetworkDemand("site1", "site2", 10, null, "hop");
            // the kernel's view: the links of the live state's downLinks are hidden from the policies
            StaticFreeView free = new StaticFreeView(nrm.backend.inventory().links().stream()
                    .filter(l -> !nrm.backend.liveState().downLinks().contains(l.id())).toList());
            for (String policy : List.of("hop", "bandwidth", "fat-tree")) {
                assertThat(nrm.backend.routing(policy).route(d, free).orElseThrow()).as(policy)
                        .doesNotContain(E1_A1, E2_A1);
            }
            List<String> route = nrm.backend.routing("hop").route(d, free).orElseThrow();
            ReservationContext ctx = active("it-recabled", d, route);
            nrm.backend.onStart(ctx);
            try {
                assertThat(Ovs.pingConverges(1, 2, true)).as("path " + route + " over the cabling as it is now")
                        .isTrue();
            } finally {
                nrm.backend.onEnd(ctx);
            }
        } finally {
            cable(false);
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> !downNow().containsKey(E1_A1)
                && !downNow().containsKey(E2_A1));
        await().atMost(Duration.ofSeconds(20)).until(() -> downNow().keySet().containsAll(
                List.of(E1_A1_SWAPPED, E2_A1_SWAPPED)));
        assertThat(downNow()).containsOnlyKeys(E1_A1_SWAPPED, E2_A1_SWAPPED);
    }

    private static ReservationContext active(String key, NetworkDemand d, List<String> route) {
        Instant now = Instant.now();
        ReservationSpec spec = new ReservationSpec(new TimeWindow(now, now.plusSeconds(3600)), List.of(), List.of(d),
                List.of(), List.of("alice"), "g-" + key);
        Allocation alloc = new Allocation(List.of(), List.of(new NetworkAllocation(d.from(), d.to(),
                d.bandwidthMbps(), route, List.of(d.from(), d.to()))), List.of(), 0);
        return new ReservationContext(key, "alice", List.of("alice"), spec, alloc, LifecycleState.Active);
    }
}
