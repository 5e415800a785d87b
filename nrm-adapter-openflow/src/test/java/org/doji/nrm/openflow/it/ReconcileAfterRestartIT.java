package org.doji.nrm.openflow.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.doji.nrm.openflow.StaticFreeView;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An NRM restart: the switches keep what the old controller installed (fail_mode=secure); reconcile
 * removes what no stored reservation explains and makes the stored active reservations work again.
 */
class ReconcileAfterRestartIT {

    @BeforeAll
    static void requireOvs() {
        Ovs.requireRunning();
    }

    private static ReservationContext active(OvsNrm nrm, String key, String from, String to) {
        NetworkDemand d = new NetworkDemand(from, to, 20, null, "hop");
        List<String> route = nrm.backend.routing("hop").route(d, new StaticFreeView(nrm.backend.inventory().links()))
                .orElseThrow();
        Instant now = Instant.now();
        return new ReservationContext(key, "alice", List.of(), new ReservationSpec(new TimeWindow(now,
                now.plusSeconds(600)), List.of(), List.of(d), List.of(), List.of(), "g"), new Allocation(List.of(),
                List.of(new NetworkAllocation(from, to, 20, route, List.of(from, to))), List.of(), 0),
                LifecycleState.Active);
    }

    @Test
    void reconcileKeepsStoredReservationsAndRemovesOrphans() {
        ReservationContext kept;
        try (OvsNrm before = new OvsNrm(Clock.systemUTC())) {
            before.backend.reconcile(List.of());
            kept = active(before, "restart-kept", "site1", "site2");
            before.backend.onStart(kept);
            before.backend.onStart(active(before, "restart-orphan", "site3", "site4"));
            assertThat(Ovs.pingConverges(3, 4, true)).isTrue();
        }
        // controller gone: secure mode keeps forwarding what was installed
        assertThat(Ovs.dumpFlows("of-e3")).contains("nw_dst=10.0.0.4");
        assertThat(Ovs.pingConverges(1, 2, true)).isTrue();

        try (OvsNrm after = new OvsNrm(Clock.systemUTC())) {
            after.backend.reconcile(List.of(kept)); // the store only knows "restart-kept"
            assertThat(Ovs.dumpFlows("of-e3")).doesNotContain("nw_dst=10.0.0.4");
            assertThat(Ovs.pingConverges(3, 4, false)).isFalse();
            assertThat(Ovs.dumpFlows("of-e1")).contains("nw_dst=10.0.0.2");
            assertThat(Ovs.dumpMeters("of-e1")).contains("rate=20000");
            assertThat(Ovs.pingConverges(1, 2, true)).isTrue();
            after.backend.onEnd(kept);
            assertThat(Ovs.pingConverges(1, 2, false)).isFalse();
        }
    }
}
