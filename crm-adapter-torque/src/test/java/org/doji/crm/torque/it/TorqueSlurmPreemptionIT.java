package org.doji.crm.torque.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.doji.crm.torque.CommandRunner;
import org.doji.crm.torque.TorqueBackend;
import org.doji.crm.torque.TorqueJob;
import org.doji.crm.torque.TorqueOutputParser;
import org.doji.crm.torque.TorqueProperties;
import org.doji.crm.torque.TorqueSchedulerPass;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN §5 on the real Slurm: an ordinary job still running on a reservation's nodes when it starts is
 * requeued (held again), and is not started again while the reservation holds every node.
 */
class TorqueSlurmPreemptionIT {

    @TempDir
    Path dir;
    private CommandRunner runner;
    private String job;

    @AfterEach
    void cleanUp() {
        if (runner != null && job != null) {
            runner.run(List.of("qdel", job));
        }
    }

    @Test
    void ordinaryJobOnReservedNodesIsRequeuedAtTheStart() throws IOException {
        runner = RealSlurm.require();
        TorqueProperties props = TorqueProperties.slurmWrappers(RealSlurm.binDir().toString());
        TorqueOutputParser parser = new TorqueOutputParser(props);
        Clock clock = Clock.systemUTC();
        TorqueBackend backend = new TorqueBackend(props, runner, clock, "it");
        List<String> all = backend.inventory().sites().get(0).nodes().stream().map(BackendInventory.Node::name).toList();

        Path script = dir.resolve("long.sh");
        Files.writeString(script, "#!/bin/sh\nsleep 300\n");
        CommandRunner.Result sub = runner.run(List.of("qsub", "-h", "-N", "preempt-it", "-o", "/dev/null", "-e",
                "/dev/null", "-l", "nodes=1:ppn=1,walltime=00:10:00", script.toString()));
        assertThat(sub.exitCode()).as(sub.message()).isZero();
        job = sub.stdout().strip();
        assertThat(backend.schedule().started()).contains(job);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(qstat(parser, job).orElseThrow().state()).isEqualTo('R'));

        Instant now = clock.instant();
        ReservationSpec spec = new ReservationSpec(new TimeWindow(now, now.plusSeconds(120)),
                List.of(new ComputeDemand(props.site(), 2 * all.size(), List.of())), List.of(), List.of(),
                List.of("root"), "g-preempt");
        Allocation alloc = new Allocation(List.of(new ComputeAllocation(props.site(), 2 * all.size(), all, null)),
                List.of(), List.of(), 0);
        String key = "pre" + Long.toString(now.getEpochSecond(), 36);
        ReservationContext ctx = new ReservationContext(key, "grc", List.of("root"), spec, alloc, LifecycleState.Active);
        backend.onCommit(ctx);
        backend.onStart(ctx);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(qstat(parser, job).orElseThrow().state()).isEqualTo('Q'));
        TorqueSchedulerPass.Report r = backend.schedule();
        assertThat(r.started()).doesNotContain(job);
        assertThat(r.waitReasons().get(job)).contains("waits for cores until " + now.plusSeconds(120).getEpochSecond());
        assertThat(qstat(parser, job).orElseThrow().coresByNode()).isEmpty();
    }

    private Optional<TorqueJob> qstat(TorqueOutputParser parser, String id) {
        CommandRunner.Result r = runner.run(List.of("qstat", "-f", id));
        return r.ok() ? parser.jobs(r.stdout()).stream().filter(j -> j.id().equals(id)).findFirst() : Optional.empty();
    }
}
