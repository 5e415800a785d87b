package org.doji.crm.slurm.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.doji.crm.slurm.SlurmRmApplication;
import org.doji.crm.slurm.SlurmReservation;
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
 * The Slurm RM over its SOAP port on the real Slurm: a committed reservation is a Slurm reservation with the
 * kernel's nodes, window and users; a job submitted into it ({@code --reservation}) runs on its nodes only
 * inside its window while other jobs go around it, and a job already running on its nodes is requeued at
 * its start; modify and cancel change and delete it; after a restart the RM puts back what Slurm lost and
 * deletes what it does not know.
 */
class SlurmRmSoapIT {

    static final String PREFIX = "dojiit-";
    @TempDir
    static Path data;
    static RealSlurm slurm;
    static RestartableRm service;

    @BeforeAll
    static void start() {
        slurm = RealSlurm.require();
        service = new RestartableRm(SlurmRmApplication.class, data.resolve("slurm-it"),
                RealSlurm.rmProperties("slurm-it", PREFIX), RestartableRm.withClock(Clock.systemUTC())).start();
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @AfterEach
    void cancelJobs() {
        slurm.cancelSubmitted();
    }

    private static ResourceManager rm() {
        return service.client();
    }

    private static ReservationSpec spec(int cores, Instant start, Instant end) {
        return new ReservationSpec(new TimeWindow(start, end), List.of(new ComputeDemand("slurm", cores, List.of())),
                List.of(), List.of(), List.of("root"), "slurm-it");
    }

    private static ReservationView reserve(int cores, Instant start, Instant end) {
        String id = "r" + start.toEpochMilli() + "-" + cores;
        ReservationView held = rm().reserve(Caller.ANONYMOUS, id, spec(cores, start, end), null);
        return rm().commit(Caller.ANONYMOUS, held.key(), id + "-c");
    }

    private static SlurmReservation inSlurm(String name) {
        return slurm.reservations(PREFIX).stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    private static Instant slurmTime(String v) {
        return LocalDateTime.parse(v).atZone(ZoneId.systemDefault()).toInstant();
    }

    private List<String> nodesSeenBy(String name) throws IOException {
        Path f = slurm.work.resolve(name + ".nodes");
        return Files.exists(f) ? org.doji.crm.slurm.SlurmOutputParser.expand(Files.readString(f).strip()) : List.of();
    }

    @Test
    void aJobInAReservationRunsOnItsNodesOnlyInsideItsWindowAndOthersGoAroundIt() throws IOException {
        // a job already running when the reservation is made (IGNORE_JOBS): requeued at the start if on its nodes
        String early = slurm.submit("early", 600, "-N1", "-n2", "-t", "15");
        await().atMost(Duration.ofSeconds(20)).until(() -> slurm.state(early).equals("RUNNING"));
        String earlyNode = slurm.job(early).get("NodeList");

        Instant start = Instant.now().plusSeconds(35).truncatedTo(ChronoUnit.SECONDS);
        Instant end = start.plusSeconds(100);
        ReservationView r = reserve(4, start, end);
        ComputeAllocation alloc = r.allocation().compute().get(0);
        assertThat(alloc.handle()).isEqualTo(PREFIX + r.key());
        // the kernel knows nothing of running jobs and takes the lowest nodes: the early job's among them
        assertThat(alloc.nodes()).contains(earlyNode);
        assertThat(inSlurm(alloc.handle())).isEqualTo(new SlurmReservation(alloc.handle(), alloc.nodes(), start, end,
                List.of("root")));

        String inside = slurm.submit("inside", 20, "--reservation=" + alloc.handle(), "-N2", "-n4", "-t", "1");
        String outside = slurm.submit("outside", 600, "-N1", "-n2", "-t", "15");
        await().atMost(Duration.ofSeconds(20)).until(() -> slurm.state(outside).equals("RUNNING"));
        assertThat(alloc.nodes()).as("a 15-minute job is kept off the reserved nodes")
                .doesNotContain(slurm.job(outside).get("NodeList"));
        assertThat(Instant.now()).isBefore(start);
        assertThat(slurm.state(inside)).isEqualTo("PENDING");
        assertThat(slurm.job(inside).get("Reason")).isEqualTo("Reservation");

        await().atMost(Duration.ofSeconds(60)).until(() -> slurm.state(inside).equals("RUNNING"));
        assertThat(slurmTime(slurm.job(inside).get("StartTime"))).isAfterOrEqualTo(start);
        await().atMost(Duration.ofSeconds(10)).until(() -> !nodesSeenBy("inside").isEmpty());
        assertThat(nodesSeenBy("inside")).containsExactlyInAnyOrderElementsOf(alloc.nodes());
        await().atMost(Duration.ofSeconds(20)).until(() -> !slurm.state(early).equals("RUNNING")
                || !alloc.nodes().contains(slurm.job(early).get("NodeList")));
        assertThat(Integer.parseInt(slurm.job(early).get("Restarts"))).as("requeued at the start").isPositive();
        await().atMost(Duration.ofSeconds(60)).until(() -> slurm.state(inside).equals("COMPLETED"));
        assertThat(slurmTime(slurm.job(inside).get("EndTime"))).isBeforeOrEqualTo(end);
    }

    @Test
    void modifyUpdatesTheSlurmReservationAndCancelDeletesIt() {
        Instant start = Instant.now().plus(2, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
        ReservationView r = reserve(2, start, start.plusSeconds(600));
        String name = r.allocation().compute().get(0).handle();
        rm().modify(Caller.ANONYMOUS, r.key(), "m-" + r.key(), spec(4, start.plusSeconds(60), start.plusSeconds(900)));
        assertThat(inSlurm(name).end()).as("nothing changes before the commit").isEqualTo(start.plusSeconds(600));
        ReservationView modified = rm().commit(Caller.ANONYMOUS, r.key(), "mc-" + r.key());
        assertThat(modified.allocation().compute().get(0).handle()).isEqualTo(name);
        assertThat(inSlurm(name)).isEqualTo(new SlurmReservation(name, modified.allocation().compute().get(0).nodes(),
                start.plusSeconds(60), start.plusSeconds(900), List.of("root")));

        rm().cancel(Caller.ANONYMOUS, r.key(), "x-" + r.key());
        assertThat(inSlurm(name)).as("cancel is two-phase").isNotNull();
        assertThat(rm().commit(Caller.ANONYMOUS, r.key(), "xc-" + r.key()).lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(inSlurm(name)).isNull();
    }

    @Test
    void afterARestartWhatSlurmLostIsPutBackAndWhatTheRmDoesNotKnowIsDeleted() {
        Instant start = Instant.now().plus(3, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
        ReservationView r = reserve(2, start, start.plusSeconds(600));
        String name = r.allocation().compute().get(0).handle();
        SlurmReservation before = inSlurm(name);
        String orphan = PREFIX + "orphan";
        service.restart(() -> {
            slurm.runner.run(List.of("scontrol", "delete", "ReservationName=" + name));
            slurm.runner.run(List.of("scontrol", "create", "reservation", "ReservationName=" + orphan,
                    "StartTime=now+5days", "Duration=60", "Nodes=n4", "Users=root"));
            assertThat(inSlurm(orphan)).isNotNull();
        });
        assertThat(inSlurm(name)).isEqualTo(before);
        assertThat(inSlurm(orphan)).isNull();
        rm().destroy(Caller.ANONYMOUS, r.key());
        assertThat(inSlurm(name)).isNull();
    }
}
