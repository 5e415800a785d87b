package org.doji.rm.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.BackendInventory;
import org.junit.jupiter.api.Test;

/**
 * A simulated network domain is the abstract graph of DESIGN §9: a demand between two endpoints with a
 * direct path takes that path, never a wider detour through an exchange point.
 */
class SimulatedNetworkTest {

    private static BackendInventory domain() {
        return new BackendInventory(RmKind.NETWORK, "D", List.of(),
                List.of(new BackendInventory.NetEndpoint("A", false), new BackendInventory.NetEndpoint("B", false),
                        new BackendInventory.NetEndpoint("X", true)),
                List.of(new BackendInventory.NetLink("A--B", "A", "B", 10_000, 0.005, null),
                        new BackendInventory.NetLink("A--X", "A", "X", 20_000, 0.003, null),
                        new BackendInventory.NetLink("B--X", "B", "X", 20_000, 0.003, null)),
                List.of(), List.of());
    }

    private static ReservationSpec path(String from, String to, long mbps, TimeWindow w) {
        return new ReservationSpec(w, List.of(), List.of(new NetworkDemand(from, to, mbps, null, null)), List.of(), List.of(), null);
    }

    @Test
    void theAbstractGraphIsTheDirectPaths() {
        KernelFixture f = new KernelFixture(domain(), KernelFixture.settings(java.time.Duration.ofMinutes(2), java.util.Map.of()));
        assertThat(f.kernel.describe(KernelFixture.GRC).paths())
                .extracting(ResourceInventory.Path::from, ResourceInventory.Path::to, ResourceInventory.Path::capacityMbps,
                        ResourceInventory.Path::unitPrice)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("A", "B", 10_000L, 0.005),
                        org.assertj.core.groups.Tuple.tuple("A", "X", 20_000L, 0.003),
                        org.assertj.core.groups.Tuple.tuple("B", "X", 20_000L, 0.003));
    }

    @Test
    void describePublishesEachSiteEndpointsEdgeGroupAsAnOpaqueLabel() {
        // switches s1 (A1, A2, A3) and s2 (B1, B2) joined by an uplink; X (an exchange point) on s1; C on both
        java.util.function.BiFunction<String, String, BackendInventory.NetLink> link =
                (a, b) -> new BackendInventory.NetLink(a + "--" + b, a, b, 1_000, 1, null);
        BackendInventory inv = new BackendInventory(RmKind.NETWORK, "D", List.of(),
                java.util.stream.Stream.of("A1", "A2", "A3", "B1", "B2", "C")
                        .map(n -> new BackendInventory.NetEndpoint(n, false))
                        .collect(java.util.stream.Collectors.collectingAndThen(java.util.stream.Collectors.toList(),
                                l -> { l.add(new BackendInventory.NetEndpoint("X", true)); return l; })),
                List.of(link.apply("A1", "s1"), link.apply("s1", "A2"), link.apply("A3", "s1"), link.apply("B1", "s2"),
                        link.apply("B2", "s2"), link.apply("s1", "s2"), link.apply("X", "s1"), link.apply("C", "s1"),
                        link.apply("C", "s2")),
                List.of(), List.of());
        KernelFixture f = new KernelFixture(inv, KernelFixture.settings(java.time.Duration.ofMinutes(2), java.util.Map.of()));
        java.util.Map<String, String> groups = new java.util.HashMap<>();
        f.kernel.describe(KernelFixture.GRC).endpoints().forEach(e -> groups.put(e.name(), e.group()));
        assertThat(groups).containsEntry("A1", "edge-1").containsEntry("A2", "edge-1").containsEntry("A3", "edge-1")
                .containsEntry("B1", "edge-2").containsEntry("B2", "edge-2")
                .containsEntry("C", null)  // attached to two switches: no single edge group
                .containsEntry("X", null); // exchange points are not placed
        // a network without switches (the reference domains: endpoints joined directly) has no groups
        KernelFixture flat = new KernelFixture(domain(), KernelFixture.settings(java.time.Duration.ofMinutes(2), java.util.Map.of()));
        assertThat(flat.kernel.describe(KernelFixture.GRC).endpoints()).allSatisfy(e -> assertThat(e.group()).isNull());
    }

    @Test
    void aDemandTakesItsDirectPathAndIsRefusedRatherThanDetoured() {
        KernelFixture f = new KernelFixture(domain(), KernelFixture.settings(java.time.Duration.ofMinutes(2), java.util.Map.of()));
        TimeWindow w = KernelFixture.window(60, 120);
        ReservationView v = f.kernel.reserve(KernelFixture.GRC, KernelFixture.id(), path("A", "B", 8_000, w), null);
        assertThat(v.pendingAllocation().network()).singleElement()
                .satisfies(n -> assertThat(n.links()).containsExactly("A--B"));
        assertThatThrownBy(() -> f.kernel.reserve(KernelFixture.GRC, KernelFixture.id(), path("A", "B", 4_000, w), null))
                .isInstanceOfSatisfying(DojiException.class, e -> assertThat(e.errorCode()).isEqualTo("INSUFFICIENT_BANDWIDTH"));
    }

    @Test
    void availabilityComputesFreeBandwidthWithThePathPolicyItIsAskedFor() {
        List<String> asked = new java.util.ArrayList<>();
        org.doji.rm.sim.SimulatedBackend halving = new org.doji.rm.sim.SimulatedBackend(domain()) {
            @Override
            public org.doji.rm.spi.NetworkRouting routing(String policy) {
                asked.add(policy);
                org.doji.rm.spi.NetworkRouting own = super.routing(null);
                if (!"halved".equals(policy)) {
                    return own;
                }
                return new org.doji.rm.spi.NetworkRouting() {
                    @Override
                    public java.util.Optional<List<String>> route(NetworkDemand demand, org.doji.rm.spi.LinkFreeView free) {
                        return own.route(demand, free);
                    }

                    @Override
                    public long bestBandwidth(String from, String to, org.doji.rm.spi.LinkFreeView free) {
                        return own.bestBandwidth(from, to, free) / 2;
                    }
                };
            }
        };
        KernelFixture f = new KernelFixture(halving, KernelFixture.settings(java.time.Duration.ofMinutes(2), java.util.Map.of()),
                KernelFixture.T0);
        TimeWindow w = KernelFixture.window(60, 120);
        var byDefault = f.kernel.availability(KernelFixture.GRC, new org.doji.rm.model.AvailabilityQuery(List.of(w), null));
        var halved = f.kernel.availability(KernelFixture.GRC, new org.doji.rm.model.AvailabilityQuery(List.of(w), null, "halved"));
        assertThat(byDefault.get(0).paths()).filteredOn(p -> p.to().equals("B") || p.from().equals("B") && p.to().equals("A"))
                .singleElement().satisfies(p -> assertThat(p.freeBandwidthMbps()).isEqualTo(10_000));
        assertThat(halved.get(0).paths()).filteredOn(p -> p.to().equals("B") || p.from().equals("B") && p.to().equals("A"))
                .singleElement().satisfies(p -> assertThat(p.freeBandwidthMbps()).isEqualTo(5_000));
        assertThat(asked).containsOnlyOnce("halved").last().isEqualTo("halved");
    }
}
