package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.PlannedSite;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ReservationView;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fat-tree path policy places a co-allocation's sites (DESIGN §8): one network domain of two edge switches, e1
 * with sites A1, A2, A3 and e2 with B1, B2, joined by an uplink; every site and every link costs the same, so every
 * set of sites under one switch is a cheapest plan. The network RM publishes each site's edge group in its
 * describe, and with {@code pathPolicy = fat-tree} the GRC puts a job under the switch whose free sites fit it most
 * tightly. Real SOAP between the GRC and six RMs in this JVM; what is held is read from every RM.
 */
class FatTreePlacementIT {

    private static final List<String> UNDER_E1 = List.of("A1", "A2", "A3");
    private static final List<String> UNDER_E2 = List.of("B1", "B2");
    private static LocalGrid grid;

    @BeforeAll
    static void startGrid() {
        grid = LocalGrid.start(twoEdgeSwitches(), 0, TestDatabase.grid("mem"), Map.of(), Map.of("doji.grc.slots", "1"));
    }

    @AfterAll
    static void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    /** One CRM per site (8 cores at 1), and one simulated NRM whose sites hang off the switches e1 and e2. */
    static GridTopology twoEdgeSwitches() {
        GridTopology.Builder b = GridTopology.builder();
        List<String> sites = new ArrayList<>(UNDER_E1);
        sites.addAll(UNDER_E2);
        sites.forEach(s -> b.crm("crm-" + s.toLowerCase(), s, "D1", 1, 8, 1.0, Map.of()));
        Map<String, String> nrm = new LinkedHashMap<>();
        nrm.put("doji.rm.kind", "NETWORK");
        nrm.put("doji.rm.domain", "D1");
        int link = 0;
        for (int i = 0; i < sites.size(); i++) {
            nrm.put("doji.rm.simulated.endpoints[" + i + "].name", sites.get(i));
            link = link(nrm, link, sites.get(i), UNDER_E1.contains(sites.get(i)) ? "e1" : "e2");
        }
        link(nrm, link, "e1", "e2");
        List<GridTopology.RmDef> rms = new ArrayList<>(b.build().rms());
        rms.add(new GridTopology.RmDef("nrm-d1", nrm));
        return new GridTopology(rms);
    }

    private static int link(Map<String, String> p, int n, String a, String b) {
        String prefix = "doji.rm.simulated.links[" + n + "].";
        p.put(prefix + "a", a);
        p.put(prefix + "b", b);
        p.put(prefix + "capacity-mbps", "10000");
        p.put(prefix + "unit-price", "0.005");
        return n + 1;
    }


    /** {@code n} sites of 4 cores anywhere, 100 Mbps between every pair, tomorrow at {@code hour} for an hour. */
    private static CoAllocationDocument reserve(int n, int hour, String pathPolicy) throws Exception {
        CoAllocationRequest r = new CoAllocationRequest();
        for (int i = 0; i < n; i++) {
            r.getSite().add(Requests.site("s" + i, 4));
            for (int j = 0; j < i; j++) {
                r.getLink().add(Requests.link("s" + j, "s" + i, 100));
            }
        }
        r.setTime(Requests.tomorrowAt(hour));
        r.setPathPolicy(pathPolicy);
        return settled(r);
    }

    private static CoAllocationDocument settled(CoAllocationRequest r) throws Exception {
        CoAllocationDocument d = CoAllocationDocuments.of(Requests.createAndSettle(grid.grcUrl(), r));
        assertThat(d.getState()).as(d.getReason()).isEqualTo(CoAllocationState.RESERVED);
        return d;
    }

    private static List<String> sitesOf(CoAllocationDocument d) {
        return d.getPlan().getSite().stream().map(PlannedSite::getSite).toList();
    }

    /** The sites whose CRM holds a part of the co-allocation, read from every CRM itself. */
    private static List<String> heldAt(CoAllocationDocument d) {
        List<String> out = new ArrayList<>();
        for (String site : List.of("A1", "A2", "A3", "B1", "B2")) {
            ReservationKernel k = grid.rm("crm-" + site.toLowerCase()).getBean(ReservationKernel.class);
            for (ReservationView v : k.openReservations()) {
                if (v.spec() != null && d.getKey().equals(v.spec().globalId())) {
                    out.add(site);
                }
            }
        }
        return out;
    }

    @Test
    void theNetworkRmPublishesItsSitesEdgeGroups() {
        Map<String, String> groups = new LinkedHashMap<>();
        grid.rm("nrm-d1").getBean(ReservationKernel.class).describe(org.doji.rm.api.Caller.ANONYMOUS).endpoints()
                .forEach(e -> groups.put(e.name(), e.group()));
        assertThat(groups).containsEntry("A1", "edge-1").containsEntry("A2", "edge-1").containsEntry("A3", "edge-1")
                .containsEntry("B1", "edge-2").containsEntry("B2", "edge-2");
    }

    @Test
    void aTwoSiteJobGoesUnderTheSwitchItFillsExactlyAndAThreeSiteJobUnderTheOther() throws Exception {
        CoAllocationDocument two = reserve(2, 2, "fat-tree");
        assertThat(sitesOf(two)).containsExactlyInAnyOrder("B1", "B2");
        assertThat(heldAt(two)).containsExactlyInAnyOrder("B1", "B2");
        CoAllocationDocument three = reserve(3, 4, "fat-tree");
        assertThat(sitesOf(three)).containsExactlyInAnyOrder("A1", "A2", "A3");
        assertThat(heldAt(three)).containsExactlyInAnyOrder("A1", "A2", "A3");
        // the same cost as without the policy, which places the two-site job elsewhere (its first cheapest plan)
        CoAllocationDocument plain = reserve(2, 6, null);
        assertThat(sitesOf(plain)).as("without fat-tree").isNotEqualTo(sitesOf(two)).allSatisfy(s -> assertThat(s).startsWith("A"));
        assertThat(plain.getPlan().getCost()).isEqualTo(two.getPlan().getCost());
    }

    @Test
    void aGroupCountsOnlyItsSitesThatAreFreeInTheWindow() throws Exception {
        // a one-site job: e2 (two sites) fits it more tightly than e1 (three)
        assertThat(sitesOf(reserve(1, 10, "fat-tree"))).singleElement().satisfies(s -> assertThat(s).startsWith("B"));
        // A1 and A2 are full at hour 12 (pinned jobs of 8 cores): e1 has one free site, e2 two; now e1 fits tighter
        assertThat(sitesOf(reserveOn("A1", 12))).containsExactly("A1");
        assertThat(sitesOf(reserveOn("A2", 12))).containsExactly("A2");
        CoAllocationDocument one = reserve(1, 12, "fat-tree");
        assertThat(sitesOf(one)).containsExactly("A3");
        assertThat(heldAt(one)).containsExactly("A3");
    }

    /** One site of 8 cores pinned to {@code site}, tomorrow at {@code hour}. */
    private static CoAllocationDocument reserveOn(String site, int hour) throws Exception {
        CoAllocationRequest r = new CoAllocationRequest();
        r.getSite().add(Requests.site("x", 8, site));
        r.setTime(Requests.tomorrowAt(hour));
        return settled(r);
    }
}
