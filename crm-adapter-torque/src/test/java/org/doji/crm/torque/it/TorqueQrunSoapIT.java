package org.doji.crm.torque.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import org.doji.crm.torque.TorqueJob;
import org.doji.crm.torque.TorqueRmApplication;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.testing.RestartableRm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TORQUE RM in QRUN mode, driven over its SOAP port, on the real TORQUE 6.1.3 (scheduler off: only
 * Doji's {@code qrun -H} starts jobs). Proves on the moms themselves (each job writes the node file it got)
 * that multi-node host lists start jobs, that a reservation's jobs run on its nodes only inside its window,
 * that ordinary jobs on its nodes are requeued at its start and backfilled elsewhere, that held jobs stay
 * held, and that modify and cancel while active act on the running jobs.
 */
class TorqueQrunSoapIT {

    @TempDir
    static Path data;
    static RealTorque torque;
    static RestartableRm service;
    static ResourceManager rm;

    @BeforeAll
    static void start() {
        torque = RealTorque.require();
        service = new RestartableRm(TorqueRmApplication.class, data.resolve("torque-qrun-it"),
                torque.rmProperties("torque-qrun-it"), RestartableRm.withClock(Clock.systemUTC())).start();
        rm = service.client();
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @AfterEach
    void deleteJobs() {
        torque.deleteSubmitted();
    }

    private static ReservationView reserve(int cores, Instant start, Instant end) {
        ReservationSpec spec = new ReservationSpec(new TimeWindow(start, end),
                List.of(new ComputeDemand("torque", cores, List.of())), List.of(), List.of(), List.of(RealTorque.USER),
                "qrun-it");
        ReservationView held = rm.reserve(Caller.ANONYMOUS, "c-" + start.toEpochMilli() + cores, spec, null);
        return rm.commit(Caller.ANONYMOUS, held.key(), "k-" + start.toEpochMilli() + cores);
    }

    private static TorqueJob job(String id) {
        return torque.job(id).orElseThrow();
    }

    private static Set<String> nodesOf(String id) {
        return job(id).coresByNode().keySet();
    }

    @Test
    void aReservationsJobRunsOnItsNodesOnlyInsideItsWindowAndOtherJobsGoAroundIt() {
        // an ordinary job starts at once, on the lowest free node (the RM's calendar knows nothing of it)
        String ordinary = torque.submit("ordinary", 600, "-l", "nodes=1:ppn=4,walltime=00:10:00");
        await().atMost(Duration.ofSeconds(20)).until(() -> job(ordinary).state() == 'R');
        Set<String> ordinaryFirst = nodesOf(ordinary);

        Instant start = Instant.now().plusSeconds(20).truncatedTo(ChronoUnit.SECONDS);
        Instant end = start.plusSeconds(40);
        ReservationView r = reserve(8, start, end);
        ComputeAllocation alloc = r.allocation().compute().get(0);
        List<String> reserved = alloc.nodes();
        assertThat(reserved).hasSize(2);
        // the kernel knows nothing of running jobs and takes the lowest nodes: the ordinary job's among them
        assertThat(reserved).containsAll(ordinaryFirst);
        // it would sleep past the window: TORQUE ends it at its walltime, which the pass checked fits the window
        String bound = torque.submit("bound", 300, "-A", alloc.handle(), "-l", "nodes=2:ppn=4,walltime=00:00:25");
        String held = torque.submit("held", 5, "-h", "-l", "nodes=1:ppn=1,walltime=00:01:00");

        await().atMost(Duration.ofSeconds(3)).pollDelay(Duration.ofSeconds(2)).until(() -> true); // two passes
        assertThat(Instant.now()).isBefore(start);
        assertThat(job(bound).state()).as("bound job before its window").isEqualTo('Q');
        await().atMost(Duration.ofSeconds(40)).until(() -> job(bound).state() == 'R');
        assertThat(job(bound).startTime()).isGreaterThanOrEqualTo(start.getEpochSecond());
        assertThat(nodesOf(bound)).containsExactlyInAnyOrderElementsOf(reserved);
        await().atMost(Duration.ofSeconds(15)).until(() -> torque.nodeFile("bound").size() == 8);
        assertThat(torque.nodeFile("bound")).containsOnlyElementsOf(reserved);

        // the ordinary job was requeued if it held a reserved node, and runs again elsewhere
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            assertThat(job(ordinary).state()).isEqualTo('R');
            assertThat(nodesOf(ordinary)).doesNotContainAnyElementsOf(reserved);
        });
        assertThat(nodesOf(ordinary)).isNotEqualTo(ordinaryFirst);
        assertThat(job(held).state()).isEqualTo('H');

        await().atMost(Duration.ofSeconds(40)).until(() -> job(bound).state() == 'C');
        assertThat(Instant.now()).isBefore(end.plusSeconds(2));
        await().atMost(Duration.ofSeconds(30)).until(() ->
                rm.get(Caller.ANONYMOUS, r.key()).lifecycleState() == LifecycleState.PassedEndTime);
        assertThat(job(held).state()).isEqualTo('H');
        assertThat(torque.nodeFile("held")).isEmpty();
    }

    @Test
    void modifyWhileActiveGivesItsJobsTheNewNodesAndCancelWhileActiveDeletesThem() {
        Instant start = Instant.now().plusSeconds(8).truncatedTo(ChronoUnit.SECONDS);
        Instant end = start.plusSeconds(300);
        ReservationView r = reserve(4, start, end);
        String handle = r.allocation().compute().get(0).handle();
        String wide = torque.submit("wide", 300, "-l", "advres=" + handle + ",nodes=2:ppn=4,walltime=00:04:00");
        await().atMost(Duration.ofSeconds(30)).until(() ->
                rm.get(Caller.ANONYMOUS, r.key()).lifecycleState() == LifecycleState.Active);
        assertThat(job(wide).state()).as("two nodes do not fit a one-node reservation").isEqualTo('Q');

        ReservationSpec bigger = new ReservationSpec(new TimeWindow(start, end),
                List.of(new ComputeDemand("torque", 8, List.of())), List.of(), List.of(), List.of(RealTorque.USER), "qrun-it");
        rm.modify(Caller.ANONYMOUS, r.key(), "m-" + r.key(), bigger);
        ReservationView modified = rm.commit(Caller.ANONYMOUS, r.key(), "mc-" + r.key());
        assertThat(modified.allocation().compute().get(0).handle()).isEqualTo(handle);
        List<String> nodes = modified.allocation().compute().get(0).nodes();
        await().atMost(Duration.ofSeconds(20)).until(() -> job(wide).state() == 'R');
        assertThat(nodesOf(wide)).containsExactlyInAnyOrderElementsOf(nodes);

        rm.cancel(Caller.ANONYMOUS, r.key(), "x-" + r.key());
        assertThat(rm.commit(Caller.ANONYMOUS, r.key(), "xc-" + r.key()).lifecycleState())
                .isEqualTo(LifecycleState.Terminated);
        await().atMost(Duration.ofSeconds(20)).until(() -> job(wide).state() == 'C');
    }
}
