package org.doji.nrm.openflow;

import java.util.Map;
import org.doji.nrm.openflow.monitor.LinkStatus;
import org.doji.nrm.openflow.topology.LinkDiscovery;
import org.doji.nrm.openflow.topology.LinkHealth;
import org.doji.rm.model.StatusProperty;
import org.doji.rm.util.SettableClock;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.doji.nrm.openflow.flow.Cookies;
import org.doji.nrm.openflow.flow.FlowInstaller;
import org.doji.nrm.openflow.monitor.BandwidthMonitor;
import org.doji.nrm.openflow.policy.FatTreePolicy;
import org.doji.nrm.openflow.policy.PolicyRegistry;
import org.doji.nrm.openflow.topology.Hop;
import org.doji.nrm.openflow.topology.Topology;
import org.doji.nrm.openflow.topology.TopologyService;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFFlowDelete;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterModCommand;
import org.projectfloodlight.openflow.protocol.meterband.OFMeterBandDrop;

/** The backend over the recorded topology (from a file) and a fake switch boundary. */
class OpenFlowBackendTest {

    private final Topology topo = Fixtures.fatTree();
    private FakeSwitchClient fake;
    private OpenFlowBackend backend;
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-22T02:00:00Z"));
    private BandwidthMonitor monitor;

    @BeforeEach
    void setUp() {
        fake = new FakeSwitchClient();
        topo.switches().forEach(fake::connect);
        TopologyService ts = new TopologyService(topo, new LinkDiscovery(fake, new SettableClock(Instant.EPOCH), Duration.ofSeconds(16)), fake, List.of(), 1000, 0.1);
        FlowInstaller installer = new FlowInstaller(fake, Duration.ofSeconds(1));
        monitor = new BandwidthMonitor(fake, ts::current, clock, Duration.ofSeconds(10), null);
        backend = new OpenFlowBackend("dom", 2.0, ts, installer,
                new PolicyRegistry(PolicyRegistry.builtIn(new FatTreePolicy(monitor::available)), "bandwidth"),
                monitor, fake, new org.doji.nrm.openflow.topology.LinkHealth(fake));
        fake.sent.clear();
    }

    private ReservationContext ctx(String key, String from, String to, long mbps, LifecycleState life) {
        NetworkDemand d = new NetworkDemand(from, to, mbps, null, "fat-tree");
        List<String> route = backend.routing("fat-tree").route(d, new StaticFreeView(backend.inventory().links()))
                .orElseThrow();
        Instant s = Instant.parse("2026-11-22T03:00:00Z");
        return new ReservationContext(key, "alice", List.of(), new ReservationSpec(new TimeWindow(s,
                s.plusSeconds(600)), List.of(), List.of(d), List.of(), List.of(), "g"), new Allocation(List.of(),
                List.of(new NetworkAllocation(from, to, mbps, route, List.of(from, to))), List.of(), 0), life);
    }

    @Test
    void inventoryListsEndpointsAndLinksWithCapacities() {
        BackendInventory inv = backend.inventory();
        assertThat(inv.kind()).isEqualTo(RmKind.NETWORK);
        assertThat(inv.domain()).isEqualTo("dom");
        assertThat(inv.endpoints()).hasSize(4);
        assertThat(inv.links()).hasSize(topo.links().size() + 4)
                .allSatisfy(l -> assertThat(l.capacityMbps()).isEqualTo(1000))
                .allSatisfy(l -> assertThat(l.unitPrice()).isEqualTo(2.0));
        assertThat(backend.liveState().reachable()).isTrue();
        fake.disconnect(0x101);
        assertThat(backend.liveState().reachable()).isFalse();
        assertThat(backend.liveState().message()).contains("sw-101");
    }

    @Test
    void startInstallsBothDirectionsWithMetersAtIngressAndEndRemovesThem() {
        ReservationContext c = ctx("r-1", "site1", "site3", 250, LifecycleState.Active);
        List<Hop> forward = topo.hops("site1", c.allocation().network().get(0).links());
        backend.onStart(c);
        for (Hop h : forward) {
            // an IPv4 and an ARP flow per direction on every switch of the path
            assertThat(fake.sentTo(h.dpid()).stream().filter(m -> m instanceof OFFlowAdd)).hasSize(4);
        }
        for (long ingress : List.of(0x301L, 0x303L)) {
            OFMeterMod add = fake.sentTo(ingress).stream().filter(m -> m instanceof OFMeterMod mm
                    && mm.getCommand() == OFMeterModCommand.ADD).map(m -> (OFMeterMod) m).findFirst().orElseThrow();
            assertThat(((OFMeterBandDrop) add.getMeters().get(0)).getRate()).isEqualTo(250_000);
        }
        assertThat(fake.sent.keySet()).hasSize(forward.size());
        fake.sent.clear();

        backend.onEnd(c);
        for (Hop h : forward) {
            assertThat(fake.sentTo(h.dpid())).anySatisfy(m -> {
                assertThat(m).isInstanceOf(OFFlowDelete.class);
                assertThat(((OFFlowDelete) m).getCookie()).isEqualTo(Cookies.reservation("r-1"));
                assertThat(((OFFlowDelete) m).getCookieMask()).isEqualTo(Cookies.RESERVATION_MASK);
            });
        }
        assertThat(fake.sentTo(0x301)).anySatisfy(m -> assertThat(m).isInstanceOfSatisfying(OFMeterMod.class,
                mm -> assertThat(mm.getCommand()).isEqualTo(OFMeterModCommand.DELETE)));
    }

    @Test
    void aReservationWhoseDemandNamesNoPolicyIsCancelledWithTheDefaultPolicy() {
        ReservationContext fatTree = ctx("r-np", "site1", "site3", 100, LifecycleState.Created);
        NetworkDemand noPolicy = new NetworkDemand("site1", "site3", 100, null, null); // the GRC sends none by default
        ReservationContext c = new ReservationContext("r-np", "alice", List.of(), new ReservationSpec(
                fatTree.spec().window(), List.of(), List.of(noPolicy), List.of(), List.of(), "g"), fatTree.allocation(),
                LifecycleState.Created);
        backend.onCancel(c);
        assertThat(fake.sentTo(0x301)).anySatisfy(m -> assertThat(m).isInstanceOf(OFFlowDelete.class));
    }

    @Test
    void aReconnectingSwitchIsClearedAndGetsItsFlowsBack() {
        backend.onStart(ctx("r-2", "site1", "site2", 10, LifecycleState.Active));
        List<OFMessage> first = new ArrayList<>(fake.sentTo(0x301));
        fake.disconnect(0x301);
        fake.sent.clear();
        fake.connect(0x301);
        List<OFMessage> replay = fake.sentTo(0x301).stream().filter(m -> !(m instanceof OFFlowAdd fa
                && fa.getCookie().equals(LinkDiscovery.LLDP_COOKIE))).toList();
        assertThat(replay.get(0)).isInstanceOf(OFFlowDelete.class); // stale flows first
        assertThat(replay.stream().filter(m -> m instanceof OFFlowAdd && ((OFFlowAdd) m).getCookie().getValue() != 0
                && Cookies.isReservationFlow(((OFFlowAdd) m).getCookie())).toList())
                .isEqualTo(first.stream().filter(m -> m instanceof OFFlowAdd).toList());
    }

    @Test
    void reconcileWipesAndReinstallsOnlyActiveReservations() {
        backend.reconcile(List.of(ctx("active", "site1", "site3", 10, LifecycleState.Active),
                ctx("future", "site2", "site4", 10, LifecycleState.Created)));
        assertThat(fake.sentTo(0x301)).anySatisfy(m -> assertThat(m).isInstanceOf(OFFlowDelete.class));
        assertThat(fake.sentTo(0x301).stream().filter(m -> m instanceof OFFlowAdd)).isNotEmpty();
        assertThat(fake.sentTo(0x302).stream().filter(m -> m instanceof OFFlowAdd)).isEmpty();
    }

    @Test
    void modifyOfAnActiveReservationReplacesItsFlows() {
        ReservationContext before = ctx("r-3", "site1", "site3", 10, LifecycleState.Active);
        backend.onStart(before);
        fake.sent.clear();
        ReservationContext after = ctx("r-3", "site1", "site3", 20, LifecycleState.Active);
        backend.onModify(before, after);
        List<OFMessage> toIngress = fake.sentTo(0x301);
        assertThat(toIngress.get(0)).isInstanceOf(OFFlowDelete.class);
        assertThat(toIngress).anySatisfy(m -> assertThat(m).isInstanceOfSatisfying(OFMeterMod.class, mm ->
                assertThat(mm.getMeters()).singleElement().satisfies(b ->
                        assertThat(((OFMeterBandDrop) b).getRate()).isEqualTo(20_000))));
        fake.sent.clear();
        backend.onModify(before, ctx("r-3", "site1", "site3", 30, LifecycleState.Created));
        assertThat(fake.sent).isEmpty();
    }

    /** The live state names the failed link; the kernel's view over the links that are up routes around it. */
    @Test
    void aLinkWhosePortGoesDownIsInTheLiveStateAndCarriesNoNewPath() {
        NetworkDemand d = new NetworkDemand("site1", "site3", 10, null, "fat-tree");
        String coreLink = topo.links().stream().filter(l -> l.a().dpid() == 0x101 || l.b().dpid() == 0x101)
                .findFirst().orElseThrow().id();
        org.doji.nrm.openflow.topology.PortRef corePort = topo.linksById().get(coreLink).portOn(0x101);
        fake.portStatus(0x101, portStatus(corePort.port(), true));
        assertThat(backend.liveState().message()).contains(coreLink);
        assertThat(backend.liveState().downLinks()).containsExactly(coreLink);
        StaticFreeView free = new StaticFreeView(backend.inventory().links().stream()
                .filter(l -> !backend.liveState().downLinks().contains(l.id())).toList());
        for (int i = 0; i < 4; i++) {
            assertThat(backend.routing("fat-tree").route(d, free).orElseThrow()).doesNotContain(coreLink);
        }
        assertThat(backend.routing("hop").route(d, free).orElseThrow()).doesNotContain(coreLink);
        fake.portStatus(0x101, portStatus(corePort.port(), false));
        assertThat(backend.liveState()).isEqualTo(org.doji.rm.spi.LiveState.HEALTHY);
    }

    private static org.projectfloodlight.openflow.protocol.OFPortStatus portStatus(int port, boolean down) {
        var f = org.doji.nrm.openflow.controller.SwitchClient.FACTORY;
        return f.buildPortStatus().setReason(org.projectfloodlight.openflow.protocol.OFPortReason.MODIFY)
                .setDesc(f.buildPortDesc().setPortNo(org.projectfloodlight.openflow.types.OFPort.of(port))
                        .setConfig(down ? java.util.Set.of(org.projectfloodlight.openflow.protocol.OFPortConfig.PORT_DOWN)
                                : java.util.Set.of()).build()).build();
    }

    @Test
    void linkStatusCombinesCapacityActiveReservationsMeasuredUseAndHealth() {
        List<LinkStatus> unmeasured = backend.linkStatus();
        assertThat(unmeasured).hasSize(topo.links().size() + 4).allSatisfy(l -> {
            assertThat(l.usedMbps()).isNull();
            assertThat(l.availableMbps()).isEqualTo(1000);
            assertThat(l.reservedMbps()).isZero();
            assertThat(l.up()).isTrue();
        });
        // two polling rounds over the recorded real statistics (before and after 20 pings)
        Fixtures.messages("flow-stats-before.txt").forEach(r -> fake.answerStats(r.dpid(), List.of((OFStatsReply) r.message())));
        Fixtures.messages("flow-stats-after.txt").forEach(r -> fake.answerStats(r.dpid(), List.of((OFStatsReply) r.message())));
        monitor.poll();
        clock.advance(Duration.ofSeconds(10));
        monitor.poll();
        ReservationContext a = ctx("r-a", "site1", "site3", 100, LifecycleState.Active);
        ReservationContext b = ctx("r-b", "site1", "site2", 30, LifecycleState.Active);
        backend.onStart(a);
        backend.onStart(b);
        List<String> routeA = a.allocation().network().get(0).links();
        List<String> routeB = b.allocation().network().get(0).links();

        Map<String, LinkStatus> byId = backend.linkStatus().stream()
                .collect(java.util.stream.Collectors.toMap(LinkStatus::linkId, l -> l));
        assertThat(byId.get("ep-site1").reservedMbps()).isEqualTo(130);
        byId.values().forEach(l -> assertThat(l.reservedMbps()).as(l.linkId())
                .isEqualTo((routeA.contains(l.linkId()) ? 100 : 0) + (routeB.contains(l.linkId()) ? 30 : 0)));
        byId.values().forEach(l -> {
            double used = monitor.usage(l.linkId()).usedMbps();
            assertThat(l.usedMbps()).as(l.linkId()).isEqualTo(used);
            assertThat(l.availableMbps()).isEqualTo(1000 - used);
            assertThat(l.measuredAt()).isEqualTo(clock.instant());
        });
        assertThat(byId.get("ep-site1").usedMbps()).isPositive();
        assertThat(byId.get("ep-site1")).extracting(LinkStatus::from, LinkStatus::to).containsExactly("site1", "sw-301");

        fake.portStatus(0x303, portStatus(1, true)); // site3's access port goes down
        LinkStatus site3 = backend.linkStatus().stream().filter(l -> l.linkId().equals("ep-site3")).findFirst()
                .orElseThrow();
        assertThat(site3.up()).isFalse();
        assertThat(site3.downReason()).isEqualTo(LinkHealth.PORT_DOWN);
        assertThat(site3.availableMbps()).isZero();
        assertThat(backend.liveState().message()).contains("ep-site3=port down");
        assertThat(backend.liveState().downLinks()).containsExactly("ep-site3");

        backend.onEnd(a);
        assertThat(backend.linkStatus().stream().filter(l -> l.linkId().equals("ep-site1")).findFirst().orElseThrow()
                .reservedMbps()).isEqualTo(30);
    }

    @Test
    void statusPropertiesCarryEveryLinksCapacityReservedUsedAndAvailable() {
        Fixtures.messages("flow-stats-before.txt").forEach(r -> fake.answerStats(r.dpid(), List.of((OFStatsReply) r.message())));
        Fixtures.messages("flow-stats-after.txt").forEach(r -> fake.answerStats(r.dpid(), List.of((OFStatsReply) r.message())));
        monitor.poll();
        clock.advance(Duration.ofSeconds(10));
        monitor.poll();
        backend.onStart(ctx("r-s", "site1", "site3", 40, LifecycleState.Active));
        fake.portStatus(0x302, portStatus(1, true));

        List<StatusProperty> status = backend.status();
        assertThat(status).contains(StatusProperty.of("switchesConnected", topo.switches().size(), null),
                StatusProperty.of("linksDown", 1, null), StatusProperty.of("activeReservations", 1, null));
        for (LinkStatus l : backend.linkStatus()) {
            assertThat(status).as(l.linkId()).contains(
                    StatusProperty.about(l.linkId(), "capacity", 1000, "Mbps"),
                    StatusProperty.about(l.linkId(), "reservedBandwidth", l.reservedMbps(), "Mbps"),
                    StatusProperty.about(l.linkId(), "usedBandwidth", monitor.usage(l.linkId()).usedMbps(), "Mbps"),
                    StatusProperty.about(l.linkId(), "availableBandwidth", l.availableMbps(), "Mbps"),
                    StatusProperty.about(l.linkId(), "up", l.linkId().equals("ep-site2") ? 0 : 1, null));
        }
        assertThat(status).contains(StatusProperty.about("ep-site1", "reservedBandwidth", 40, "Mbps"),
                StatusProperty.about("ep-site2", "availableBandwidth", 0, "Mbps"));
        double used = monitor.usage("ep-site1").usedMbps();
        assertThat(used).isPositive();
        assertThat(status).contains(StatusProperty.about("ep-site1", "availableBandwidth", 1000 - used, "Mbps"));
    }
}
