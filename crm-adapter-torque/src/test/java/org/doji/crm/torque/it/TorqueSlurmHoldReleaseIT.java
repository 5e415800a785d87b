package org.doji.crm.torque.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The backend against a real Slurm through its TORQUE-compatible commands (hold/release fallback, since
 * the wrappers have no qrun): jobs submitted held; an ordinary job is released at once on nodes clear of
 * the reservation; the job bound to the reservation stays held until the reservation starts, then runs on
 * the reservation's nodes, and qstat shows it.
 */
class TorqueSlurmHoldReleaseIT {

    private CommandRunner runner;
    private TorqueProperties props;
    private TorqueOutputParser parser;
    private final List<String> submitted = new ArrayList<>();
    @TempDir
    Path dir;

    @BeforeEach
    void setUp() {
        runner = RealSlurm.require();
        props = TorqueProperties.slurmWrappers(RealSlurm.binDir().toString());
        parser = new TorqueOutputParser(props);
    }

    @AfterEach
    void cleanUp() {
        for (String id : submitted) {
            runner.run(List.of("qdel", id));
        }
    }

    private String qsubHeld(String name, String account, String resources, int sleepSeconds) throws IOException {
        Path script = dir.resolve(name + ".sh");
        Files.writeString(script, "#!/bin/sh\nhostname\nsleep " + sleepSeconds + "\n");
        List<String> argv = new ArrayList<>(List.of("qsub", "-h", "-N", name, "-o", dir.resolve(name + ".out").toString(),
                "-e", dir.resolve(name + ".err").toString(), "-l", resources));
        if (account != null) {
            argv.addAll(List.of("-A", account));
        }
        argv.add(script.toString());
        CommandRunner.Result r = runner.run(argv);
        assertThat(r.exitCode()).as(r.message()).isZero();
        String id = r.stdout().strip();
        submitted.add(id);
        return id;
    }

    private Optional<TorqueJob> qstat(String id) {
        CommandRunner.Result r = runner.run(List.of("qstat", "-f", id));
        return r.ok() ? parser.jobs(r.stdout()).stream().filter(j -> j.id().equals(id)).findFirst() : Optional.empty();
    }

    @Test
    void heldJobsAreReleasedOnTheirNodesAndBoundJobsOnlyInTheirReservation() throws IOException {
        Clock clock = Clock.systemUTC();
        TorqueBackend backend = new TorqueBackend(props, runner, clock, "it");
        BackendInventory inv = backend.inventory();
        List<String> nodes = inv.sites().get(0).nodes().stream().map(BackendInventory.Node::name).toList();
        assertThat(nodes).hasSizeGreaterThanOrEqualTo(4);
        List<String> reserved = nodes.subList(nodes.size() - 2, nodes.size());

        Instant start = clock.instant().plusSeconds(8);
        ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plusSeconds(120)),
                List.of(new ComputeDemand(props.site(), 4, List.of())), List.of(), List.of(), List.of("root"), "g-it");
        Allocation alloc = new Allocation(List.of(new ComputeAllocation(props.site(), 4, reserved, null)),
                List.of(), List.of(), 0);
        String key = "it" + Long.toString(start.getEpochSecond(), 36);
        ReservationContext created = new ReservationContext(key, "grc", List.of("root"), spec, alloc, LifecycleState.Created);
        Allocation committed = backend.onCommit(created);
        String handle = committed.compute().get(0).handle();
        assertThat(handle).isEqualTo("doji-" + key);

        String ordinary = qsubHeld("ordinary", null, "nodes=1:ppn=1,walltime=00:01:00", 3);
        String bound = qsubHeld("bound", handle, "nodes=2:ppn=1,walltime=00:00:30", 3);

        TorqueSchedulerPass.Report first = backend.schedule();
        assertThat(first.started()).contains(ordinary).doesNotContain(bound);
        assertThat(first.waitReasons().get(bound)).contains("waits for reservation " + handle);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            TorqueJob j = qstat(ordinary).orElseThrow();
            assertThat(j.state()).isIn('R', 'E', 'C');
        });
        TorqueJob ran = qstat(ordinary).orElseThrow();
        assertThat(Set.copyOf(reserved)).doesNotContainAnyElementsOf(execNodes(ordinary));
        assertThat(qstat(bound).orElseThrow().state()).isEqualTo('Q'); // still held: the wrappers show Q
        assertThat(ran.user()).isEqualTo("root");

        backend.schedule(); // a second pass before the start changes nothing for the bound job
        assertThat(qstat(bound).orElseThrow().coresByNode()).isEmpty();

        await().atMost(Duration.ofSeconds(30)).until(() -> !clock.instant().isBefore(start));
        backend.onStart(new ReservationContext(key, "grc", List.of("root"), spec, committed, LifecycleState.Active));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(qstat(bound).orElseThrow().state()).isIn('R', 'E', 'C'));
        assertThat(execNodes(bound)).containsExactlyInAnyOrderElementsOf(reserved);
        await().atMost(Duration.ofSeconds(40)).untilAsserted(() ->
                assertThat(qstat(bound).orElseThrow().state()).isEqualTo('C'));
        backend.onEnd(new ReservationContext(key, "grc", List.of("root"), spec, committed, LifecycleState.PassedEndTime));
        assertThat(backend.handleOf(key)).isNull();
    }

    /** Where a job ran: exec_host, read while it runs or from the finished record (C keeps exec_host). */
    private Set<String> execNodes(String id) {
        CommandRunner.Result r = runner.run(List.of("qstat", "-f", id));
        for (String line : r.stdout().split("\n")) {
            String t = line.strip();
            if (t.startsWith("exec_host = ")) {
                Map<String, Integer> m = new java.util.LinkedHashMap<>();
                for (String part : t.substring("exec_host = ".length()).split("\\+")) {
                    m.put(part.substring(0, part.indexOf('/')), 1);
                }
                return m.keySet();
            }
        }
        return Set.of();
    }
}
