package org.doji.nrm.openflow.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.doji.nrm.openflow.OpenFlowNrmApplication;
import org.doji.rm.api.Caller;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.RmStatus;
import org.doji.rm.model.StatusProperty;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.testing.RestartableRm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Link failures on the real switches, through the whole NRM (kernel, backend, SOAP port): a patch cable is pulled
 * with ovs-vsctl while a reserved path is active. LLDP notices, the kernel's live state drops the link, the path is
 * routed again within its bandwidth (the flows replaced on the switches, iperf3 traffic passes), or, when no other
 * path fits, the reservation fails, its flows go and its coordinator gets a WS-Notification. A link that comes back
 * carries paths again, without a restart.
 */
class LinkFailureIT {

    @TempDir
    static Path dir;

    private static RestartableRm app;
    private static RemoteResourceManager rm;
    private static HttpServer consumer;
    private static final List<String> notifications = new CopyOnWriteArrayList<>();
    /** Links this test cut; put back after each case. */
    private final List<String> cut = new ArrayList<>();

    @BeforeAll
    static void start() throws IOException {
        Ovs.requireRunning();
        Map<String, Object> props = Ovs.rmProperties("nrm-ovs-links");
        // LLDP every second, a link unconfirmed for 5 s is down: the cases wait seconds, not the defaults' 16 s
        props.put("doji.nrm.openflow.lldp-interval", "PT1S");
        props.put("doji.nrm.openflow.link-timeout", "PT5S");
        app = new RestartableRm(OpenFlowNrmApplication.class, dir.resolve("nrm-ovs-links"), props, ctx -> { }).start();
        rm = new RemoteResourceManager(app.url("http"), Duration.ofSeconds(5), Duration.ofSeconds(60));
        consumer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        consumer.createContext("/notify", exchange -> {
            notifications.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
        });
        consumer.start();
    }

    @AfterAll
    static void stop() {
        if (consumer != null) {
            consumer.stop(0);
        }
        if (app != null) {
            app.close();
        }
    }

    @AfterEach
    void putCablesBack() {
        cut.forEach(id -> Ovs.cut(id, false));
        if (!cut.isEmpty()) {
            await().atMost(Duration.ofSeconds(20)).until(() -> linksDown() == 0);
        }
        cut.clear();
    }

    private void pull(String linkId) {
        cut.add(linkId);
        Ovs.cut(linkId, true);
    }

    private static long linksDown() {
        RmStatus s = rm.status(Caller.ANONYMOUS);
        return s.properties().stream().filter(p -> p.name().equals("linksDown")).mapToLong(p -> (long) p.value())
                .findFirst().orElseThrow();
    }

    private static String consumerUrl() {
        return "http://127.0.0.1:" + consumer.getAddress().getPort() + "/notify";
    }

    private static ReservationView active(String id, long mbps) {
        Instant start = Instant.now().plusSeconds(2);
        ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plusSeconds(600)), List.of(),
                List.of(new NetworkDemand("site1", "site2", mbps, null, "bandwidth")), List.of(), List.of("alice"), id);
        ReservationView held = rm.reserve(Caller.ANONYMOUS, id + "-r", spec, consumerUrl());
        ReservationView v = rm.commit(Caller.ANONYMOUS, held.key(), id + "-c");
        await().atMost(Duration.ofSeconds(15)).until(() -> rm.get(Caller.ANONYMOUS, v.key()).lifecycleState()
                == LifecycleState.Active && Ovs.dumpFlows("of-e1").contains("nw_dst=10.0.0.2"));
        return rm.get(Caller.ANONYMOUS, v.key());
    }

    /**
     * The switch links active paths hold now, from the RM's status document (the operator's view: internal link ids
     * are never in a reservation's answer), site1's edge switch (sw-301) first.
     */
    private static List<String> reservedSwitchLinks() {
        return rm.status(Caller.ANONYMOUS).properties().stream()
                .filter(p -> p.name().equals("reservedBandwidth") && p.value() > 0 && p.subject().startsWith("l-"))
                .map(StatusProperty::subject).sorted(java.util.Comparator.comparing(id -> !id.contains("sw-301:")))
                .toList();
    }

    private static void release(ReservationView v, String id) {
        rm.cancel(Caller.ANONYMOUS, v.key(), id + "-x");
        rm.commit(Caller.ANONYMOUS, v.key(), id + "-xc");
    }

    /** iperf3 from h1 to h2 for 3 s: whether it ran, and the receiver's rate. */
    private static Ovs.Result iperf(int port) {
        Ovs.run("ip", "netns", "exec", "h2", "iperf3", "-s", "-1", "-D", "-p", Integer.toString(port));
        await().atMost(Duration.ofSeconds(5)).until(() -> Ovs.run("ip", "netns", "exec", "h2", "ss", "-ltn").out()
                .contains(":" + port));
        return Ovs.run("ip", "netns", "exec", "h1", "iperf3", "-c", "10.0.0.2", "-p", Integer.toString(port), "-t", "3",
                "-b", "50M");
    }

    @Test
    void anActivePathOverAPulledCableIsRoutedAgainAndTrafficKeepsFlowingAndTheLinkIsUsedAgainOnceBack() {
        ReservationView v = active("lf-1", 100);
        List<String> before = reservedSwitchLinks();
        assertThat(before).as("site1 to site2 through an aggregation switch").hasSize(2);
        String pulled = before.get(0);
        List<String> after;
        try {
            pull(pulled);
            after = await().atMost(Duration.ofSeconds(30)).until(LinkFailureIT::reservedSwitchLinks,
                    links -> links.size() == 2 && !links.contains(pulled));
            ReservationView moved = rm.get(Caller.ANONYMOUS, v.key());
            assertThat(moved.lifecycleState()).isEqualTo(LifecycleState.Active);
            assertThat(moved.allocation().network().get(0).bandwidthMbps()).isEqualTo(100);
            assertThat(after).doesNotContainAnyElementsOf(before);
            assertThat(Ovs.pingConverges(1, 2, true)).isTrue();
            Ovs.Result traffic = iperf(5297);
            assertThat(traffic.exit()).as(traffic.out()).isZero();
            assertThat(traffic.out()).contains("receiver");
            assertThat(notifications).anySatisfy(n -> assertThat(n).contains(v.key(), "re-routed"));
            assertThat(rm.status(Caller.ANONYMOUS).properties()).contains(StatusProperty.about(pulled, "up", 0, null));
        } finally {
            release(v, "lf-1");
        }
        // back: the link carries the next path again, with the other one pulled, and no restart in between
        putCablesBack();
        pull(after.get(0));
        await().atMost(Duration.ofSeconds(30)).until(() -> linksDown() > 0);
        ReservationView again = active("lf-2", 100);
        try {
            assertThat(reservedSwitchLinks()).contains(pulled);
            assertThat(Ovs.pingConverges(1, 2, true)).isTrue();
        } finally {
            release(again, "lf-2");
        }
    }

    @Test
    void whenNoOtherPathFitsTheReservationFailsItsFlowsGoAndItsCoordinatorIsNotified() {
        ReservationView v = active("lf-3", 100);
        // site1's edge switch has two uplinks: pull both
        pull("l-sw-201:1-sw-301:2");
        pull("l-sw-202:1-sw-301:3");
        ReservationView failed = await().atMost(Duration.ofSeconds(30)).until(() -> rm.get(Caller.ANONYMOUS, v.key()),
                r -> r.lifecycleState() == LifecycleState.Failed);
        assertThat(failed.reason()).contains("down", "100 Mbps site1-site2");
        await().atMost(Duration.ofSeconds(10)).until(() -> !Ovs.dumpFlows("of-e1").contains("nw_dst=10.0.0.2"));
        await().atMost(Duration.ofSeconds(10)).until(() -> notifications.stream()
                .anyMatch(n -> n.contains(v.key()) && n.contains("failed")));
        // the coordinator's cancel of the failed part is a no-op, not a refusal
        assertThat(rm.cancel(Caller.ANONYMOUS, v.key(), "lf-3-x").lifecycleState()).isEqualTo(LifecycleState.Failed);
    }
}
