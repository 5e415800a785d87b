package org.doji.crm.sge.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.doji.crm.sge.RealGridEngine;
import org.doji.crm.sge.config.GridEngineProperties;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Native mode: Grid Engine's own advance reservations, round trip on the real cluster. */
class NativeModeIT {

    @TempDir
    Path tmp;

    @Test
    void commitCreatesAnAdvanceReservationAndCancelDeletesIt() {
        RealGridEngine ge = RealGridEngine.require();
        GridEngineBackend backend = GridEngineBackendFactory.create(RealGridEngine.PROPS
                .withMode(GridEngineProperties.Mode.NATIVE).withLedgerFile(tmp.resolve("ledger")), Clock.systemUTC());
        String key = "itar-" + UUID.randomUUID().toString().substring(0, 8);
        Instant start = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.MINUTES);
        TimeWindow w = new TimeWindow(start, start.plus(30, ChronoUnit.MINUTES));
        ReservationSpec spec = new ReservationSpec(w, List.of(new ComputeDemand("sge", 4, List.of())), List.of(),
                List.of(), List.of("dojibob"), "it");
        ReservationContext ctx = new ReservationContext(key, "dojialice", List.of(), spec, new Allocation(
                List.of(new ComputeAllocation("sge", 4, List.of("node1", "node2"), null)), List.of(), List.of(), 0),
                LifecycleState.Created);
        backend.inventory();

        String id = backend.onCommit(ctx).compute().get(0).handle();

        assertThat(id).matches("\\d+");
        var ar = ge.client.reservations().stream().filter(r -> Long.toString(r.id()).equals(id)).findFirst();
        assertThat(ar).get().satisfies(r -> {
            assertThat(r.name()).isEqualTo(backend.objectName(key));
            assertThat(r.start().atZone(RealGridEngine.PROPS.timeZone()).toInstant()).isEqualTo(start);
            assertThat(r.end().atZone(RealGridEngine.PROPS.timeZone()).toInstant()).isEqualTo(w.end());
        });
        var detail = ge.run("qrstat", "-xml", "-ar", id).stdout();
        assertThat(detail).contains("queue_instance=\"all.q@node1\"", "queue_instance=\"all.q@node2\"",
                "user=\"dojialice\"", "user=\"dojibob\"");
        // a retried commit finds the same reservation
        assertThat(backend.onCommit(ctx).compute().get(0).handle()).isEqualTo(id);

        ReservationContext committed = new ReservationContext(key, "dojialice", List.of(), spec, new Allocation(
                List.of(new ComputeAllocation("sge", 4, List.of("node1", "node2"), id)), List.of(), List.of(), 0),
                LifecycleState.Created);
        backend.onCancel(committed);

        assertThat(ge.client.reservations()).noneMatch(r -> Long.toString(r.id()).equals(id));
        backend.onCancel(committed); // idempotent
    }

    @Test
    void aJobSubmittedIntoTheAdvanceReservationWaitsForItsStartAndRunsOnItsNodes() {
        RealGridEngine ge = RealGridEngine.require();
        GridEngineBackend backend = GridEngineBackendFactory.create(RealGridEngine.PROPS
                .withMode(GridEngineProperties.Mode.NATIVE).withLedgerFile(tmp.resolve("ledger")), Clock.systemUTC());
        backend.inventory();
        String key = "itar-" + UUID.randomUUID().toString().substring(0, 8);
        Instant start = Instant.now().plusSeconds(20).truncatedTo(ChronoUnit.SECONDS);
        TimeWindow w = new TimeWindow(start, start.plusSeconds(40));
        ReservationSpec spec = new ReservationSpec(w, List.of(new ComputeDemand("sge", 4, List.of())), List.of(),
                List.of(), List.of(), "it");
        List<String> nodes = List.of("node3", "node4");
        ReservationContext ctx = new ReservationContext(key, "dojialice", List.of(), spec, new Allocation(
                List.of(new ComputeAllocation("sge", 4, nodes, null)), List.of(), List.of(), 0), LifecycleState.Created);
        String id = backend.onCommit(ctx).compute().get(0).handle();
        try {
            long job = RealGridEngine.jobId(ge.submitAs("dojialice", "-ar", id, "-pe", "mpi", "4", "-o", "/dev/null",
                    "-j", "y", "-b", "y", "sleep", "10"));
            assertThat(Instant.now()).isBefore(start);
            assertThat(ge.job(job).running()).isFalse();

            await().atMost(Duration.ofSeconds(45))
                    .until(() -> ge.job(job) != null && ge.job(job).running());
            assertThat(Instant.now()).isAfterOrEqualTo(start);
            assertThat(ge.job(job).queueInstances()).map(qi -> qi.substring(qi.indexOf('@') + 1))
                    .containsExactlyInAnyOrderElementsOf(nodes);
        } finally {
            backend.onEnd(new ReservationContext(key, "dojialice", List.of(), spec, new Allocation(
                    List.of(new ComputeAllocation("sge", 4, nodes, id)), List.of(), List.of(), 0), LifecycleState.Active));
        }
        // gone, or in state d while Grid Engine cleans up the killed job
        assertThat(ge.client.reservations()).noneMatch(r -> Long.toString(r.id()).equals(id) && !r.state().equals("d"));
        // leave the cluster as found: while the AR is still being deleted, the next IT's qconf changes to its hosts
        // are refused ("would break advance reservation")
        await().atMost(Duration.ofSeconds(60))
                .until(() -> ge.client.reservations().stream().noneMatch(r -> Long.toString(r.id()).equals(id)));
    }
}
