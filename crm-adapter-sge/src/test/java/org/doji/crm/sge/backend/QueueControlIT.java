package org.doji.crm.sge.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.doji.crm.sge.RealGridEngine;
import org.doji.crm.sge.cli.GridEngineModel;
import org.doji.crm.sge.cli.GridEngineModel.Job;
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

/** The backend in queue-control mode against the real Grid Engine of scripts/start.sh, with real jobs. */
class QueueControlIT {

    @TempDir
    Path tmp;

    RealGridEngine ge;
    GridEngineBackend backend;
    String key;

    @BeforeEach
    void setUp() {
        ge = RealGridEngine.require();
        backend = GridEngineBackendFactory.create(RealGridEngine.PROPS.withLedgerFile(tmp.resolve("ledger")),
                Clock.systemUTC());
        key = "it-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @AfterEach
    void cleanUp() {
        if (backend != null) {
            // whatever the test left: the reservation queue, its jobs, disabled instances
            backend.reconcile(List.of());
        }
        if (ge != null) {
            // the evicted job's resubmitted copy (qdel by name would only match root's jobs)
            List<Long> copies = ge.client.status().jobs().stream().filter(j -> j.name().equals("itforeign-" + key))
                    .map(Job::id).toList();
            if (!copies.isEmpty()) {
                ge.client.deleteJobs(copies);
            }
        }
    }

    private ReservationContext ctx(List<String> nodes, LifecycleState state, String handle) {
        TimeWindow w = new TimeWindow(Instant.now(), Instant.now().plusSeconds(600));
        ReservationSpec spec = new ReservationSpec(w, List.of(new ComputeDemand(RealGridEngine.PROPS.site(), 4, List.of())),
                List.of(), List.of(), List.of(), "it");
        return new ReservationContext(key, "dojialice", List.of(), spec,
                new Allocation(List.of(new ComputeAllocation(RealGridEngine.PROPS.site(), 4, nodes, handle)),
                        List.of(), List.of(), 0), state);
    }

    @Test
    void reservationQueueHoldsJobsUntilStartRunsThemOnlyOnItsNodesAndVanishesAtEnd() throws Exception {
        BackendInventory inv = backend.inventory();
        List<String> all = inv.sites().get(0).nodes().stream().map(BackendInventory.Node::name).toList();
        List<String> reserved = all.subList(all.size() - 2, all.size());
        String foreignHost = reserved.get(0);

        String queue = backend.onCommit(ctx(reserved, LifecycleState.Created, null)).compute().get(0).handle();
        assertThat(queue).isEqualTo("doji_" + key.replace('-', '_'));
        assertThat(ge.client.queue(queue)).get().satisfies(q -> {
            assertThat(q.list("hostlist")).containsExactlyElementsOf(reserved);
            assertThat(q.list("user_lists")).containsExactly(queue);
        });
        assertThat(ge.client.userSet(queue)).get().satisfies(acl -> assertThat(acl.list("entries")).contains("dojialice"));

        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxrwxrwx"));
        long mine = RealGridEngine.jobId(ge.submitAs("dojialice", "-q", queue, "-pe", "mpi", "4", "-o", out.toString(),
                "-j", "y", "-N", "itres", "-b", "y", "sh", "-c", "hostname; sleep 120"));
        long foreign = RealGridEngine.jobId(ge.submitAs("dojibob", "-q", "all.q@" + foreignHost, "-o", "/dev/null",
                "-j", "y", "-N", "itforeign-" + key, "-b", "y", "sleep", "300"));
        var refused = ge.submitAs("dojibob", "-w", "e", "-q", queue, "-o", "/dev/null", "-b", "y", "sleep", "1");
        assertThat(refused.ok()).isFalse();
        assertThat(refused.message()).contains("no suitable queues");

        await().atMost(Duration.ofSeconds(30)).until(() -> ge.job(foreign) != null && ge.job(foreign).running());
        // the queue is disabled until the start: the reserving user's job waits
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(6))
                .until(() -> ge.job(mine) != null && !ge.job(mine).running());

        backend.onStart(ctx(reserved, LifecycleState.Active, queue));

        await().atMost(Duration.ofSeconds(30)).until(() -> ge.job(mine) != null && ge.job(mine).running());
        Job running = ge.job(mine);
        assertThat(running.queueInstances()).hasSize(2).allSatisfy(qi -> assertThat(qi).startsWith(queue + "@"));
        assertThat(running.queueInstances()).map(qi -> qi.substring(qi.indexOf('@') + 1))
                .containsExactlyInAnyOrderElementsOf(reserved);
        Path output = out.resolve("itres.o" + mine);
        await().atMost(Duration.ofSeconds(20)).until(() -> Files.exists(output) && Files.size(output) > 0);
        assertThat(Files.readString(output).trim()).isIn(reserved); // the real hostname of the master task's host
        // the other queues are off the reserved nodes, and the foreign job was evicted (a copy waits elsewhere)
        var status = ge.client.status();
        reserved.forEach(h -> assertThat(status.instance("all.q@" + h)).get().matches(GridEngineModel.QueueInstance::disabled));
        assertThat(ge.job(foreign)).isNull();
        assertThat(status.jobs()).anyMatch(j -> j.name().equals("itforeign-" + key) && j.owner().equals("dojibob")
                && j.id() != foreign);

        backend.onEnd(ctx(reserved, LifecycleState.Active, queue));

        assertThat(ge.client.queueNames()).doesNotContain(queue);
        assertThat(ge.client.userSet(queue)).isEmpty();
        await().atMost(Duration.ofSeconds(20)).until(() -> ge.job(mine) == null);
        var after = ge.client.status();
        reserved.forEach(h -> assertThat(after.instance("all.q@" + h)).get().matches(qi -> !qi.disabled()));
    }

    @Test
    void cancelBeforeStartRemovesQueueAndWaitingJobs() {
        List<String> nodes = List.of("node1");
        String queue = backend.onCommit(ctx(nodes, LifecycleState.Created, null)).compute().get(0).handle();
        long waiting = RealGridEngine.jobId(ge.submitAs("dojialice", "-q", queue, "-o", "/dev/null", "-b", "y", "sleep", "5"));
        assertThat(ge.job(waiting)).isNotNull();

        backend.onCancel(ctx(nodes, LifecycleState.Created, queue));

        assertThat(ge.client.queueNames()).doesNotContain(queue);
        await().atMost(Duration.ofSeconds(10)).until(() -> ge.job(waiting) == null);
        backend.onCancel(ctx(nodes, LifecycleState.Created, queue)); // idempotent
    }

    @Test
    void reconcileRecreatesMissingQueuesAndDeletesOrphans() {
        String orphanKey = key;
        backend.onCommit(ctx(List.of("node1"), LifecycleState.Created, null));
        String orphan = backend.objectName(orphanKey);
        key = key + "b";
        ReservationContext expected = ctx(List.of("node2"), LifecycleState.Created, null);

        backend.reconcile(List.of(expected));

        List<String> queues = ge.client.queueNames();
        assertThat(queues).doesNotContain(orphan).contains(backend.objectName(key));
        assertThat(ge.client.queue(backend.objectName(key))).get()
                .satisfies(q -> assertThat(q.list("hostlist")).containsExactly("node2"));
    }

    @Test
    void modifyWhileActiveMovesTheGuardWithTheNodes() {
        List<String> before = List.of("node3", "node4");
        String queue = backend.onCommit(ctx(before, LifecycleState.Created, null)).compute().get(0).handle();
        backend.onStart(ctx(before, LifecycleState.Active, queue));
        assertThat(ge.client.status().instance("all.q@node4")).get().matches(GridEngineModel.QueueInstance::disabled);

        String handle = backend.onModify(ctx(before, LifecycleState.Active, queue),
                ctx(List.of("node3"), LifecycleState.Active, queue)).compute().get(0).handle();

        assertThat(handle).isEqualTo(queue);
        assertThat(ge.client.queue(queue)).get().satisfies(q -> assertThat(q.list("hostlist")).containsExactly("node3"));
        var status = ge.client.status();
        assertThat(status.instance("all.q@node3")).get().matches(GridEngineModel.QueueInstance::disabled);
        assertThat(status.instance("all.q@node4")).get().matches(qi -> !qi.disabled());
        assertThat(status.instance(queue + "@node3")).get().matches(qi -> !qi.disabled());
    }

    @Test
    void afterACrashANewAdapterRestoresTheOtherQueuesFromTheLedger() {
        List<String> nodes = List.of("node2");
        String queue = backend.onCommit(ctx(nodes, LifecycleState.Created, null)).compute().get(0).handle();
        backend.onStart(ctx(nodes, LifecycleState.Active, queue));
        assertThat(ge.client.status().instance("all.q@node2")).get().matches(GridEngineModel.QueueInstance::disabled);

        // the adapter "crashes"; a new one with the same ledger learns that the reservation is gone
        GridEngineBackend restarted = GridEngineBackendFactory.create(
                RealGridEngine.PROPS.withLedgerFile(tmp.resolve("ledger")), Clock.systemUTC());
        backend = restarted; // (cleanup must use the ledger the restarted adapter wrote)
        restarted.reconcile(List.of());

        assertThat(ge.client.queueNames()).doesNotContain(queue);
        assertThat(ge.client.status().instance("all.q@node2")).get().matches(qi -> !qi.disabled());
    }

    @Test
    void afterACrashAnActiveReservationIsGuardedAgain() {
        List<String> nodes = List.of("node1");
        ReservationContext active = ctx(nodes, LifecycleState.Active, null);
        GridEngineBackend restarted = GridEngineBackendFactory.create(
                RealGridEngine.PROPS.withLedgerFile(tmp.resolve("ledger")), Clock.systemUTC());
        restarted.inventory();
        backend = restarted;

        restarted.reconcile(List.of(active)); // its queue was never created (crash before commit's qconf)

        String queue = restarted.objectName(key);
        var status = ge.client.status();
        assertThat(status.instance(queue + "@node1")).get().matches(qi -> !qi.disabled());
        assertThat(status.instance("all.q@node1")).get().matches(GridEngineModel.QueueInstance::disabled);
    }
}
