package org.doji.it.realgrid;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationPlan;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.PlannedPath;
import org.doji.contract.types.PlannedSite;
import org.doji.contract.types.RmOutcome;
import org.doji.contract.types.TimeWindow;
import org.doji.it.chaos.ChaosChecker;
import org.junit.jupiter.api.Test;

/**
 * The real-state checker on snapshots of the real systems built by hand: one that agrees with the GRC, and the
 * same with one thing broken at a time (an orphan reservation, a part left behind by a cancelled co-allocation, a
 * missing part, flows of a closed window, an unused meter, a node reserved twice): each is found, under its invariant.
 */
class RealHoldingsTest {

    private static final Instant NOW = Instant.parse("2026-11-29T05:00:00Z");
    private static final Instant START = NOW.minusSeconds(60);
    private static final Instant END = NOW.plusSeconds(540);

    /** A co-allocation at Grid Engine (node1, 2 cores), Slurm (n2, 1 core) and the network (one path). */
    private static CoAllocationDocument doc(String key, CoAllocationState state) {
        CoAllocationDocument d = new CoAllocationDocument();
        d.setKey(key);
        d.setState(state);
        CoAllocationPlan plan = new CoAllocationPlan();
        TimeWindow w = new TimeWindow();
        w.setStart(START);
        w.setEnd(END);
        plan.setWindow(w);
        plan.getSite().add(site("sge", RealHoldings.SGE, 2, "node1"));
        plan.getSite().add(site("slurm", RealHoldings.SLURM, 1, "n2"));
        PlannedPath p = new PlannedPath();
        p.setRmId(RealHoldings.NETWORK);
        p.setFrom("sge");
        p.setTo("slurm");
        p.setBandwidthMbps(20);
        plan.getPath().add(p);
        d.setPlan(plan);
        for (String rm : List.of(RealHoldings.SGE, RealHoldings.SLURM, RealHoldings.NETWORK)) {
            RmOutcome o = new RmOutcome();
            o.setRmId(rm);
            o.setReservationKey(rm + "-" + key);
            d.getRm().add(o);
        }
        return d;
    }

    private static PlannedSite site(String name, String rm, int cores, String node) {
        PlannedSite s = new PlannedSite();
        s.setSite(name);
        s.setRmId(rm);
        s.setCores(cores);
        s.getNode().add(node);
        return s;
    }

    private static String flow(String key, int direction, int meter) {
        long cookie = 0xD0L << 56 | RealHoldings.keyHash(key) << 8 | direction;
        return "cookie=0x" + Long.toHexString(cookie) + ", duration=1.0s, table=0, n_packets=0, n_bytes=0, priority=5000,ip"
                + " actions=meter:" + meter + ",set_field:46->ip_dscp,output:2";
    }

    /** What the real systems hold when they agree with {@link #doc} Active as "co-1". */
    private static RealSnapshot agreeing() {
        Map<String, RealSystems.Booking> ge = new LinkedHashMap<>();
        ge.put(RealHoldings.gridEngineName("crm-sge-co-1"), new RealSystems.Booking("7", START, END, Map.of("node1", 2)));
        Map<String, RealSystems.Booking> sl = new LinkedHashMap<>();
        sl.put(RealHoldings.slurmName("crm-slurm-co-1"), new RealSystems.Booking("rg-crm-slurm-co-1", START, END, Map.of("n2", 2)));
        Map<String, List<String>> flows = new LinkedHashMap<>();
        flows.put("rg-w1", List.of(flow("nrm-wan-co-1", 0, 1)));
        flows.put("rg-w2", List.of());
        flows.put("rg-w3", List.of(flow("nrm-wan-co-1", 1, 1)));
        Map<String, List<String>> meters = new LinkedHashMap<>();
        meters.put("rg-w1", List.of("meter=1 kbps bands="));
        meters.put("rg-w2", List.of());
        meters.put("rg-w3", List.of("meter=1 kbps bands="));
        return new RealSnapshot(NOW, ge, sl, flows, meters);
    }

    private static Map<String, List<String>> check(RealSnapshot real, CoAllocationDocument... docs) {
        Map<String, CoAllocationDocument> byKey = new LinkedHashMap<>();
        for (CoAllocationDocument d : docs) {
            byKey.put(d.getKey(), d);
        }
        return new ChaosChecker().check(byKey, new RealHoldings(real), List.of());
    }

    private static RealSnapshot with(RealSnapshot s, Map<String, RealSystems.Booking> ge, Map<String, RealSystems.Booking> sl,
                                     Map<String, List<String>> flows, Map<String, List<String>> meters) {
        return new RealSnapshot(s.at(), ge != null ? ge : s.gridEngine(), sl != null ? sl : s.slurm(),
                flows != null ? flows : s.flows(), meters != null ? meters : s.meters());
    }

    @Test
    void agreementHasNoViolation() {
        assertThat(ChaosChecker.count(check(agreeing(), doc("co-1", CoAllocationState.ACTIVE)))).isZero();
    }

    @Test
    void aReservationOfNoCoAllocationIsAnOrphan() {
        Map<String, RealSystems.Booking> ge = new HashMap<>(agreeing().gridEngine());
        ge.put(RealHoldings.gridEngineName("crm-sge-left-behind"), new RealSystems.Booking("9", END, END.plusSeconds(60), Map.of("node3", 1)));
        Map<String, List<String>> v = check(with(agreeing(), ge, null, null, null), doc("co-1", CoAllocationState.ACTIVE));
        assertThat(v.get("b orphan")).singleElement().asString().contains("advance reservation 9");
        assertThat(ChaosChecker.count(v)).isEqualTo(1);
    }

    @Test
    void aCancelledCoAllocationWithItsPartsStillThereViolatesAllOrNothing() {
        Map<String, List<String>> v = check(agreeing(), doc("co-1", CoAllocationState.CANCELLED));
        assertThat(v.get("a all-or-nothing")).hasSize(3) // the AR, the Slurm reservation and the flows
                .anySatisfy(l -> assertThat(l).contains("CANCELLED").contains("advance reservation 7"));
    }

    @Test
    void aMissingPartAndFlowsOutsideTheWindowAreFound() {
        Map<String, RealSystems.Booking> sl = new HashMap<>();
        Map<String, List<String>> v = check(with(agreeing(), null, sl, null, null), doc("co-1", CoAllocationState.ACTIVE));
        assertThat(v.get("a all-or-nothing")).singleElement().asString().contains("no reservation in scontrol");

        RealSnapshot later = new RealSnapshot(END.plusSeconds(60), agreeing().gridEngine(), agreeing().slurm(),
                agreeing().flows(), agreeing().meters());
        assertThat(check(later, doc("co-1", CoAllocationState.ACTIVE)).get("a all-or-nothing"))
                .anySatisfy(l -> assertThat(l).contains("is not open"));
    }

    @Test
    void aMeterNoFlowUsesIsAnOrphanAndAWrongWindowIsFound() {
        Map<String, List<String>> meters = new LinkedHashMap<>(agreeing().meters());
        meters.put("rg-w2", List.of("meter=4 kbps bands="));
        Map<String, List<String>> v = check(with(agreeing(), null, null, null, meters), doc("co-1", CoAllocationState.ACTIVE));
        assertThat(v.get("b orphan")).singleElement().asString().startsWith("rg-w2 has a meter");

        Map<String, RealSystems.Booking> ge = Map.of(RealHoldings.gridEngineName("crm-sge-co-1"),
                new RealSystems.Booking("7", START, END.plus(Duration.ofMinutes(1)), Map.of("node1", 2)));
        assertThat(check(with(agreeing(), ge, null, null, null), doc("co-1", CoAllocationState.ACTIVE)).get("a all-or-nothing"))
                .singleElement().asString().contains("the plan's window");
    }

    @Test
    void aPartCommittedAfterItsWindowBeganMayStartAtItsCommitButNotLater() {
        Map<String, RealSystems.Booking> late = Map.of(RealHoldings.gridEngineName("crm-sge-co-1"),
                new RealSystems.Booking("7", NOW.minusSeconds(10), END, Map.of("node1", 2)));
        assertThat(ChaosChecker.count(check(with(agreeing(), late, null, null, null), doc("co-1", CoAllocationState.ACTIVE))))
                .isZero();
        Map<String, RealSystems.Booking> future = Map.of(RealHoldings.gridEngineName("crm-sge-co-1"),
                new RealSystems.Booking("7", NOW.plusSeconds(10), END, Map.of("node1", 2)));
        assertThat(check(with(agreeing(), future, null, null, null), doc("co-1", CoAllocationState.ACTIVE)).get("a all-or-nothing"))
                .singleElement().asString().contains("the plan's window");
    }

    @Test
    void gridEngineHoldsWholeNodesButNotFewerCoresOrOtherNodes() {
        Map<String, RealSystems.Booking> fewer = Map.of(RealHoldings.gridEngineName("crm-sge-co-1"),
                new RealSystems.Booking("7", START, END, Map.of("node1", 1)));
        assertThat(check(with(agreeing(), fewer, null, null, null), doc("co-1", CoAllocationState.ACTIVE)).get("a all-or-nothing"))
                .singleElement().asString().contains("planned 2 cores on [node1]");
        Map<String, RealSystems.Booking> other = Map.of(RealHoldings.gridEngineName("crm-sge-co-1"),
                new RealSystems.Booking("7", START, END, Map.of("node2", 2)));
        assertThat(check(with(agreeing(), other, null, null, null), doc("co-1", CoAllocationState.ACTIVE)).get("a all-or-nothing"))
                .singleElement().asString().contains("the system holds {node2=2}");
    }

    @Test
    void aNodeReservedTwiceAtOnceIsOversubscribed() {
        Map<String, RealSystems.Booking> sl = new HashMap<>(agreeing().slurm());
        sl.put(RealHoldings.slurmName("crm-slurm-other"), new RealSystems.Booking("x", NOW, END.plusSeconds(60), Map.of("n2", 2)));
        Map<String, List<String>> v = check(with(agreeing(), null, sl, null, null), doc("co-1", CoAllocationState.ACTIVE));
        assertThat(v.get("c oversubscribed")).singleElement().asString().contains("node n2");
        assertThat(v.get("b orphan")).hasSize(1); // and it belongs to no co-allocation
    }
}
