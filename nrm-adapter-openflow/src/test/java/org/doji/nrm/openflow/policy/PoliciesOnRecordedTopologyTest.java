package org.doji.nrm.openflow.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.doji.nrm.openflow.Fixtures;
import org.doji.nrm.openflow.StaticFreeView;
import org.doji.nrm.openflow.topology.EndpointAttachment;
import org.doji.nrm.openflow.topology.PortRef;
import org.doji.nrm.openflow.topology.Topology;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.spi.BackendInventory.NetLink;
import org.junit.jupiter.api.Test;

/** The policies on the topology discovered from the real OVS network (2 cores, 4 aggregation, 4 edges). */
class PoliciesOnRecordedTopologyTest {

    private final Topology topo = Fixtures.fatTree();
    private final List<NetLink> links = topo.netLinks(1.0);

    private StaticFreeView free() {
        return new StaticFreeView(links);
    }

    private static NetworkDemand demand(String from, String to, long mbps, Double latency) {
        return new NetworkDemand(from, to, mbps, latency, null);
    }

    @Test
    void recordedTopologyIsTheTwoPodFatTree() {
        assertThat(topo.switches()).hasSize(10);
        assertThat(topo.links()).hasSize(12);
        assertThat(topo.endpoints()).extracting(EndpointAttachment::name)
                .containsExactlyInAnyOrder("site1", "site2", "site3", "site4");
    }

    @Test
    void hopTakesTheShortestRouteAndHonoursLatency() {
        HopPolicy hop = new HopPolicy();
        List<String> sameP = hop.route(demand("site1", "site2", 100, null), free()).orElseThrow();
        assertThat(sameP).hasSize(4).startsWith("ep-site1").endsWith("ep-site2");
        List<String> crossPod = hop.route(demand("site1", "site3", 100, null), free()).orElseThrow();
        assertThat(crossPod).hasSize(6);
        double latency = crossPod.stream().mapToDouble(id -> links.stream().filter(l -> l.id().equals(id))
                .findFirst().orElseThrow().latencyMs() == null ? 0 : links.stream()
                .filter(l -> l.id().equals(id)).findFirst().orElseThrow().latencyMs()).sum();
        assertThat(hop.route(demand("site1", "site3", 100, latency - 0.01), free())).isEmpty();
        assertThat(hop.route(demand("site1", "site3", 100, latency + 0.01), free())).isPresent();
        assertThat(hop.route(demand("site1", "site3", 1001, null), free())).isEmpty();
    }

    @Test
    void bandwidthTakesTheWidestRoute() {
        BandwidthPolicy bw = new BandwidthPolicy();
        FatTreePolicy ft = new FatTreePolicy();
        List<RouteCandidate> both = ft.rank(demand("site1", "site3", 0, null), free());
        assertThat(both).hasSize(2);
        StaticFreeView f = free().book(both.get(0).links().subList(1, 5), 600);
        List<String> widest = bw.route(demand("site1", "site3", 100, null), f).orElseThrow();
        assertThat(widest).isEqualTo(both.get(1).links());
        assertThat(bw.bestBandwidth("site1", "site3", f)).isEqualTo(1000);
        f.book(both.get(1).links().subList(1, 5), 700);
        assertThat(bw.bestBandwidth("site1", "site3", f)).isEqualTo(400);
        assertThat(bw.route(demand("site1", "site3", 500, null), f)).isEmpty();
    }

    @Test
    void fatTreeEnumeratesRedundantUplinksAndPrefersTheMostAvailable() {
        FatTreePolicy ft = new FatTreePolicy();
        List<RouteCandidate> c = ft.rank(demand("site1", "site3", 100, null), free());
        assertThat(c).hasSize(2).allSatisfy(r -> assertThat(r.hops()).isEqualTo(6));
        assertThat(c.get(0).links()).doesNotContainAnyElementsOf(c.get(1).links().subList(1, 5));
        StaticFreeView f = free().book(c.get(0).links().subList(1, 5), 300);
        assertThat(ft.route(demand("site1", "site3", 100, null), f)).contains(c.get(1).links());
        assertThat(ft.bestBandwidth("site1", "site3", f)).isEqualTo(1000);
    }

    @Test
    void fatTreeRoundRobinsOverTheUplinksByTheRoutesItInstalledOnceEveryUplinkIsSaturated() {
        FatTreePolicy ft = new FatTreePolicy();
        StaticFreeView f = free();
        List<RouteCandidate> both = ft.rank(demand("site1", "site3", 0, null), f);
        for (RouteCandidate r : both) {
            f.book(r.links().subList(1, 5), 1000);
        }
        NetworkDemand bestEffort = demand("site1", "site3", 0, null);
        List<String> first = ft.route(bestEffort, f).orElseThrow();
        // ranking alone (an availability query) moves nothing
        assertThat(ft.route(bestEffort, f)).contains(first);
        ft.setRoute("r-1", first);
        List<String> second = ft.route(bestEffort, f).orElseThrow();
        assertThat(second).as("the other uplink").isNotEqualTo(first);
        ft.setRoute("r-2", second);
        assertThat(ft.route(bestEffort, f)).as("one route on each: the first again").contains(first);
        ft.setRoute("r-3", first);
        assertThat(ft.routesPerLink()).containsEntry(first.get(2), 2).containsEntry(second.get(2), 1);
        // the second uplink's route goes: it has none now, so the next one takes it
        ft.delRoute("r-2", second);
        assertThat(ft.routesPerLink()).doesNotContainKey(second.get(2));
        assertThat(ft.route(bestEffort, f)).contains(second);
        assertThat(ft.route(demand("site1", "site3", 1, null), f)).isEmpty();
    }

    @Test
    void fatTreeEdgeGroupsAreTheEndpointsOfOneEdgeSwitch() {
        // what the NRM's describe publishes, for the coordinator to pack a job's sites (FatTreePackingTest,
        // FatTreePlacementIT). Extra endpoints on free ports: e1 (0x301) gets 3 in all, e2 (0x302) 2, e3 and e4 keep 1
        List<EndpointAttachment> eps = new java.util.ArrayList<>(topo.endpoints());
        eps.add(new EndpointAttachment("n1b", false, new PortRef(0x301, 4), null, 1000, null));
        eps.add(new EndpointAttachment("n1c", false, new PortRef(0x301, 5), null, 1000, null));
        eps.add(new EndpointAttachment("n2b", false, new PortRef(0x302, 4), null, 1000, null));
        Topology t = new Topology(topo.switches(), topo.links(), eps);
        org.doji.rm.spi.BackendInventory inv = new org.doji.rm.spi.BackendInventory(org.doji.rm.model.RmKind.NETWORK,
                "D", List.of(), eps.stream().map(e -> new org.doji.rm.spi.BackendInventory.NetEndpoint(e.name(), false))
                .toList(), t.netLinks(1), List.of(), List.of());
        java.util.Map<String, String> groups = org.doji.rm.kernel.EdgeGroups.of(inv);
        assertThat(groups).hasSize(7);
        java.util.Map<String, Set<String>> members = new java.util.TreeMap<>();
        groups.forEach((ep, g) -> members.computeIfAbsent(g, k -> new java.util.TreeSet<>()).add(ep));
        assertThat(members.values()).containsExactlyInAnyOrder(Set.of("n1b", "n1c", "site1"), Set.of("n2b", "site2"),
                Set.of("site3"), Set.of("site4"));
        // opaque labels: no switch id leaves the RM
        assertThat(members.keySet()).allSatisfy(g -> assertThat(g).matches("edge-\\d+"));
    }

    @Test
    void registryResolvesNamesAndRefusesUnknownOnes() {
        PolicyRegistry r = new PolicyRegistry(PolicyRegistry.builtIn(new FatTreePolicy()), "hop");
        assertThat(r.names()).containsExactlyInAnyOrder("hop", "bandwidth", "fat-tree");
        assertThat(r.get(null).name()).isEqualTo("hop");
        assertThat(r.get("fat-tree")).isInstanceOf(FatTreePolicy.class);
        assertThatThrownBy(() -> r.get("random")).isInstanceOf(DojiException.class)
                .satisfies(e -> assertThat(((DojiException) e).kind()).isEqualTo(FaultKind.INVALID_REQUEST));
        assertThatThrownBy(() -> new PolicyRegistry(List.of(new HopPolicy()), "bandwidth"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
