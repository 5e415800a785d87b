package org.doji.crm.sge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Command sequences of queue-control mode against recorded real outputs (scenario of record-fixtures.sh). */
class QueueControlModeTest {

    @TempDir
    Path dir;

    FakeCommandRunner fake;
    DisabledInstanceLedger ledger;
    QueueControlMode mode;

    @BeforeEach
    void setUp() {
        fake = new FakeCommandRunner();
        GridEngineProperties props = GridEngineProperties.defaults().withLedgerFile(dir.resolve("ledger"));
        GridEngineClient client = new GridEngineClient(fake, props.binDir(), dir.resolve("doji-sge"), true, "root");
        ledger = new DisabledInstanceLedger(props.ledgerFile());
        mode = new QueueControlMode(client, new HostGuard(client, ledger, "doji_"), props, Duration.ZERO);
    }

    static ReservationTarget target(LifecycleState state, String... hosts) {
        Map<String, Integer> slots = new LinkedHashMap<>();
        for (String h : hosts) {
            slots.put(h, 2);
        }
        return new ReservationTarget("doji_fx", slots, List.of("dojialice", "dojibob"),
                new TimeWindow(Instant.parse("2026-11-22T03:00:00Z"), Instant.parse("2026-11-22T04:00:00Z")),
                state, null);
    }

    @Test
    void commitCreatesTheAclAndTheDisabledQueueInOneQconfCall() {
        fake.on("qconf -Au", "qconf-create.out");
        String handle = mode.commit(target(LifecycleState.Created, "node1", "node2"));

        assertThat(handle).isEqualTo("doji_fx");
        assertThat(fake.keys()).containsExactly("qconf -Au");
        FakeCommandRunner.Call call = fake.calls.get(0);
        assertThat(call.argv()).hasSize(5).contains("-Aq");
        var files = List.copyOf(call.files().values());
        var acl = GridEngineParsers.config(files.get(0));
        assertThat(acl.get("name")).isEqualTo("doji_fx");
        assertThat(acl.get("type")).isEqualTo("ACL");
        assertThat(acl.list("entries")).containsExactly("dojialice", "dojibob");
        var queue = GridEngineParsers.config(files.get(1));
        assertThat(queue.list("hostlist")).containsExactly("node1", "node2");
        assertThat(queue.list("user_lists")).containsExactly("doji_fx");
        assertThat(queue.get("initial_state")).isEqualTo("disabled");
        assertThat(queue.get("slots")).isEqualTo("2");
        assertThat(queue.get("pe_list")).isEqualTo("mpi");
    }

    @Test
    void retriedCommitOverwritesWhatAlreadyExists() {
        fake.on("qconf -Au", "qconf-create-exists.err").on("qconf -sql", "qconf-sql.out")
                .on("qconf -su", "qconf-su-doji.out").onText("qconf -Mu", 0, "modified");
        mode.commit(target(LifecycleState.Created, "node1", "node2"));

        assertThat(fake.keys()).containsExactly("qconf -Au", "qconf -sql", "qconf -su", "qconf -Mu");
        assertThat(fake.calls("qconf -Mu").get(0).argv()).contains("-Mq");
    }

    @Test
    void startEnablesTheQueueDisablesOthersAndEvictsTheirJobs() {
        fake.on("qstat -xml", "qstat-before-start.xml").on("qmod -e", "qmod-start.out")
                .on("qmod -sj", "qmod-sj.out").on("qresub", "qresub.out").on("qdel -f", "qdel-evict.out");
        mode.start(target(LifecycleState.Active, "node1", "node2"));

        assertThat(fake.keys()).containsExactly("qstat -xml", "qmod -e", "qmod -sj", "qresub", "qdel -f");
        assertThat(fake.calls("qmod -e").get(0).argv()).endsWith("-e", "doji_fx", "-d", "all.q@node1,all.q@node2");
        // the jobs the recording script found on node1/node2 (from qstat's text output) and suspended
        List<String> evicted = FakeCommandRunner.numbers("qmod-sj.out", "suspended job (\\d+)");
        assertThat(evicted).isNotEmpty();
        assertThat(args(fake.calls("qmod -sj").get(0), "-sj")).containsExactlyInAnyOrderElementsOf(evicted);
        assertThat(fake.calls("qresub").get(0).argv()).startsWith("runuser", "-u", "dojibob", "--");
        assertThat(args(fake.calls("qresub").get(0), "qresub")).containsExactlyInAnyOrderElementsOf(evicted);
        assertThat(args(fake.calls("qdel -f").get(0), "-f")).containsExactlyInAnyOrderElementsOf(evicted);
        assertThat(ledger.instances()).containsExactlyInAnyOrder("all.q@node1", "all.q@node2");
    }

    @Test
    void endDeletesTheQueueWithItsJobsRetriesWhileBusyAndGivesTheHostsBack() {
        ledger.add(List.of("all.q@node1", "all.q@node2"));
        fake.on("qstat -xml", "qstat-active.xml").on("qdel -f", "qdel-end.out")
                .on("qconf -dq", "qconf-dq-busy.err", "qconf-dq-ok.out").on("qmod -e", "qmod-release.out");
        mode.release(target(LifecycleState.Active, "node1", "node2"));

        assertThat(fake.keys()).containsExactly("qstat -xml", "qdel -f", "qconf -dq", "qconf -dq", "qmod -e");
        assertThat(args(fake.calls("qdel -f").get(0), "-f")).containsExactlyElementsOf(reservationJob());
        assertThat(fake.calls("qconf -dq").get(0).argv()).endsWith("-dq", "doji_fx", "-dul", "doji_fx");
        assertThat(fake.calls("qmod -e").get(0).argv()).endsWith("-e", "all.q@node1,all.q@node2");
        assertThat(ledger.instances()).isEmpty();
    }

    /** The reserving user's job, as the recording script deleted it at the end. */
    private static List<String> reservationJob() {
        return FakeCommandRunner.numbers("qdel-end.out", "deletion of job (\\d+)");
    }

    /** The arguments after {@code marker} (an option, or the end of the tool's path). */
    private static List<String> args(FakeCommandRunner.Call call, String marker) {
        List<String> argv = call.argv();
        for (int i = 0; i < argv.size(); i++) {
            if (argv.get(i).equals(marker) || argv.get(i).endsWith("/" + marker)) {
                return argv.subList(i + 1, argv.size());
            }
        }
        throw new AssertionError(marker + " not in " + argv);
    }

    @Test
    void cancelBeforeStartDeletesWaitingJobsAndQueueAndTouchesNoOtherQueue() {
        fake.on("qstat -xml", "qstat-before-start.xml").on("qdel -f", "qdel-end.out").on("qconf -dq", "qconf-dq-ok.out");
        mode.release(target(LifecycleState.Created, "node1", "node2"));

        assertThat(fake.keys()).containsExactly("qstat -xml", "qdel -f", "qconf -dq");
        assertThat(args(fake.calls("qdel -f").get(0), "-f")).containsExactlyElementsOf(reservationJob());
    }

    @Test
    void releasingTwiceIsHarmless() {
        fake.on("qstat -xml", "qstat-idle.xml").on("qconf -dq", "qconf-dq-missing.err");
        mode.release(target(LifecycleState.Active, "node1", "node2"));
        assertThat(fake.keys()).containsExactly("qstat -xml", "qconf -dq");
    }

    @Test
    void aQueueThatStaysBusyIsReported() {
        fake.on("qstat -xml", "qstat-active.xml").on("qdel -f", "qdel-end.out").on("qconf -dq", "qconf-dq-busy.err");
        assertThatThrownBy(() -> mode.release(target(LifecycleState.Active, "node1", "node2")))
                .isInstanceOf(GridEngineException.class).hasMessageContaining("still running jobs");
        assertThat(fake.calls("qconf -dq")).hasSize(GridEngineProperties.defaults().deleteRetries());
    }

    @Test
    void modifyWhileActiveRewritesTheQueueAndReleasesDroppedHosts() {
        ledger.add(List.of("all.q@node1", "all.q@node2"));
        fake.onText("qconf -Mu", 0, "modified").on("qstat -xml", "qstat-active.xml")
                .onText("qmod -e", 0, "changed");
        mode.modify(target(LifecycleState.Active, "node1", "node2"), target(LifecycleState.Active, "node1"));

        List<FakeCommandRunner.Call> qmods = fake.calls("qmod -e");
        assertThat(qmods.get(0).argv()).endsWith("-e", "doji_fx");
        assertThat(qmods.get(1).argv()).endsWith("-e", "all.q@node2");
        assertThat(ledger.instances()).containsExactly("all.q@node1");
        var queue = GridEngineParsers.config(List.copyOf(fake.calls("qconf -Mu").get(0).files().values()).get(1));
        assertThat(queue.list("hostlist")).containsExactly("node1");
    }

    @Test
    void reconcileDeletesOrphanQueuesAndReenablesWhatWeDisabled() {
        ledger.add(List.of("all.q@node1", "all.q@node2"));
        fake.on("qconf -sql", "qconf-sql.out").on("qstat -xml", "qstat-active.xml")
                .on("qdel -f", "qdel-end.out").on("qconf -dq", "qconf-dq-ok.out").on("qmod -e", "qmod-release.out");
        mode.reconcile(List.of());

        assertThat(fake.calls("qconf -dq").get(0).argv()).endsWith("-dq", "doji_fx", "-dul", "doji_fx");
        assertThat(fake.calls("qmod -e").get(0).argv()).endsWith("-e", "all.q@node1,all.q@node2");
        assertThat(ledger.instances()).isEmpty();
    }

    @Test
    void reconcileRestoresExpectedQueuesInOneCallAndKeepsActiveHostsGuarded() {
        ledger.add(List.of("all.q@node1", "all.q@node2"));
        fake.on("qconf -sql", "qconf-sql.out").on("qstat -xml", "qstat-active.xml")
                .onText("qconf -Mu", 0, "modified").onText("qmod -e", 0, "changed");
        mode.reconcile(List.of(target(LifecycleState.Active, "node1", "node2")));

        assertThat(fake.calls("qconf -dq")).isEmpty();
        assertThat(fake.calls("qconf -Mu")).hasSize(1);
        assertThat(fake.calls("qmod -e")).singleElement()
                .satisfies(c -> assertThat(c.argv()).endsWith("-e", "doji_fx"));
        assertThat(ledger.instances()).containsExactlyInAnyOrder("all.q@node1", "all.q@node2");
    }

    @Test
    void modifyOfALostQueueCreatesIt() {
        fake.on("qconf -Mu", "qconf-dq-missing.err").onText("qconf -sql", 0, "all.q\n")
                .on("qconf -su", "qconf-su-missing.err").on("qconf -Au", "qconf-create.out");
        mode.modify(target(LifecycleState.Created, "node1"), target(LifecycleState.Created, "node2"));

        assertThat(fake.keys()).containsExactly("qconf -Mu", "qconf -sql", "qconf -su", "qconf -Au");
        assertThat(fake.calls("qconf -Au").get(0).argv()).contains("-Aq");
    }

    @Test
    void withoutSwitchingUsersEvictedJobsAreResubmittedDirectly() {
        GridEngineProperties props = GridEngineProperties.defaults().withLedgerFile(dir.resolve("ledger2"));
        GridEngineClient client = new GridEngineClient(fake, props.binDir(), dir.resolve("doji-sge"), true, null);
        QueueControlMode plain = new QueueControlMode(client,
                new HostGuard(client, new DisabledInstanceLedger(props.ledgerFile()), "doji_"), props, Duration.ZERO);
        fake.on("qstat -xml", "qstat-before-start.xml").on("qmod -e", "qmod-start.out")
                .on("qmod -sj", "qmod-sj.out").on("qresub", "qresub.out").on("qdel -f", "qdel-evict.out");
        plain.start(target(LifecycleState.Active, "node1", "node2"));
        assertThat(fake.calls("qresub").get(0).argv().get(0)).endsWith("/qresub");
    }
}
