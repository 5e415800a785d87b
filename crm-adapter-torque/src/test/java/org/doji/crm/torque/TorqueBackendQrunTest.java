package org.doji.crm.torque;

import org.doji.crm.batch.CommandFailedException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.doji.crm.batch.testing.RecordedCommands.recorded;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.crm.batch.CommandRunner;
import org.doji.crm.batch.testing.RecordedCommands;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;

/** The backend's scheduling passes and actions against outputs recorded from TORQUE 6.1.3 (fixtures/README.md). */
class TorqueBackendQrunTest {

    private static final Instant NOW = Instant.ofEpochSecond(1795613330L);
    private static final CommandRunner.Result OK = new CommandRunner.Result(0, "", "");
    private final SettableClock clock = new SettableClock(NOW);
    private final RecordedCommands runner = new RecordedCommands()
            .on("qstat -f -x", recorded("torque/qstat-f-x"))
            .on("pbsnodes -x", recorded("torque/pbsnodes-x"))
            .on("qrun", recorded("torque/qrun-ok"))
            .on("qrerun", recorded("torque/qrerun-ok"));
    private final TorqueBackend backend = new TorqueBackend(TorqueProperties.defaults(), runner, clock, "d1");

    private static ReservationContext reservation(String key, List<String> nodes, Instant start, Instant end,
                                                  LifecycleState state) {
        return Contexts.compute(key, "torque", nodes, 4 * nodes.size(), start, end, state);
    }

    @Test
    void inventoryAndLiveStateComeFromPbsnodes() {
        BackendInventory inv = backend.inventory();
        assertThat(inv.sites()).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("torque");
            assertThat(s.totalCores()).isEqualTo(16);
            assertThat(s.nodes()).extracting(BackendInventory.Node::name)
                    .containsExactly("tqnode1", "tqnode2", "tqnode3", "tqnode4");
        });
        LiveState live = backend.liveState();
        assertThat(live.reachable()).isTrue();
        assertThat(live.downNodes()).containsExactly("tqnode4");
    }

    @Test
    void passStartsWhatFitsWithOneHostEntryPerNodeAndSkipsHeldJobs() {
        TorqueSchedulerPass.Report r = backend.schedule();
        List<String> qruns = runner.callsStartingWith("qrun");
        assertThat(r.started()).containsExactly("6.vm");
        // never "tqnode3+tqnode3+tqnode3": TORQUE accepts a repeated host but the job never starts
        assertThat(qruns).containsExactly("qrun -H tqnode3:ppn=3 6.vm");
        assertThat(r.waitReasons().get("2.vm")).contains("unknown reservation doji-R42");
        assertThat(r.waitReasons().get("3.vm")).contains("unknown reservation doji-R43");
        assertThat(r.waitReasons().get("4.vm")).contains("unknown reservation doji-R44");
        assertThat(r.waitReasons()).doesNotContainKey("5.vm"); // held: qrun would ignore the hold
        assertThat(runner.calls()).noneMatch(c -> c.contains("5.vm"));
    }

    @Test
    void hostListsNameEachNodeOnceWithItsCores() {
        assertThat(TorqueClient.hostList(java.util.Map.of("b", 4, "a", 2))).isEqualTo("a:ppn=2+b:ppn=4");
    }

    @Test
    void boundJobWaitsForItsReservationThenRunsOnItsNodesOnly() {
        Allocation committed = backend.onCommit(reservation("R44", List.of("tqnode3"), NOW.plusSeconds(600),
                NOW.plusSeconds(3600), LifecycleState.Created));
        assertThat(committed.compute()).singleElement().satisfies(c -> assertThat(c.handle()).isEqualTo("doji-R44"));

        TorqueSchedulerPass.Report before = backend.schedule();
        assertThat(before.waitReasons().get("4.vm")).contains("waits for reservation doji-R44");
        // the 30-minute procs=3 job would run into the reservation on tqnode3: it goes around it
        assertThat(runner.callsStartingWith("qrun")).noneMatch(c -> c.contains("tqnode3"));

        runner.clearCalls();
        clock.advance(Duration.ofSeconds(600));
        backend.onStart(reservation("R44", List.of("tqnode3"), NOW.plusSeconds(600), NOW.plusSeconds(3600),
                LifecycleState.Active));
        assertThat(runner.callsStartingWith("qrun")).contains("qrun -H tqnode3:ppn=2 4.vm");
        assertThat(runner.callsStartingWith("qrerun")).isEmpty(); // nothing ordinary ran on tqnode3
    }

    @Test
    void ordinaryJobsOnReservedNodesAreRequeuedAtTheStartAndTheBoundJobTakesTheNodes() {
        runner.on("qrerun 1.vm", argv -> {
            runner.on("qstat -f -x", recorded("torque/qstat-f-x-requeued"));
            runner.on("pbsnodes -x", recorded("torque/pbsnodes-x-requeued"));
            return recorded("torque/qrerun-ok");
        });
        ReservationContext r42 = reservation("R42", List.of("tqnode2", "tqnode3"), NOW, NOW.plusSeconds(3600),
                LifecycleState.Active);
        backend.onCommit(r42);
        backend.onStart(r42);
        assertThat(runner.callsStartingWith("qrerun")).containsExactly("qrerun 1.vm");
        assertThat(runner.callsStartingWith("qrun")).contains("qrun -H tqnode2:ppn=4+tqnode3:ppn=4 2.vm");
        assertThat(runner.callsStartingWith("qrun")).noneMatch(c -> c.endsWith(" 1.vm") && c.contains("tqnode2"));
    }

    @Test
    void recordedFailuresAreReportedAndGoneJobsAreNotErrors() {
        runner.on("qrun", recorded("torque/qrun-unknown-node"));
        TorqueSchedulerPass.Report r = backend.schedule();
        assertThat(r.started()).isEmpty();
        assertThat(r.errors()).singleElement().asString().contains("Unknown node in hostlist");

        for (String gone : List.of("qrun-unknown", "qrun-finished")) {
            runner.on("qrun", recorded("torque/" + gone));
            TorqueSchedulerPass.Report again = backend.schedule();
            assertThat(again.errors()).as(gone).isEmpty();
            assertThat(again.started()).as(gone).isEmpty();
        }
        TorqueClient client = new TorqueClient(runner, TorqueProperties.defaults());
        for (String[] gone : new String[][] {{"qrerun", "qrerun-unknown"}, {"qdel", "qdel-unknown"}}) {
            runner.on(gone[0], recorded("torque/" + gone[1]));
            assertThat(gone[0].equals("qdel") ? client.delete("999.vm") : client.requeue("999.vm")).as(gone[1]).isFalse();
        }
        assertThat(TorqueClient.jobGone(recorded("torque/qhold-unknown"))).as("silent exit 153").isTrue();
        assertThat(TorqueClient.jobGone(recorded("torque/qrun-running"))).isFalse();

        runner.on("qstat", recorded("torque/qstat-no-server"));
        assertThatThrownBy(backend::schedule).isInstanceOf(CommandFailedException.class)
                .hasMessageContaining("Cannot connect to specified server host");
        runner.on("pbsnodes", recorded("torque/pbsnodes-no-server"));
        assertThat(backend.liveState().reachable()).isFalse();
    }

    @Test
    void cancelAbortAndReconcileMaintainTheBook() {
        ReservationContext ctx = reservation("R42", List.of("tqnode2", "tqnode3"), NOW.plusSeconds(600),
                NOW.plusSeconds(3600), LifecycleState.Created);
        backend.onCommit(ctx);
        assertThat(backend.handleOf("R42")).isEqualTo("doji-R42");
        // the kernel aborts a modify with the pending (new) spec: the committed reservation stays
        backend.onAbort(reservation("R42", List.of("tqnode1"), NOW.plusSeconds(900), NOW.plusSeconds(4000),
                LifecycleState.Created));
        assertThat(backend.handleOf("R42")).isEqualTo("doji-R42");
        backend.reconcile(List.of());
        assertThat(backend.handleOf("R42")).isNull();
        backend.reconcile(List.of(ctx));
        assertThat(backend.handleOf("R42")).isEqualTo("doji-R42");
        backend.onCancel(ctx);
        assertThat(backend.handleOf("R42")).isNull();
        assertThat(runner.callsStartingWith("qdel")).as("nothing ran in it").isEmpty();
    }

    @Test
    void modifyWhileActiveRequeuesOrdinaryJobsOnGainedNodesAndKeepsTheHandle() {
        ReservationContext small = reservation("R42", List.of("tqnode3"), NOW, NOW.plusSeconds(3600), LifecycleState.Active);
        backend.onCommit(small);
        backend.onStart(small);
        assertThat(runner.callsStartingWith("qrerun")).isEmpty();
        ReservationContext wider = reservation("R42", List.of("tqnode2", "tqnode3"), NOW, NOW.plusSeconds(3600),
                LifecycleState.Active);
        Allocation modified = backend.onModify(small, wider);
        assertThat(modified.compute().get(0).handle()).isEqualTo("doji-R42");
        assertThat(runner.callsStartingWith("qrerun")).containsExactly("qrerun 1.vm"); // 1.vm runs on tqnode2
    }
}
