package org.doji.nrm.openflow.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.doji.nrm.openflow.OpenFlowNrmApplication;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.contract.RestartableRmContractTest;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmStatus;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.StatusProperty;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole OpenFlow NRM (kernel + backend + SOAP port) against the real switches: a path reserved and
 * committed over SOAP carries traffic exactly between its start and end (the kernel's activation
 * driver installs and removes the flows); cancel while active removes them.
 */
class OpenFlowRmSoapIT extends RestartableRmContractTest {

    @TempDir
    static Path dir;

    /** The RM's clock: real time plus what the contract's hold-timeout cases jumped over. */
    private static final SettableClock clock = SettableClock.following(java.time.Clock.systemUTC());
    private static RestartableRm app;

    OpenFlowRmSoapIT() {
        super(() -> app, clock::advance);
    }

    @BeforeAll
    static void start() {
        Ovs.requireRunning(); // before the application starts: it connects to the switches
        Map<String, Object> props = Ovs.rmProperties("nrm-ovs-it");
        app = new RestartableRm(OpenFlowNrmApplication.class, dir.resolve("nrm-ovs-it"), props,
                ctx -> ctx.getBeanFactory().registerSingleton("virtualClock", clock)).start();
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close(); // frees the controller port for the other ITs
        }
    }

    /** The contract's cases (inherited) run on a frozen clock they move; this class's own cases need real time. */
    @BeforeEach
    void freezeForContractCases(TestInfo test) {
        if (test.getTestMethod().orElseThrow().getDeclaringClass() != OpenFlowRmSoapIT.class) {
            clock.freeze();
        }
    }

    @AfterEach
    void resumeRealTime() {
        clock.resume();
    }

    private Instant now() {
        return clock.instant();
    }

    private RemoteResourceManager client;

    @Override
    protected ResourceManager rm() {
        if (client == null) {
            client = new RemoteResourceManager(app.url("http"), Duration.ofSeconds(5), Duration.ofSeconds(60));
        }
        return client;
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return path("site1", "site3", 100, window);
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return path("site1", "site3", 1001, window);
    }

    private static ReservationSpec path(String from, String to, long mbps, TimeWindow w) {
        return new ReservationSpec(w, List.of(), List.of(new NetworkDemand(from, to, mbps, null, "fat-tree")),
                List.of(), List.of("alice"), "soap-it");
    }

    @Test
    void describeExportsOnlyTheAbstractGraph() {
        ResourceInventory inv = rm().describe(Caller.ANONYMOUS);
        assertThat(inv.endpoints()).extracting(ResourceInventory.Endpoint::name)
                .containsExactlyInAnyOrder("site1", "site2", "site3", "xp");
        assertThat(inv.endpoints()).filteredOn(ResourceInventory.Endpoint::exchangePoint).singleElement()
                .satisfies(e -> assertThat(e.name()).isEqualTo("xp"));
        // each site's edge group, for a GRC placing with fat-tree: one host per edge switch here, so three groups
        // (opaque labels, no switch id); the exchange point has none
        assertThat(inv.endpoints()).filteredOn(e -> !e.exchangePoint()).extracting(ResourceInventory.Endpoint::group)
                .doesNotContainNull().doesNotHaveDuplicates().allSatisfy(g -> assertThat(g).matches("edge-\\d+"));
        assertThat(inv.endpoints()).filteredOn(ResourceInventory.Endpoint::exchangePoint).singleElement()
                .satisfies(e -> assertThat(e.group()).isNull());
        assertThat(inv.paths()).hasSize(6).allSatisfy(p -> {
            assertThat(List.of("site1", "site2", "site3", "xp")).contains(p.from(), p.to());
            assertThat(p.capacityMbps()).isEqualTo(1000);
        });
        Instant t = now().plus(1, ChronoUnit.DAYS);
        List<SlotAvailability> slots = rm().availability(Caller.ANONYMOUS,
                new AvailabilityQuery(List.of(new TimeWindow(t, t.plusSeconds(3600))), null));
        assertThat(slots.get(0).paths()).hasSize(6).allSatisfy(p -> assertThat(p.freeBandwidthMbps()).isEqualTo(1000));
        // link use is measured and published as metrics (internal link ids stay out of describe)
        MeterRegistry metrics = app.bean(MeterRegistry.class);
        await().atMost(Duration.ofSeconds(10)).until(() -> metrics.find("doji.nrm.link.available")
                .tag("link", "ep-site1").gauge() != null);
        assertThat(metrics.find("doji.nrm.link.available").tag("link", "ep-site1").gauge().value()).isEqualTo(1000);
    }

    @Test
    void reservedPathCarriesTrafficExactlyBetweenStartAndEnd() {
        ResourceManager rm = rm();
        Instant start = now().plusSeconds(12);
        TimeWindow w = new TimeWindow(start, start.plusSeconds(8));
        ReservationView held = rm.reserve(Caller.ANONYMOUS, "soap-ovs-1", path("site1", "site3", 200, w), null);
        rm().commit(Caller.ANONYMOUS, held.key(), "soap-ovs-2");
        assertThat(Ovs.dumpFlows("of-e1")).doesNotContain("nw_dst=10.0.0.3");
        assertThat(Ovs.pingConverges(1, 3, false)).isFalse();
        assertThat(now()).as("checked before the start").isBefore(start);

        await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(50))
                .until(() -> Ovs.dumpFlows("of-e1").contains("nw_dst=10.0.0.3"));
        assertThat(now()).isAfterOrEqualTo(start);
        assertThat(Ovs.dumpMeters("of-e1")).contains("rate=200000");
        assertThat(Ovs.pingConverges(1, 3, true)).isTrue();
        assertThat(rm().get(Caller.ANONYMOUS, held.key()).lifecycleState()).isEqualTo(LifecycleState.Active);

        await().atMost(Duration.ofSeconds(20)).until(() -> !Ovs.dumpFlows("of-e1").contains("nw_dst=10.0.0.3"));
        assertThat(now()).isAfterOrEqualTo(w.end());
        assertThat(Ovs.dumpMeters("of-e1")).doesNotContain("rate=200000");
        assertThat(Ovs.pingConverges(1, 3, false)).isFalse();
        await().atMost(Duration.ofSeconds(5)).until(() -> rm().get(Caller.ANONYMOUS, held.key()).lifecycleState()
                == LifecycleState.PassedEndTime);
    }

    @Test
    void cancellingAnActiveReservationRemovesItsFlows() {
        ResourceManager rm = rm();
        Instant start = now().plusSeconds(2);
        ReservationView held = rm.reserve(Caller.ANONYMOUS, "soap-ovs-3",
                path("site2", "xp", 100, new TimeWindow(start, start.plusSeconds(300))), null);
        rm().commit(Caller.ANONYMOUS, held.key(), "soap-ovs-4");
        await().atMost(Duration.ofSeconds(15)).until(() -> Ovs.dumpFlows("of-e2").contains("nw_dst=10.0.0.4"));
        assertThat(Ovs.pingConverges(2, 4, true)).isTrue();

        rm().cancel(Caller.ANONYMOUS, held.key(), "soap-ovs-5");
        rm().commit(Caller.ANONYMOUS, held.key(), "soap-ovs-6");
        await().atMost(Duration.ofSeconds(10)).until(() -> !Ovs.dumpFlows("of-e2").contains("nw_dst=10.0.0.4"));
        assertThat(Ovs.pingConverges(2, 4, false)).isFalse();
    }

    @Test
    void modifyingAnActiveReservationChangesTheMeterOnTheSwitches() {
        Instant start = now().plusSeconds(2);
        TimeWindow w = new TimeWindow(start, start.plusSeconds(300));
        ReservationView held = rm().reserve(Caller.ANONYMOUS, "soap-ovs-7", path("site1", "site2", 100, w), null);
        rm().commit(Caller.ANONYMOUS, held.key(), "soap-ovs-8");
        await().atMost(Duration.ofSeconds(15)).until(() -> Ovs.dumpMeters("of-e1").contains("rate=100000"));

        rm().modify(Caller.ANONYMOUS, held.key(), "soap-ovs-9", path("site1", "site2", 300, w));
        assertThat(Ovs.dumpMeters("of-e1")).as("nothing changes before the commit").contains("rate=100000");
        rm().commit(Caller.ANONYMOUS, held.key(), "soap-ovs-10");
        assertThat(Ovs.dumpMeters("of-e1")).contains("rate=300000").doesNotContain("rate=100000");
        assertThat(Ovs.dumpMeters("of-e2")).contains("rate=300000");
        assertThat(Ovs.pingConverges(1, 2, true)).isTrue();

        rm().cancel(Caller.ANONYMOUS, held.key(), "soap-ovs-11");
        rm().commit(Caller.ANONYMOUS, held.key(), "soap-ovs-12");
        assertThat(Ovs.dumpMeters("of-e1")).doesNotContain("rate=300000");
        assertThat(Ovs.pingConverges(1, 2, false)).isFalse();
    }

    /** DESIGN §8 monitoring as the RM's resource properties, read over SOAP (GetResourcePropertyDocument). */
    @Test
    void linkUseIsTheRmsResourcePropertiesOverSoap() {
        Instant start = now().plusSeconds(2);
        TimeWindow w = new TimeWindow(start, start.plusSeconds(300));
        ReservationView held = rm().reserve(Caller.ANONYMOUS, "soap-ovs-20", path("site1", "site2", 100, w), null);
        rm().commit(Caller.ANONYMOUS, held.key(), "soap-ovs-21");
        await().atMost(Duration.ofSeconds(15)).until(() -> Ovs.dumpMeters("of-e1").contains("rate=100000"));
        try {
            RmStatus idle = rm().status(Caller.ANONYMOUS);
            assertThat(idle.properties()).filteredOn(p -> p.name().equals("capacity")).hasSize(16)
                    .allSatisfy(p -> assertThat(p.value()).isEqualTo(1000));
            assertThat(idle.properties()).contains(StatusProperty.about("ep-site1", "reservedBandwidth", 100, "Mbps"),
                    StatusProperty.about("ep-site2", "reservedBandwidth", 100, "Mbps"),
                    StatusProperty.about("ep-site3", "reservedBandwidth", 0, "Mbps"),
                    StatusProperty.about("ep-site1", "up", 1, null),
                    StatusProperty.of("activeReservations", 1, null), StatusProperty.of("switchesConnected", 10, null));
            // traffic through the reserved path: the byte counts show up as used bandwidth (polled every 1 s here)
            Ovs.run("ip", "netns", "exec", "h2", "iperf3", "-s", "-1", "-D", "-p", "5298");
            await().atMost(Duration.ofSeconds(5)).until(() -> Ovs.run("ip", "netns", "exec", "h2", "ss", "-ltn")
                    .out().contains(":5298"));
            CompletableFuture<Ovs.Result> iperf = CompletableFuture.supplyAsync(() -> Ovs.run("ip", "netns", "exec",
                    "h1", "iperf3", "-c", "10.0.0.2", "-p", "5298", "-t", "4", "-b", "300M"));
            try {
                RmStatus busy = await().atMost(Duration.ofSeconds(10)).until(() -> rm().status(Caller.ANONYMOUS),
                        st -> value(st, "ep-site1", "usedBandwidth") > 5);
                double used = value(busy, "ep-site1", "usedBandwidth");
                assertThat(value(busy, "ep-site1", "availableBandwidth")).isEqualTo(1000 - used);
                assertThat(value(busy, "ep-site2", "usedBandwidth")).isGreaterThan(5);
                assertThat(value(busy, "ep-site3", "usedBandwidth")).isZero();
            } finally {
                assertThat(iperf.join().exit()).isZero();
            }
            // (the meter's rate is checked over a whole run in OpenFlowBackendIT; 1 s windows are too noisy here)
        } finally {
            rm().cancel(Caller.ANONYMOUS, held.key(), "soap-ovs-22");
            rm().commit(Caller.ANONYMOUS, held.key(), "soap-ovs-23");
        }
        // the next poll sees no traffic: the other cases expect idle links
        await().atMost(Duration.ofSeconds(10)).until(() -> value(rm().status(Caller.ANONYMOUS), "ep-site1",
                "usedBandwidth") == 0);
        assertThat(rm().status(Caller.ANONYMOUS).properties()).contains(
                StatusProperty.about("ep-site1", "reservedBandwidth", 0, "Mbps"),
                StatusProperty.of("activeReservations", 0, null));
    }

    private static double value(RmStatus status, String subject, String name) {
        return status.properties().stream().filter(p -> name.equals(p.name()) && subject.equals(p.subject()))
                .mapToDouble(StatusProperty::value).findFirst().orElse(-1);
    }
}
