package org.doji.crm.torque.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.doji.crm.torque.CommandRunner;
import org.doji.crm.torque.TorqueJob;
import org.doji.crm.torque.TorqueOutputParser;
import org.doji.crm.torque.TorqueProperties;
import org.doji.rm.api.Caller;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The whole TORQUE RM (kernel + backend + SOAP endpoint) against the real Slurm through its TORQUE
 * wrappers: reserve and commit over SOAP, submit a held job with the reservation's handle as its account,
 * see it wait, and run on the reserved nodes once the kernel's activation driver starts the reservation.
 */
@TorqueRmOverSlurm
class TorqueRmSoapIT {

    static CommandRunner runner;
    static final List<String> submitted = new ArrayList<>();

    @LocalServerPort
    int port;

    @BeforeAll
    static void requireSlurm() {
        runner = RealSlurm.require(); // before the context starts: the inventory is read from pbsnodes
    }

    @AfterAll
    static void cleanUp() {
        if (runner != null) {
            submitted.forEach(id -> runner.run(List.of("qdel", id)));
        }
    }

    private final TorqueOutputParser parser = new TorqueOutputParser(TorqueProperties.slurmWrappers(""));

    private Optional<TorqueJob> qstat(String id) {
        CommandRunner.Result r = runner.run(List.of("qstat", "-f", id));
        return r.ok() ? parser.jobs(r.stdout()).stream().filter(j -> j.id().equals(id)).findFirst() : Optional.empty();
    }

    @Test
    void reservedJobWaitsThenRunsOnTheReservedNodes() throws IOException {
        RemoteResourceManager rm = new RemoteResourceManager("http://localhost:" + port + "/services/rm",
                Duration.ofSeconds(5), Duration.ofSeconds(60));
        assertThat(rm.describe(Caller.ANONYMOUS).sites()).singleElement()
                .satisfies(s -> assertThat(s.nodes()).isGreaterThanOrEqualTo(2));
        // Generous margins: on a loaded 2-core machine the SOAP round trips alone can take seconds.
        Instant start = Instant.now().plusSeconds(15).truncatedTo(ChronoUnit.SECONDS);
        TimeWindow w = new TimeWindow(start, start.plusSeconds(180));
        ReservationSpec spec = new ReservationSpec(w, List.of(new ComputeDemand("torque", 4, List.of())), List.of(),
                List.of(), List.of("root"), "torque-soap-it");
        ReservationView held = rm.reserve(Caller.ANONYMOUS, "torque-it-1", spec, null);
        ReservationView committed = rm.commit(Caller.ANONYMOUS, held.key(), "torque-it-2");
        String handle = committed.allocation().compute().get(0).handle();
        List<String> nodes = committed.allocation().compute().get(0).nodes();
        assertThat(handle).startsWith("doji-");

        Path dir = Files.createTempDirectory("torque-soap-it");
        Path script = dir.resolve("job.sh");
        Files.writeString(script, "#!/bin/sh\nsleep 5\n");
        CommandRunner.Result sub = runner.run(List.of("qsub", "-h", "-A", handle, "-N", "soap-it", "-o",
                dir.resolve("out").toString(), "-e", dir.resolve("err").toString(), "-l",
                "nodes=2:ppn=2,walltime=00:00:20", script.toString()));
        assertThat(sub.exitCode()).as(sub.message()).isZero();
        String job = sub.stdout().strip();
        submitted.add(job);

        assertThat(Instant.now()).isBefore(start);
        assertThat(qstat(job).orElseThrow().state()).isEqualTo('Q');
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                assertThat(qstat(job).orElseThrow().state()).isIn('R', 'E', 'C'));
        assertThat(Instant.now()).isAfterOrEqualTo(start);
        assertThat(qstat(job).orElseThrow().coresByNode().keySet()).containsExactlyInAnyOrderElementsOf(nodes);
        assertThat(rm.get(Caller.ANONYMOUS, held.key()).lifecycleState()).isEqualTo(LifecycleState.Active);
    }
}
