package org.doji.it.realgrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.PlannedSite;
import org.doji.it.Requests;
import org.doji.it.faults.GrcClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The product's purpose end to end on real systems: one GRC co-allocates nodes on real Grid Engine, TORQUE 6.1.3
 * and Slurm clusters and bandwidth on the real Open vSwitch network between them (the grid of
 * {@code scripts/realgrid}); jobs submitted with only what the GRC returned start together on the reserved nodes,
 * inside the window, and get their bandwidth between sites. Modify, cancel, the window's end and a kill -9 of an
 * adapter during a commit are checked against each real system's own state.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RealGridIT {

    private static final Logger log = LoggerFactory.getLogger(RealGridIT.class);
    /** The reserved bandwidth between the Grid Engine and the Slurm site: well below the 100 Mbit/s links. */
    static final int MBPS = 20;
    private static RealGrid grid;
    private static GrcClient client;
    /** This test's co-allocations and the commands that delete its unbound jobs: released after it, pass or fail. */
    private final List<String> created = new ArrayList<>();
    private final List<String[]> deletions = new ArrayList<>();

    @BeforeAll
    static void grid() throws Exception {
        grid = RealGrid.shared();
        client = grid.client();
    }

    /** Every test counts what is on the switches: another test's reservation there would be counted as its own. */
    @BeforeEach
    void switchesHoldNoReservation() {
        assertThat(RealSystems.count(RealSystems.reservationFlows())).as("flows left: %s", RealSystems.reservationFlows()).isZero();
        assertThat(RealSystems.count(RealSystems.meters())).as("meters left: %s", RealSystems.meters()).isZero();
    }

    /** A test that failed half-way leaves its window active and its jobs queued: they must not reach the next test. */
    @AfterEach
    void releaseWhatTheTestLeft() throws Exception {
        // GrcClient.isFinal counts Reserved and Active as settled: here only an ended co-allocation holds nothing
        List<CoAllocationState> ended = List.of(CoAllocationState.COMPLETED, CoAllocationState.CANCELLED, CoAllocationState.FAILED);
        for (String key : created) {
            if (!ended.contains(client.document(key).getState())) {
                log.info("releasing co-allocation {} left by the test", key);
                client.cancel(key, UUID.randomUUID().toString());
                await("released " + key).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1))
                        .until(() -> ended.contains(client.document(key).getState()));
            }
        }
        deletions.forEach(Shell::run);
    }

    private String create(CoAllocationRequest request) {
        String key = client.create(UUID.randomUUID().toString(), request);
        created.add(key);
        return key;
    }

    /** sge, torque and slurm sites with {@code cores} each (as named), links ge-sl and ge-tq, over a fixed window. */
    static CoAllocationRequest request(int geCores, int tqCores, int slCores, int mbps, Instant start, Duration length) {
        CoAllocationRequest r = new CoAllocationRequest();
        r.getSite().add(Requests.site("ge", geCores, "sge"));
        r.getSite().add(Requests.site("tq", tqCores, "torque"));
        r.getSite().add(Requests.site("sl", slCores, "slurm"));
        r.getLink().add(Requests.link("ge", "sl", mbps));
        r.getLink().add(Requests.link("ge", "tq", mbps));
        r.setTime(GrcClient.fixed(start, length));
        r.getAdditionalUser().add(RealGrid.USER);
        return r;
    }

    static Map<String, PlannedSite> bySite(CoAllocationDocument doc) {
        Map<String, PlannedSite> out = new LinkedHashMap<>();
        doc.getPlan().getSite().forEach(s -> out.put(s.getSite(), s));
        return out;
    }

    @Test
    @Order(1)
    void coAllocatedJobsStartTogetherOnTheReservedNodesAndGetTheirBandwidth() throws Exception {
        // whole seconds: Grid Engine's qrsub takes its start to the second
        Instant start = Instant.now().plusSeconds(40).truncatedTo(ChronoUnit.SECONDS);
        // long enough for the reserved flow: Grid Engine 8.1.9 ends a job in an AR a minute before the AR ends
        Duration length = Duration.ofSeconds(120);
        String key = create(request(2, 4, 2, MBPS, start, length));
        CoAllocationDocument doc = client.awaitOutcome(key, Duration.ofSeconds(30));
        assertThat(doc.getState()).as("co-allocation %s: %s", key, doc.getReason()).isEqualTo(CoAllocationState.RESERVED);
        Map<String, PlannedSite> sites = bySite(doc);
        String geNode = sites.get("sge").getNode().get(0);
        String slNode = sites.get("slurm").getNode().get(0);
        String tqNode = sites.get("torque").getNode().get(0);
        log.info("co-allocation {} reserved: {}", key, describe(sites));

        Jobs jobs = new Jobs(grid.jobDirectory("coallocated"));
        // jobs not bound to the reservation that need its nodes (whole clusters, 5 min limits): they must wait for its end
        deletions.add(new String[] {Shell.SGE + "qdel", "-f", jobs.gridEngineUnbound(8, 300, "ub-ge", "sleep", "5")});
        deletions.add(new String[] {Shell.TORQUE + "qdel", jobs.torque(null, "nodes=4:ppn=4,walltime=00:05:00", "ub-tq", "sleep", "5")});
        deletions.add(new String[] {"scancel", jobs.slurm(null, "-N 4 -t 5", "ub-sl", "sleep", "5")});
        // one job per site, with only the handles and nodes the GRC returned
        jobs.slurm(sites.get("slurm").getHandle(), "-N 1 -t 1", "sl", "server", "5201");
        jobs.gridEngine(sites.get("sge").getHandle(), "ge", "client", Jobs.dataAddress("slurm", slNode), "5201", "36");
        jobs.torque(sites.get("torque").getHandle(), "nodes=1:ppn=4,walltime=00:01:00", "tq", "sleep", "30");

        await("the three jobs started").atMost(Duration.between(Instant.now(), start).plusSeconds(60))
                .pollInterval(Duration.ofMillis(200)).until(() -> jobs.started("ge") != null && jobs.started("tq") != null
                        && jobs.started("sl") != null);
        Map<String, Jobs.Start> starts = new LinkedHashMap<>();
        starts.put("sge", jobs.started("ge"));
        starts.put("torque", jobs.started("tq"));
        starts.put("slurm", jobs.started("sl"));

        // an unreserved flow from another TORQUE node to the Slurm node: best effort, over the same torque-slurm link
        String competitorNode = List.of("tqnode1", "tqnode2", "tqnode3", "tqnode4").stream()
                .filter(n -> !n.equals(tqNode)).findFirst().orElseThrow();
        // the reserved flow alone for about ten seconds past its first two: iperf3's sender counts 128 KiB blocks, so a
        // one-second interval is off by up to a block (1 Mbit/s); three or four of them were too few to average that out
        Instant competition = Instant.now().plusSeconds(14);
        await().pollDelay(Duration.between(Instant.now(), competition)).atMost(Duration.ofSeconds(30)).until(() -> true);
        String slNamespace = Jobs.namespace("slurm", slNode);
        Shell.ok("ip", "netns", "exec", slNamespace, "iperf3", "-s", "-1", "-D", "-p", "5202");
        // iperf3 -D returns before its daemon listens: a client started at once may be refused
        await("the unreserved flow's server listening").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> RealSystems.listening(slNamespace, 5202));
        Shell.Result competitor = Shell.run("ip", "netns", "exec", Jobs.namespace("torque", competitorNode), "iperf3",
                "-c", Jobs.dataAddress("slurm", slNode), "-p", "5202", "-t", "10", "-i", "1", "-J");
        await("the reserved flow's report").atMost(Duration.ofSeconds(60)).until(() -> jobs.ended("ge"));
        Bandwidth reserved = Bandwidth.of(Files.readString(jobs.report("ge")));
        Bandwidth other = Bandwidth.of(competitor.out());

        double alone = reserved.meanMbps(reserved.from(), other.from());
        double shared = reserved.meanMbps(other.from().plusSeconds(1), other.to().minusSeconds(1));
        double competing = other.meanMbps(other.from().plusSeconds(1), other.to().minusSeconds(1));
        Instant latest = starts.values().stream().map(Jobs.Start::at).max(Instant::compareTo).orElseThrow();
        Instant earliest = starts.values().stream().map(Jobs.Start::at).min(Instant::compareTo).orElseThrow();
        StringBuilder report = new StringBuilder("\n=== real grid: co-allocation " + key + " ===\n")
                .append("window ").append(start).append(" .. ").append(start.plus(length)).append('\n');
        starts.forEach((site, s) -> report.append(String.format("%-7s job started on %-8s %+.3f s after the window's start%n",
                site, s.host(), Duration.between(start, s.at()).toNanos() / 1e9)));
        report.append(String.format("start skew (latest - earliest) %.3f s%n", Duration.between(earliest, latest).toNanos() / 1e9))
                .append(String.format("iperf3 sge->slurm, %d Mbps reserved: %.1f Mbps alone, %.1f Mbps beside an unreserved "
                        + "flow torque->slurm of %.1f Mbps (%.0f %% and %.0f %% of the reservation)%n", MBPS, alone, shared,
                        competing, 100 * alone / MBPS, 100 * shared / MBPS));
        System.out.println(report);

        // the window's end: the GRC completes it, and every real system lets it go
        await("window ended").atMost(Duration.between(Instant.now(), start.plus(length)).plusSeconds(60))
                .pollInterval(Duration.ofSeconds(1)).until(() -> client.document(key).getState() == CoAllocationState.COMPLETED);
        await("nothing left in the real systems").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> assertNothingLeft(client.document(key)));
        for (String ub : List.of("ub-ge", "ub-tq", "ub-sl")) {
            Jobs.Start s = jobs.started(ub);
            assertThat(s == null || !s.at().isBefore(start.plus(length)))
                    .as("unbound job %s started %s, inside the window on a reserved node", ub, s).isTrue();
        }
        starts.forEach((site, s) -> {
            assertThat(sites.get(site).getNode()).as("%s's job ran on a reserved node", site).contains(s.host());
            assertThat(s.at()).as("%s's job started inside the window", site).isAfterOrEqualTo(start)
                    .isBefore(start.plusSeconds(15));
        });
        assertThat(Duration.between(earliest, latest)).as("start skew").isLessThanOrEqualTo(Duration.ofSeconds(5));
        assertThat(alone).as("reserved flow alone, Mbps").isGreaterThanOrEqualTo(0.9 * MBPS);
        assertThat(shared).as("reserved flow beside an unreserved one, Mbps").isGreaterThanOrEqualTo(0.9 * MBPS);
        assertThat(competing).as("the unreserved flow really crossed the link, Mbps").isGreaterThan(5);
    }

    @Test
    @Order(2)
    void modifyAndCancelShowInEveryRealSystem() throws Exception {
        Instant start = Instant.now().plusSeconds(50).truncatedTo(ChronoUnit.SECONDS);
        Duration length = Duration.ofSeconds(60);
        String key = create(request(2, 4, 2, 20, start, length));
        CoAllocationDocument doc = client.awaitOutcome(key, Duration.ofSeconds(30));
        assertThat(doc.getState()).as("%s: %s", key, doc.getReason()).isEqualTo(CoAllocationState.RESERVED);
        assertBooked(doc, start, length, 1);

        // a later window, twice the cores at every site
        Instant later = start.plusSeconds(20);
        doc = client.modify(key, UUID.randomUUID().toString(), request(4, 8, 4, 20, later, length));
        CoAllocationDocument modified = client.awaitOutcome(key, Duration.ofSeconds(30));
        assertThat(modified.getState()).as("%s: %s", key, modified.getReason()).isEqualTo(CoAllocationState.RESERVED);
        assertBooked(modified, later, length, 2);

        // active: the paths' flows and meters are on the switches, and TORQUE runs a bound job on the two nodes
        await("active").atMost(Duration.between(Instant.now(), later).plusSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> client.document(key).getState() == CoAllocationState.ACTIVE);
        Map<String, PlannedSite> sites = bySite(modified);
        Jobs jobs = new Jobs(grid.jobDirectory("modified"));
        jobs.torque(sites.get("torque").getHandle(), "nodes=2:ppn=4,walltime=00:00:40", "tq", "sleep", "30");
        await("the flows of both paths").atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(RealSystems.count(RealSystems.reservationFlows())).isPositive();
            assertThat(RealSystems.count(RealSystems.meters())).isEqualTo(2 * 2); // each path's two directions, at its two ingresses
        });
        await("the bound TORQUE job running").atMost(Duration.ofSeconds(20)).until(() -> jobs.started("tq") != null);
        assertThat(sites.get("torque").getNode()).contains(jobs.started("tq").host());

        CoAllocationDocument cancelled = client.cancel(key, UUID.randomUUID().toString());
        await("cancelled").atMost(Duration.ofSeconds(30)).until(() -> client.document(key).getState() == CoAllocationState.CANCELLED);
        await("nothing left in the real systems").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> assertNothingLeft(client.document(key)));
        log.info("co-allocation {}: modified and cancelled ({})", key, cancelled.getState());
    }

    /** Grid Engine's AR and Slurm's reservation hold the plan's nodes over exactly the window. */
    static void assertBooked(CoAllocationDocument doc, Instant start, Duration length, int nodesPerSite) {
        Map<String, PlannedSite> sites = bySite(doc);
        Map<String, String> keys = new LinkedHashMap<>();
        doc.getRm().forEach(o -> keys.put(o.getRmId(), o.getReservationKey()));
        Map<String, RealSystems.Booking> ars = RealSystems.gridEngineReservations(
                RealHoldings.gridEngineName(keys.get("crm-sge")));
        assertThat(ars).as("qrstat").hasSize(1);
        RealSystems.Booking ar = ars.values().iterator().next();
        assertThat(ar.start()).isEqualTo(start);
        assertThat(ar.end()).isEqualTo(start.plus(length));
        assertThat(ar.slots().keySet()).containsExactlyInAnyOrderElementsOf(sites.get("sge").getNode()).hasSize(nodesPerSite);
        assertThat(ar.id()).as("the handle is the AR id").isEqualTo(sites.get("sge").getHandle());
        RealSystems.Booking res = RealSystems.slurmReservations(RealHoldings.slurmName(keys.get("crm-slurm"))).values()
                .stream().findFirst().orElseThrow(() -> new AssertionError("no Slurm reservation of " + keys));
        assertThat(res.start()).isEqualTo(start);
        assertThat(res.end()).isEqualTo(start.plus(length));
        assertThat(res.slots().keySet()).containsExactlyInAnyOrderElementsOf(sites.get("slurm").getNode()).hasSize(nodesPerSite);
        assertThat(sites.get("torque").getNode()).hasSize(nodesPerSite);
    }

    @Test
    @Order(3)
    void killNineOfAnAdapterDuringACommitLeavesAllOrNothingAndTheRealSystemsAgree() throws Exception {
        Instant start = Instant.now().plus(Duration.ofMinutes(10)).truncatedTo(ChronoUnit.SECONDS);
        JarRm victim = grid.rm("crm-slurm");
        String key = create(request(2, 4, 2, 20, start, Duration.ofMinutes(2)));
        // kill it as soon as the GRC reserves or commits: the two phases' calls to the RMs are under way
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10)).until(() -> {
            CoAllocationState s = client.document(key).getState();
            return s == CoAllocationState.RESERVING || s == CoAllocationState.COMMITTING || GrcClient.isFinal(s);
        });
        CoAllocationState atKill = client.document(key).getState();
        victim.kill9();
        log.info("kill -9 of {} with co-allocation {} {}", victim.id(), key, atKill);
        victim.start();
        CoAllocationDocument doc = client.awaitOutcome(key, Duration.ofMinutes(3));
        log.info("co-allocation {} after the restart of {}: {} ({})", key, victim.id(), doc.getState(), doc.getReason());
        assertThat(doc.getState()).isIn(CoAllocationState.RESERVED, CoAllocationState.FAILED);
        Map<String, String> keys = new LinkedHashMap<>();
        doc.getRm().forEach(o -> keys.put(o.getRmId(), o.getReservationKey()));
        if (doc.getState() == CoAllocationState.RESERVED) {
            assertBooked(doc, start, Duration.ofMinutes(2), 1);
            client.cancel(key, UUID.randomUUID().toString());
            await("cancelled").atMost(Duration.ofSeconds(30)).until(() -> client.document(key).getState() == CoAllocationState.CANCELLED);
        }
        await("nothing left in the real systems").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> {
                    assertThat(RealSystems.gridEngineReservations(RealGrid.SGE_PREFIX)).as("qrstat").isEmpty();
                    assertThat(RealSystems.slurmReservations(RealGrid.SLURM_PREFIX)).as("scontrol show reservation").isEmpty();
                });
    }

    /** Nothing of the co-allocation in any real system: reservations, bound jobs, flows and meters. */
    static void assertNothingLeft(CoAllocationDocument doc) {
        Map<String, String> keys = new LinkedHashMap<>();
        doc.getRm().forEach(o -> keys.put(o.getRmId(), o.getReservationKey()));
        String ar = RealHoldings.gridEngineName(keys.get("crm-sge"));
        String slurm = RealHoldings.slurmName(keys.get("crm-slurm"));
        String torque = RealGrid.TORQUE_PREFIX + keys.get("crm-torque");
        assertThat(RealSystems.gridEngineReservations(ar)).as("qrstat").isEmpty();
        assertThat(RealSystems.slurmReservations(slurm)).as("scontrol show reservation").isEmpty();
        assertThat(RealSystems.torqueJobs()).as("TORQUE qstat").noneMatch(j -> torque.equals(j.binding()));
        assertThat(RealSystems.slurmJobs()).as("squeue").noneMatch(j -> slurm.equals(j.binding()));
        assertThat(RealSystems.count(RealSystems.reservationFlows())).as("flows: %s", RealSystems.reservationFlows()).isZero();
        assertThat(RealSystems.count(RealSystems.meters())).as("meters: %s", RealSystems.meters()).isZero();
    }

    static String describe(Map<String, PlannedSite> sites) {
        List<String> out = new ArrayList<>();
        sites.forEach((name, s) -> out.add(name + " " + s.getNode() + " handle " + s.getHandle()));
        return String.join("; ", out);
    }
}
