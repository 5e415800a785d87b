package org.doji.crm.torque;

import org.doji.crm.batch.CommandFailedException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.doji.crm.batch.CommandRunner;

/**
 * The command sequences Doji issues to a TORQUE server, and how their answers are read. Operations on a
 * job that no longer exists (or has finished) report {@code false} instead of failing, because backend
 * actions must be idempotent.
 */
public final class TorqueClient {

    /** PBSE_UNKJOBID (15001) as an exit code: qhold, qrls, qrerun, qdel and qstat on an unknown job. */
    static final int EXIT_UNKNOWN_JOB = 15001 % 256;

    private final CommandRunner runner;
    private final TorqueProperties props;
    private final TorqueOutputParser parser;

    public TorqueClient(CommandRunner runner, TorqueProperties props) {
        this.runner = runner;
        this.props = props;
        this.parser = new TorqueOutputParser(props);
    }

    public List<TorqueJob> jobs() {
        List<String> argv = xml() ? List.of("qstat", "-f", "-x") : List.of("qstat", "-f");
        CommandRunner.Result r = runner.run(argv);
        if (!r.ok()) {
            throw new CommandFailedException(String.join(" ", argv), r);
        }
        return parser.jobs(r.stdout());
    }

    public List<TorqueNode> nodes() {
        List<String> argv = xml() ? List.of("pbsnodes", "-x") : List.of("pbsnodes", "-a");
        CommandRunner.Result r = runner.run(argv);
        if (!r.ok()) {
            throw new CommandFailedException(String.join(" ", argv), r);
        }
        return parser.nodes(r.stdout());
    }

    /** {@code qrun -H n1:ppn=2+n2:ppn=2 ID}: starts a queued job on exactly these cores. */
    public boolean run(String jobId, Map<String, Integer> coresByNode) {
        return check("qrun", List.of("qrun", "-H", hostList(coresByNode), jobId));
    }

    public boolean delete(String jobId) {
        return check("qdel", List.of("qdel", jobId));
    }

    /** Puts a running job back in the queue; it starts again from the beginning when Doji runs it. */
    public boolean requeue(String jobId) {
        return check("qrerun", List.of("qrerun", jobId));
    }

    /**
     * The -H host list: each node once, with its core count ({@code n1:ppn=2+n2:ppn=4}). The task-list form
     * with a node repeated per core ({@code n1+n1+n2}) is accepted by pbs_server 6.1 but the job never starts
     * (the mother superior cannot find its sister tasks), so it must never be sent.
     */
    static String hostList(Map<String, Integer> coresByNode) {
        StringJoiner hosts = new StringJoiner("+");
        new TreeMap<>(coresByNode).forEach((node, cores) -> {
            if (cores > 0) {
                hosts.add(node + ":ppn=" + cores);
            }
        });
        return hosts.toString();
    }

    /** True on success, false when the job is gone or finished; throws on any other failure. */
    private boolean check(String what, List<String> argv) {
        CommandRunner.Result r = runner.run(argv);
        if (r.ok()) {
            return true;
        }
        if (jobGone(r)) {
            return false;
        }
        throw new CommandFailedException(what + " " + argv.get(argv.size() - 1), r);
    }

    /**
     * Recorded on TORQUE 6.1.3: qhold/qrls exit 153 silently, qrerun/qdel exit 153 with "Unknown Job Id" /
     * "nonexistent job id", qrun exits 2 with "Unknown Job Id" or "invalid state for job - COMPLETE".
     */
    static boolean jobGone(CommandRunner.Result r) {
        String m = r.message().toLowerCase(Locale.ROOT);
        return r.exitCode() == EXIT_UNKNOWN_JOB || m.contains("unknown job id") || m.contains("nonexistent job id")
                || m.contains("invalid state for job - complete");
    }

    private boolean xml() {
        return props.outputFormat() == TorqueProperties.OutputFormat.XML;
    }
}
