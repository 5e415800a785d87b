package org.doji.crm.torque;

import org.doji.rm.testing.MutableClock;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.Test;

/** HOLD_RELEASE mode against REAL outputs recorded from Slurm's TORQUE wrappers. */
class TorqueBackendHoldReleaseTest {

    private static final Instant NOW = LocalDateTime.of(2026, 11, 22, 2, 16, 20).toInstant(ZoneOffset.UTC);
    private final MutableClock clock = new MutableClock(NOW);
    private final ScriptedRunner runner = new ScriptedRunner()
            .on("qstat -f", ScriptedRunner.ok("slurm-torque/qstat-f.txt"))
            .on("pbsnodes -a", ScriptedRunner.ok("slurm-torque/pbsnodes-a.txt"))
            .on("qhold", ScriptedRunner.recorded("qhold-held"))
            .on("qrls", ScriptedRunner.recorded("qrls-ok"))
            .on("scontrol update", new CommandRunner.Result(0, "", ""));
    private final TorqueProperties props = new TorqueProperties("", TorqueProperties.defaults().commandTimeout(),
            "torque", 1, TorqueProperties.Mode.HOLD_RELEASE, TorqueProperties.OutputFormat.TEXT,
            TorqueProperties.ExecHostFormat.CPU_COUNTS, true, "doji-", TorqueProperties.defaults().defaultWalltime(),
            TorqueProperties.defaults().passInterval(), "UTC", null);
    private final TorqueBackend backend = new TorqueBackend(props, runner, clock, "d1");

    @Test
    void holdsWhatWaitsAndPinsThenReleasesWhatStarts() {
        TorqueSchedulerPass.Report r = backend.schedule();
        assertThat(r.started()).containsExactly("7");
        assertThat(r.held()).containsExactly("6");
        assertThat(runner.calls).containsSubsequence("qhold 6", "scontrol update JobId=7 ReqNodeList=n2", "qrls 7");
        assertThat(r.waitReasons().get("6")).contains("unknown reservation doji-res1");

        runner.calls.clear();
        TorqueSchedulerPass.Report again = backend.schedule();
        // The wrappers still show both as Q: Doji remembers what it held and released.
        assertThat(again.started()).isEmpty();
        assertThat(again.held()).isEmpty();
        assertThat(runner.callsStartingWith("qhold")).isEmpty();
        assertThat(runner.callsStartingWith("qrls")).isEmpty();
    }

    @Test
    void releasedJobsCountAsRunningUntilTheServerStartsThem() {
        // Two more 2-core jobs, queued before job 7 (recorded job blocks with new ids and sizes).
        String extra = """
                Job Id:\t20
                \tJob_Name = wide-a
                \tJob_Owner = root@localhost
                \tjob_state = Q
                \tqueue = batch
                \tqtime = Sun Nov 22 02:10:00 2026
                \tResource_List.walltime = 01:00:00
                \tResource_List.nodect = 1
                \tResource_List.ncpus = 2

                Job Id:\t21
                \tJob_Name = wide-b
                \tJob_Owner = root@localhost
                \tjob_state = Q
                \tqueue = batch
                \tqtime = Sun Nov 22 02:10:01 2026
                \tResource_List.walltime = 01:00:00
                \tResource_List.nodect = 1
                \tResource_List.ncpus = 2
                """;
        runner.on("qstat -f", new CommandRunner.Result(0, ScriptedRunner.fixture("slurm-torque/qstat-f.txt") + "\n" + extra, ""));
        TorqueSchedulerPass.Report first = backend.schedule();
        assertThat(first.started()).containsExactlyInAnyOrder("20", "21"); // n2 and n3; n1 busy, n4 offline
        assertThat(first.waitReasons().get("7")).contains("waits for cores");
        // The server still shows 20 and 21 queued: their nodes must not be handed to job 7.
        TorqueSchedulerPass.Report second = backend.schedule();
        assertThat(second.started()).isEmpty();
        assertThat(second.waitReasons().get("7")).contains("waits for cores");
    }

    @Test
    void boundJobIsReleasedOnItsReservationNodesAtTheStart() {
        backend.schedule();
        runner.calls.clear();
        ReservationContext ctx = Contexts.compute("res1", "torque", List.of("n2", "n3"), 4, NOW,
                NOW.plusSeconds(1800), LifecycleState.Active);
        backend.onCommit(ctx);
        backend.onStart(ctx);
        assertThat(runner.calls).containsSubsequence("scontrol update JobId=6 ReqNodeList=n2,n3", "qrls 6");
    }

    @Test
    void recordedErrorTextsForGoneJobsAreNotFailures() {
        runner.on("qrls", ScriptedRunner.recorded("qrls-unknown"));
        TorqueClient client = new TorqueClient(runner, props);
        assertThat(client.release("9999")).isFalse();
        runner.on("qrls", ScriptedRunner.recorded("qrls-finished"));
        assertThat(client.release("4")).isFalse();
        runner.on("qhold", ScriptedRunner.recorded("qhold-unknown"));
        assertThat(client.hold("9999")).isFalse();
        runner.on("qhold", ScriptedRunner.recorded("qhold-held"));
        assertThat(client.hold("8")).isTrue();
        runner.on("qstat -f", ScriptedRunner.recorded("qstat-x-unsupported"));
        org.assertj.core.api.Assertions.assertThatThrownBy(client::jobs)
                .isInstanceOf(TorqueCommandException.class).hasMessageContaining("Unknown option");
    }
}
