package org.doji.crm.sge.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.doji.crm.batch.testing.RecordedCommands.printed;
import static org.doji.crm.batch.testing.RecordedCommands.recorded;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.crm.batch.testing.RecordedCommands;
import org.doji.crm.sge.cli.GridEngineClient;
import org.doji.crm.sge.cli.GridEngineException;
import org.doji.crm.sge.cli.GridEngineParsers;
import org.doji.crm.sge.config.GridEngineProperties;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Command sequences of queue-control mode against recorded real outputs (scenario of record-fixtures.sh). */
class QueueControlModeTest {

    @TempDir
    Path dir;

    RecordedCommands commands;
    DisabledInstanceLedger ledger;
    QueueControlMode mode;

    @BeforeEach
    void setUp() {
        commands = new RecordedCommands().capturingFilesUnder(dir);
        GridEngineProperties props = GridEngineProperties.defaults().withLedgerFile(dir.resolve("ledger"));
        GridEngineClient client = new GridEngineClient(commands, props.binDir(), dir.resolve("doji-sge"), true, "root");
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
        commands.on("qconf -Au", recorded("sge/qconf-create"));
        String handle = mode.commit(target(LifecycleState.Created, "node1", "node2"));

        assertThat(handle).isEqualTo("doji_fx");
        assertThat(commands.firstWords(2)).containsExactly("qconf -Au");
        RecordedCommands.Call call = commands.callsTo("qconf -Au").get(0);
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
        commands.on("qconf -Au", recorded("sge/qconf-create-exists")).on("qconf -sql", recorded("sge/qconf-sql"))
                .on("qconf -su", recorded("sge/qconf-su-doji")).on("qconf -Mu", printed("modified"));
        mode.commit(target(LifecycleState.Created, "node1", "node2"));

        assertThat(commands.firstWords(2)).containsExactly("qconf -Au", "qconf -sql", "qconf -su", "qconf -Mu");
        assertThat(commands.callsTo("qconf -Mu").get(0).argv()).contains("-Mq");
    }

    @Test
    void startEnablesTheQueueDisablesOthersAndEvictsTheirJobs() {
        commands.on("qstat -xml", recorded("sge/qstat-before-start")).on("qmod -e", recorded("sge/qmod-start"))
                .on("qmod -sj", recorded("sge/qmod-sj")).on("runuser", recorded("sge/qresub"))
                .on("qdel -f", recorded("sge/qdel-evict"));
        mode.start(target(LifecycleState.Active, "node1", "node2"));

        assertThat(commands.firstWords(2)).containsExactly("qstat -xml", "qmod -e", "qmod -sj", "runuser -u", "qdel -f");
        assertThat(commands.callsTo("qmod -e").get(0).argv()).endsWith("-e", "doji_fx", "-d", "all.q@node1,all.q@node2");
        // the jobs the recording script found on node1/node2 (from qstat's text output) and suspended
        List<String> evicted = numbers("qmod-sj", "suspended job (\\d+)");
        assertThat(evicted).isNotEmpty();
        assertThat(args(commands.callsTo("qmod -sj").get(0), "-sj")).containsExactlyInAnyOrderElementsOf(evicted);
        assertThat(commands.callsTo("runuser").get(0).argv()).startsWith("runuser", "-u", "dojibob", "--");
        assertThat(args(commands.callsTo("runuser").get(0), "qresub")).containsExactlyInAnyOrderElementsOf(evicted);
        assertThat(args(commands.callsTo("qdel -f").get(0), "-f")).containsExactlyInAnyOrderElementsOf(evicted);
        assertThat(ledger.instances()).containsExactlyInAnyOrder("all.q@node1", "all.q@node2");
    }

    @Test
    void endDeletesTheQueueWithItsJobsRetriesWhileBusyAndGivesTheHostsBack() {
        ledger.add(List.of("all.q@node1", "all.q@node2"));
        commands.on("qstat -xml", recorded("sge/qstat-active")).on("qdel -f", recorded("sge/qdel-end"))
                .on("qconf -dq", recorded("sge/qconf-dq-busy"), recorded("sge/qconf-dq-ok"))
                .on("qmod -e", recorded("sge/qmod-release"));
        mode.release(target(LifecycleState.Active, "node1", "node2"));

        assertThat(commands.firstWords(2)).containsExactly("qstat -xml", "qdel -f", "qconf -dq", "qconf -dq", "qmod -e");
        assertThat(args(commands.callsTo("qdel -f").get(0), "-f")).containsExactlyElementsOf(reservationJob());
        assertThat(commands.callsTo("qconf -dq").get(0).argv()).endsWith("-dq", "doji_fx", "-dul", "doji_fx");
        assertThat(commands.callsTo("qmod -e").get(0).argv()).endsWith("-e", "all.q@node1,all.q@node2");
        assertThat(ledger.instances()).isEmpty();
    }

    /** The reserving user's job, as the recording script deleted it at the end. */
    private static List<String> reservationJob() {
        return numbers("qdel-end", "deletion of job (\\d+)");
    }

    /** The numbers a recorded output names, e.g. the job ids of "suspended job (\\d+)". */
    private static List<String> numbers(String recording, String regex) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(recorded("sge/" + recording).message());
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** The arguments after {@code marker} (an option, or the end of the tool's path). */
    private static List<String> args(RecordedCommands.Call call, String marker) {
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
        commands.on("qstat -xml", recorded("sge/qstat-before-start")).on("qdel -f", recorded("sge/qdel-end"))
                .on("qconf -dq", recorded("sge/qconf-dq-ok"));
        mode.release(target(LifecycleState.Created, "node1", "node2"));

        assertThat(commands.firstWords(2)).containsExactly("qstat -xml", "qdel -f", "qconf -dq");
        assertThat(args(commands.callsTo("qdel -f").get(0), "-f")).containsExactlyElementsOf(reservationJob());
    }

    @Test
    void releasingTwiceIsHarmless() {
        commands.on("qstat -xml", recorded("sge/qstat-idle")).on("qconf -dq", recorded("sge/qconf-dq-missing"));
        mode.release(target(LifecycleState.Active, "node1", "node2"));
        assertThat(commands.firstWords(2)).containsExactly("qstat -xml", "qconf -dq");
    }

    @Test
    void aQueueThatStaysBusyIsReported() {
        commands.on("qstat -xml", recorded("sge/qstat-active")).on("qdel -f", recorded("sge/qdel-end"))
                .on("qconf -dq", recorded("sge/qconf-dq-busy"));
        assertThatThrownBy(() -> mode.release(target(LifecycleState.Active, "node1", "node2")))
                .isInstanceOf(GridEngineException.class).hasMessageContaining("still running jobs");
        assertThat(commands.callsTo("qconf -dq")).hasSize(GridEngineProperties.defaults().deleteRetries());
    }

    @Test
    void modifyWhileActiveRewritesTheQueueAndReleasesDroppedHosts() {
        ledger.add(List.of("all.q@node1", "all.q@node2"));
        commands.on("qconf -Mu", printed("modified")).on("qstat -xml", recorded("sge/qstat-active"))
                .on("qmod -e", printed("changed"));
        mode.modify(target(LifecycleState.Active, "node1", "node2"), target(LifecycleState.Active, "node1"));

        List<RecordedCommands.Call> qmods = commands.callsTo("qmod -e");
        assertThat(qmods.get(0).argv()).endsWith("-e", "doji_fx");
        assertThat(qmods.get(1).argv()).endsWith("-e", "all.q@node2");
        assertThat(ledger.instances()).containsExactly("all.q@node1");
        var queue = GridEngineParsers.config(List.copyOf(commands.callsTo("qconf -Mu").get(0).files().values()).get(1));
        assertThat(queue.list("hostlist")).containsExactly("node1");
    }

    @Test
    void reconcileDeletesOrphanQueuesAndReenablesWhatWeDisabled() {
        ledger.add(List.of("all.q@node1", "all.q@node2"));
        commands.on("qconf -sql", recorded("sge/qconf-sql")).on("qstat -xml", recorded("sge/qstat-active"))
                .on("qdel -f", recorded("sge/qdel-end")).on("qconf -dq", recorded("sge/qconf-dq-ok"))
                .on("qmod -e", recorded("sge/qmod-release"));
        mode.reconcile(List.of());

        assertThat(commands.callsTo("qconf -dq").get(0).argv()).endsWith("-dq", "doji_fx", "-dul", "doji_fx");
        assertThat(commands.callsTo("qmod -e").get(0).argv()).endsWith("-e", "all.q@node1,all.q@node2");
        assertThat(ledger.instances()).isEmpty();
    }

    @Test
    void reconcileRestoresExpectedQueuesInOneCallAndKeepsActiveHostsGuarded() {
        ledger.add(List.of("all.q@node1", "all.q@node2"));
        commands.on("qconf -sql", recorded("sge/qconf-sql")).on("qstat -xml", recorded("sge/qstat-active"))
                .on("qconf -Mu", printed("modified")).on("qmod -e", printed("changed"));
        mode.reconcile(List.of(target(LifecycleState.Active, "node1", "node2")));

        assertThat(commands.callsTo("qconf -dq")).isEmpty();
        assertThat(commands.callsTo("qconf -Mu")).hasSize(1);
        assertThat(commands.callsTo("qmod -e")).singleElement()
                .satisfies(c -> assertThat(c.argv()).endsWith("-e", "doji_fx"));
        assertThat(ledger.instances()).containsExactlyInAnyOrder("all.q@node1", "all.q@node2");
    }

    @Test
    void modifyOfALostQueueCreatesIt() {
        commands.on("qconf -Mu", recorded("sge/qconf-dq-missing")).on("qconf -sql", printed("all.q\n"))
                .on("qconf -su", recorded("sge/qconf-su-missing")).on("qconf -Au", recorded("sge/qconf-create"));
        mode.modify(target(LifecycleState.Created, "node1"), target(LifecycleState.Created, "node2"));

        assertThat(commands.firstWords(2)).containsExactly("qconf -Mu", "qconf -sql", "qconf -su", "qconf -Au");
        assertThat(commands.callsTo("qconf -Au").get(0).argv()).contains("-Aq");
    }

    @Test
    void withoutSwitchingUsersEvictedJobsAreResubmittedDirectly() {
        GridEngineProperties props = GridEngineProperties.defaults().withLedgerFile(dir.resolve("ledger2"));
        GridEngineClient client = new GridEngineClient(commands, props.binDir(), dir.resolve("doji-sge"), true, null);
        QueueControlMode plain = new QueueControlMode(client,
                new HostGuard(client, new DisabledInstanceLedger(props.ledgerFile()), "doji_"), props, Duration.ZERO);
        commands.on("qstat -xml", recorded("sge/qstat-before-start")).on("qmod -e", recorded("sge/qmod-start"))
                .on("qmod -sj", recorded("sge/qmod-sj")).on("qresub", recorded("sge/qresub"))
                .on("qdel -f", recorded("sge/qdel-evict"));
        plain.start(target(LifecycleState.Active, "node1", "node2"));
        assertThat(commands.callsTo("qresub").get(0).argv().get(0)).endsWith("/qresub");
    }
}
