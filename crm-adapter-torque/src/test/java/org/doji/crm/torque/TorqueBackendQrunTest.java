package org.doji.crm.torque;

import org.doji.rm.testing.MutableClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.Test;

/** QRUN mode against the hand-written TORQUE XML fixtures (see fixtures/README.md). */
class TorqueBackendQrunTest {

    private static final Instant NOW = Instant.ofEpochSecond(1795310600L);
    private final MutableClock clock = new MutableClock(NOW);
    private final ScriptedRunner runner = new ScriptedRunner()
            .on("qstat -f -x", ScriptedRunner.ok("torque/qstat-f-x.xml"))
            .on("pbsnodes -x", ScriptedRunner.ok("torque/pbsnodes-x.xml"))
            .on("qrun", new CommandRunner.Result(0, "", ""))
            .on("qrerun", new CommandRunner.Result(0, "", ""));
    private final TorqueBackend backend = new TorqueBackend(TorqueProperties.defaults(), runner, clock, "d1");

    @Test
    void inventoryAndLiveStateComeFromPbsnodes() {
        BackendInventory inv = backend.inventory();
        assertThat(inv.sites()).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("torque");
            assertThat(s.totalCores()).isEqualTo(20);
            assertThat(s.nodes()).extracting(BackendInventory.Node::name)
                    .containsExactly("node01", "node02", "node03", "node04", "node05");
        });
        LiveState live = backend.liveState();
        assertThat(live.reachable()).isTrue();
        assertThat(live.downNodes()).containsExactly("node05");
    }

    @Test
    void passStartsTheFittingJobWithQrunOnChosenNodesAndLeavesOthersWaiting() {
        TorqueSchedulerPass.Report r = backend.schedule();
        assertThat(r.started()).containsExactly("1202.head.cluster");
        assertThat(runner.callsStartingWith("qrun")).containsExactly("qrun -H node03+node03 1202.head.cluster");
        assertThat(r.waitReasons().get("1203.head.cluster")).contains("unknown reservation doji-R42");
        assertThat(r.waitReasons().get("1205.head.cluster")).contains("waits for cores until " + (1795310000L + 7200));
        assertThat(r.waitReasons()).doesNotContainKey("1204.head.cluster"); // user hold: not Doji's to run
        assertThat(runner.callsStartingWith("qhold")).isEmpty();
    }

    @Test
    void boundJobRunsOnlyInItsReservationAndOrdinaryJobsAreBackfilledAround() {
        ReservationContext ctx = Contexts.compute("R42", "torque", List.of("node03", "node04"), 8,
                NOW.plusSeconds(600), NOW.plusSeconds(3600), LifecycleState.Created);
        Allocation committed = backend.onCommit(ctx);
        assertThat(committed.compute()).singleElement().satisfies(c -> assertThat(c.handle()).isEqualTo("doji-R42"));

        TorqueSchedulerPass.Report before = backend.schedule();
        // 1202 needs 30 min: it would overlap the reservation on the only free nodes, so it waits.
        assertThat(before.started()).isEmpty();
        assertThat(before.waitReasons().get("1203.head.cluster")).contains("waits for reservation doji-R42");
        assertThat(before.waitReasons().get("1202.head.cluster")).contains("until " + NOW.plusSeconds(3600).getEpochSecond());

        clock.advance(Duration.ofSeconds(600));
        backend.onStart(new ReservationContext(ctx.key(), ctx.owner(), ctx.users(), ctx.spec(), committed,
                LifecycleState.Active));
        assertThat(runner.callsStartingWith("qrun")).containsExactly(
                "qrun -H node03+node03+node03+node03+node04+node04+node04+node04 1203.head.cluster");
        assertThat(runner.callsStartingWith("qrerun")).isEmpty(); // nothing ordinary ran on node03/04
    }

    @Test
    void ordinaryJobsOnReservedNodesAreRequeuedAtTheStart() {
        ReservationContext ctx = Contexts.compute("R7", "torque", List.of("node01", "node03"), 8,
                NOW, NOW.plusSeconds(3600), LifecycleState.Active);
        backend.onStart(ctx);
        assertThat(runner.callsStartingWith("qrerun")).containsExactly("qrerun 1201.head.cluster");
    }

    @Test
    void commandFailuresAreReportedAndGoneJobsAreNotErrors() {
        runner.on("qrun", new CommandRunner.Result(1, "", ScriptedRunner.fixture("torque/qrun-rejected.stderr")));
        TorqueSchedulerPass.Report r = backend.schedule();
        assertThat(r.started()).isEmpty();
        assertThat(r.errors()).singleElement().asString().contains("Execution server rejected request");

        runner.on("qrun", new CommandRunner.Result(153, "", ScriptedRunner.fixture("torque/qrun-unknown.stderr")));
        TorqueSchedulerPass.Report gone = backend.schedule();
        assertThat(gone.errors()).isEmpty();
        assertThat(gone.started()).isEmpty();

        runner.on("qstat", new CommandRunner.Result(2, "", ScriptedRunner.fixture("torque/qstat-no-server.stderr")));
        assertThatThrownBy(backend::schedule).isInstanceOf(TorqueCommandException.class)
                .hasMessageContaining("cannot connect to server");
        runner.on("pbsnodes", new CommandRunner.Result(2, "", ScriptedRunner.fixture("torque/pbsnodes-no-server.stderr")));
        assertThat(backend.liveState().reachable()).isFalse();
    }

    @Test
    void cancelAndAbortForgetTheReservation() {
        ReservationContext ctx = Contexts.compute("R42", "torque", List.of("node03", "node04"), 8,
                NOW.plusSeconds(600), NOW.plusSeconds(3600), LifecycleState.Created);
        backend.onCommit(ctx);
        assertThat(backend.handleOf("R42")).isEqualTo("doji-R42");
        backend.onAbort(ctx);
        assertThat(backend.handleOf("R42")).isNull();
        backend.reconcile(List.of(ctx));
        assertThat(backend.handleOf("R42")).isEqualTo("doji-R42");
        backend.onCancel(ctx);
        assertThat(backend.handleOf("R42")).isNull();
        assertThat(backend.schedule().started()).containsExactly("1202.head.cluster");
    }
}
