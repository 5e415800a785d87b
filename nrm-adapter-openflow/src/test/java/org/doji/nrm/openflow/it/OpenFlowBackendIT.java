package org.doji.nrm.openflow.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.doji.nrm.openflow.StaticFreeView;
import org.doji.nrm.openflow.monitor.LinkUsage;
import org.doji.nrm.openflow.topology.Topology;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Reserved paths on the real Open vSwitch network: traffic passes exactly while flows are installed. */
class OpenFlowBackendIT {

    private static OvsNrm nrm;

    @BeforeAll
    static void up() {
        Ovs.requireRunning();
        nrm = new OvsNrm(Clock.systemUTC());
        nrm.backend.reconcile(List.of()); // start from a clean slate
    }

    @AfterAll
    static void down() {
        if (nrm != null) {
            nrm.backend.reconcile(List.of());
            nrm.close();
        }
    }

    private static ReservationContext reserve(String key, String from, String to, long mbps, String policy) {
        NetworkDemand d = new NetworkDemand(from, to, mbps, null, policy);
        StaticFreeView free = new StaticFreeView(nrm.backend.inventory().links());
        List<String> route = nrm.backend.routing(policy).route(d, free).orElseThrow();
        Instant now = Instant.now();
        ReservationSpec spec = new ReservationSpec(new TimeWindow(now, now.plusSeconds(3600)), List.of(), List.of(d),
                List.of(), List.of("alice"), "g-" + key);
        Allocation alloc = new Allocation(List.of(), List.of(new NetworkAllocation(from, to, mbps, route,
                List.of(from, to))), List.of(), 0);
        return new ReservationContext(key, "alice", List.of("alice"), spec, alloc, LifecycleState.Active);
    }

    @Test
    void discoveredTopologyIsTheFatTreeOfStartSh() {
        Topology t = nrm.topology.current();
        assertThat(t.switches()).hasSize(10);
        assertThat(t.links()).hasSize(12);
        assertThat(nrm.backend.inventory().endpoints()).extracting(e -> e.name())
                .containsExactlyInAnyOrder("site1", "site2", "site3", "site4");
        assertThat(nrm.backend.liveState().reachable()).isTrue();
    }

    @Test
    void trafficPassesOnlyWhileTheReservationIsActiveAndIsMetered() {
        ReservationContext ctx = reserve("it-path-1", "site1", "site3", 100, "fat-tree");
        assertThat(Ovs.pingConverges(1, 3, false)).as("no path before start").isFalse();

        nrm.backend.onStart(ctx);
        assertThat(Ovs.pingConverges(1, 3, true)).as("path active").isTrue();
        assertThat(Ovs.pingConverges(3, 1, true)).isTrue();
        assertThat(Ovs.pingConverges(1, 2, false)).as("other endpoints stay cut off").isFalse();
        assertThat(Ovs.dumpFlows("of-e1")).contains("nw_dst=10.0.0.3", "meter:");
        assertThat(Ovs.dumpFlows("of-e3")).contains("nw_dst=10.0.0.1", "meter:");
        assertThat(Ovs.dumpMeters("of-e1")).contains("rate=100000");
        assertThat(Ovs.dumpMeters("of-e3")).contains("rate=100000");
        long coreFlows = List.of("of-c1", "of-c2").stream().filter(b -> Ovs.dumpFlows(b).contains("nw_dst=10.0.0.3"))
                .count();
        assertThat(coreFlows).as("exactly one core switch carries the path").isEqualTo(1);

        nrm.backend.onEnd(ctx);
        assertThat(Ovs.dumpFlows("of-e1")).doesNotContain("nw_dst=10.0.0.3");
        assertThat(Ovs.dumpMeters("of-e1")).doesNotContain("rate=100000");
        assertThat(Ovs.pingConverges(1, 3, false)).as("path removed at end").isFalse();
    }

    /**
     * fat-tree's set_route and del_route on the real switches: installing a path records it with the policy, so the
     * next path of equal width takes the other core switch; removing it forgets it.
     */
    @Test
    void fatTreeSpreadsEqualPathsOverTheCoreSwitchesByTheRoutesItInstalled() {
        org.doji.nrm.openflow.policy.FatTreePolicy ft =
                (org.doji.nrm.openflow.policy.FatTreePolicy) nrm.policies.get("fat-tree");
        ReservationContext a = reserve("it-ft-a", "site1", "site3", 10, "fat-tree");
        nrm.backend.onStart(a);
        ReservationContext b = reserve("it-ft-b", "site2", "site4", 10, "fat-tree");
        nrm.backend.onStart(b);
        try {
            List<String> pathA = a.allocation().network().get(0).links();
            List<String> pathB = b.allocation().network().get(0).links();
            assertThat(ft.routesPerLink().keySet()).containsAll(pathA).containsAll(pathB);
            assertThat(pathB).as("b avoids the uplinks a's installed route crosses").doesNotContainAnyElementsOf(pathA);
            assertThat(List.of("of-c1", "of-c2")).allSatisfy(core ->
                    assertThat(Ovs.dumpFlows(core)).as(core).containsAnyOf("nw_dst=10.0.0.3", "nw_dst=10.0.0.4"));
            assertThat(Ovs.pingConverges(1, 3, true)).isTrue();
            assertThat(Ovs.pingConverges(2, 4, true)).isTrue();
        } finally {
            nrm.backend.onEnd(a);
            nrm.backend.onEnd(b);
        }
        assertThat(ft.routesPerLink()).isEmpty();
    }

    @Test
    void byteCountsShowUpAsUsedBandwidthAndTheMeterLimitsTheRate() {
        ReservationContext ctx = reserve("it-path-2", "site2", "site4", 50, "bandwidth");
        nrm.backend.onStart(ctx);
        try {
            nrm.monitor.poll();
            Ovs.run("ip", "netns", "exec", "h4", "iperf3", "-s", "-1", "-D", "-p", "5299");
            await().atMost(Duration.ofSeconds(5)).until(() -> Ovs.run("ip", "netns", "exec", "h4", "ss", "-ltn")
                    .out().contains(":5299"));
            Ovs.Result r = Ovs.run("ip", "netns", "exec", "h2", "iperf3", "-c", "10.0.0.4", "-p", "5299", "-t", "3",
                    "-b", "300M", "-J");
            assertThat(r.exit()).as(r.out()).isZero();
            nrm.monitor.poll();
            Map<String, LinkUsage> usage = nrm.monitor.usage();
            double used = usage.get("ep-site2").usedMbps();
            assertThat(used).as("traffic measured on site2's access link").isGreaterThan(5);
            assertThat(usage.get("ep-site4").usedMbps()).isGreaterThan(5);
            assertThat(used).as("metered at 50 Mbps (with burst)").isLessThan(80);
            assertThat(usage.get("ep-site1").usedMbps()).isZero();
            assertThat(usage.get("ep-site2").availableMbps()).isEqualTo(1000 - used);
        } finally {
            nrm.backend.onEnd(ctx);
        }
    }

    @Test
    void switchThatReconnectsGetsItsFlowsBack() {
        ReservationContext ctx = reserve("it-path-3", "site1", "site2", 10, "hop");
        nrm.backend.onStart(ctx);
        try {
            assertThat(Ovs.pingConverges(1, 2, true)).as(() -> Ovs.dumpFlows("of-e1") + Ovs.dumpFlows("of-a1")
                    + Ovs.dumpFlows("of-a2") + Ovs.dumpFlows("of-e2") + Ovs.dumpMeters("of-e1")).isTrue();
            // The switch drops the controller and loses its flow table, then comes back.
            Ovs.run("ovs-vsctl", "del-controller", "of-e1");
            await().atMost(Duration.ofSeconds(10)).until(() -> !nrm.controller.connectedSwitches().contains(0x301L));
            Ovs.run("ovs-ofctl", "-O", "OpenFlow13", "del-flows", "of-e1");
            assertThat(Ovs.pingConverges(1, 2, false)).isFalse();
            Ovs.run("ovs-vsctl", "set-controller", "of-e1", "tcp:127.0.0.1:" + Ovs.CONTROLLER_PORT);
            Ovs.run("ovs-vsctl", "set", "controller", "of-e1", "inactivity_probe=5000", "max_backoff=1000");
            await().atMost(Duration.ofSeconds(20)).until(() -> Ovs.dumpFlows("of-e1").contains("nw_dst=10.0.0.2"));
            assertThat(Ovs.pingConverges(1, 2, true)).isTrue();
        } finally {
            nrm.backend.onEnd(ctx);
        }
    }

    @Test
    void anEndpointWhoseLinkGoesDownIsInTheLiveStateAndOfferedNoPath() {
        NetworkDemand d = new NetworkDemand("site1", "site3", 10, null, "hop");
        StaticFreeView free = new StaticFreeView(nrm.backend.inventory().links());
        assertThat(nrm.backend.routing("hop").route(d, free)).isPresent();
        try {
            Ovs.run("ip", "link", "set", "ve-h3", "down"); // the switch reports PORT_STATUS link down
            await().atMost(Duration.ofSeconds(10)).until(() -> nrm.backend.liveState().message().contains("ep-site3"));
            assertThat(nrm.backend.liveState().downLinks()).containsExactly("ep-site3");
            // the kernel's view: the live state's down links are hidden from the policies
            StaticFreeView up = new StaticFreeView(nrm.backend.inventory().links().stream()
                    .filter(l -> !nrm.backend.liveState().downLinks().contains(l.id())).toList());
            for (String policy : List.of("hop", "bandwidth", "fat-tree")) {
                assertThat(nrm.backend.routing(policy).route(d, up)).as(policy).isEmpty();
                assertThat(nrm.backend.routing(policy).bestBandwidth("site1", "site3", up)).isZero();
            }
            assertThat(nrm.backend.routing("hop").route(new NetworkDemand("site1", "site2", 10, null, null), up))
                    .isPresent();
        } finally {
            Ovs.run("ip", "link", "set", "ve-h3", "up");
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> nrm.backend.liveState().equals(LiveState.HEALTHY));
        assertThat(nrm.backend.routing("hop").route(d, free)).isPresent();
    }
}
