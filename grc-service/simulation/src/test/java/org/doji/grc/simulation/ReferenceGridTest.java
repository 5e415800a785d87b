package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The simulated grid is the topology of DESIGN §9, as the RMs themselves describe it. */
class ReferenceGridTest {

    private static ReferenceGrid grid;

    @BeforeAll
    static void create() {
        SmallRuns.quietLogs();
        grid = ReferenceGrid.create(ScenarioLoader.reference().topology(), new SettableClock(Workload.T0), Map.of());
    }

    private static List<ResourceInventory> described(RmKind kind) {
        return grid.kernels().values().stream().map(k -> k.describe(ReferenceGrid.GRC)).filter(d -> d.kind() == kind).toList();
    }

    @Test
    void tenComputeRmsWithTheCoresOfSection9AtPriceOne() {
        List<ResourceInventory> crms = described(RmKind.COMPUTE);
        assertThat(crms).hasSize(10);
        Map<String, List<Integer>> coresByDomain = crms.stream().collect(Collectors.groupingBy(ResourceInventory::domain,
                java.util.TreeMap::new, Collectors.flatMapping(d -> d.sites().stream().map(ResourceInventory.Site::totalCores),
                        Collectors.toList())));
        assertThat(coresByDomain).containsExactly(Map.entry("JN", List.of(8, 16, 32, 64)), Map.entry("JS", List.of(8, 16, 32)),
                Map.entry("US", List.of(8, 16, 32)));
        assertThat(crms).allSatisfy(d -> {
            assertThat(d.sites()).hasSize(1);
            assertThat(d.sites().get(0).unitPrice()).isEqualTo(1.0);
            // one core per node: a reservation of c cores takes exactly c cores
            assertThat(d.sites().get(0).nodes()).isEqualTo(d.sites().get(0).totalCores());
        });
        assertThat(grid.totalCores()).isEqualTo(8 + 16 + 32 + 64 + 2 * (8 + 16 + 32));
    }

    @Test
    void threeNetworkRmsWithCompleteSiteGraphsAndExchangePointsJoinedToEverySite() {
        List<ResourceInventory> nrms = described(RmKind.NETWORK);
        assertThat(nrms).extracting(ResourceInventory::domain).containsExactly("JN", "JS", "US");
        Map<String, List<String>> exchange = Map.of("JN", List.of("X1", "X2"), "JS", List.of("X1", "X2"), "US", List.of("X1"));
        Map<String, Integer> sites = Map.of("JN", 4, "JS", 3, "US", 3);
        for (ResourceInventory d : nrms) {
            int n = sites.get(d.domain());
            List<String> xps = exchange.get(d.domain());
            assertThat(d.endpoints().stream().filter(ResourceInventory.Endpoint::exchangePoint).map(ResourceInventory.Endpoint::name))
                    .containsExactlyElementsOf(xps);
            List<ResourceInventory.Path> sitePaths = d.paths().stream()
                    .filter(p -> !xps.contains(p.from()) && !xps.contains(p.to())).toList();
            List<ResourceInventory.Path> xpPaths = d.paths().stream()
                    .filter(p -> xps.contains(p.from()) || xps.contains(p.to())).toList();
            assertThat(sitePaths).hasSize(n * (n - 1) / 2).allSatisfy(p -> {
                assertThat(p.capacityMbps()).isEqualTo(10_000);
                assertThat(p.unitPrice() * 1000).isEqualTo(5.0, org.assertj.core.data.Offset.offset(1e-9)); // per Gbps
            });
            assertThat(xpPaths).hasSize(n * xps.size()).allSatisfy(p -> {
                assertThat(p.capacityMbps()).isEqualTo(20_000);
                assertThat(p.unitPrice() * 1000).isEqualTo(3.0, org.assertj.core.data.Offset.offset(1e-9));
                // an exchange point is joined to sites only, never directly to another exchange point
                assertThat(xps.contains(p.from()) && xps.contains(p.to())).isFalse();
            });
        }
        assertThat(grid.totalPathMbps()).isEqualTo((6 + 3 + 3) * 10_000L + (8 + 6 + 3) * 20_000L);
        assertThat(ScenarioLoader.reference().topology().totalPathMbps()).isEqualTo(grid.totalPathMbps());
        assertThat(ScenarioLoader.reference().topology().totalCores()).isEqualTo(grid.totalCores());
    }

    @Test
    void everyRmIsARealKernelOnTheOneVirtualClock() {
        SettableClock clock = new SettableClock(Workload.T0);
        ReferenceGrid g = ReferenceGrid.create(ScenarioLoader.reference().topology(), clock, Map.of("B", 0.5));
        assertThat(g.kernels()).hasSize(13);
        clock.set(Workload.T0.plusSeconds(3600));
        assertThat(g.kernels().values()).extracting(ReservationKernel::clock).allSatisfy(c ->
                assertThat(c.instant()).isEqualTo(Workload.T0.plusSeconds(3600)));
        assertThat(g.kernels().values()).allSatisfy(k -> {
            assertThat(k.settings().shareFor("B")).isEqualTo(0.5);
            assertThat(k.settings().shareFor("A")).isEqualTo(1.0);
        });
    }
}
