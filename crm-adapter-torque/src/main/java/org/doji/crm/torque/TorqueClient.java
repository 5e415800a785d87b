package org.doji.crm.torque;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The command sequences Doji issues to a TORQUE server (or to Slurm's TORQUE wrappers), and how their
 * answers are read. Operations on a job that no longer exists report {@code false} instead of failing,
 * because backend actions must be idempotent.
 */
public final class TorqueClient {

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
            throw new TorqueCommandException(String.join(" ", argv), r);
        }
        return parser.jobs(r.stdout());
    }

    public List<TorqueNode> nodes() {
        List<String> argv = xml() ? List.of("pbsnodes", "-x") : List.of("pbsnodes", "-a");
        CommandRunner.Result r = runner.run(argv);
        if (!r.ok()) {
            throw new TorqueCommandException(String.join(" ", argv), r);
        }
        return parser.nodes(r.stdout());
    }

    /**
     * {@code qrun -H n1+n1+n2 ID}: one host entry per core, the task list format TORQUE's external
     * schedulers (Maui, Moab) hand to pbs_runjob.
     */
    public boolean run(String jobId, Map<String, Integer> coresByNode) {
        return check("qrun", List.of("qrun", "-H", hostList(coresByNode), jobId));
    }

    public boolean hold(String jobId) {
        return check("qhold", List.of("qhold", jobId));
    }

    public boolean release(String jobId) {
        return check("qrls", List.of("qrls", jobId));
    }

    /** Slurm only: restrict a held job to the chosen nodes before it is released. */
    public boolean pin(String jobId, Map<String, Integer> coresByNode) {
        return check("scontrol update", List.of("scontrol", "update", "JobId=" + jobId,
                "ReqNodeList=" + String.join(",", new java.util.TreeSet<>(coresByNode.keySet()))));
    }

    public boolean delete(String jobId) {
        return check("qdel", List.of("qdel", jobId));
    }

    /** Puts a running job back in the queue (it restarts from the beginning elsewhere, later). In
     *  HOLD_RELEASE mode it comes back held (Slurm's qrerun wrapper is broken: scontrol requeuehold). */
    public boolean requeue(String jobId) {
        if (props.mode() == TorqueProperties.Mode.HOLD_RELEASE) {
            return check("scontrol requeuehold", List.of("scontrol", "requeuehold", jobId));
        }
        return check("qrerun", List.of("qrerun", jobId));
    }

    static String hostList(Map<String, Integer> coresByNode) {
        List<String> hosts = new ArrayList<>();
        coresByNode.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            for (int i = 0; i < e.getValue(); i++) {
                hosts.add(e.getKey());
            }
        });
        return String.join("+", hosts);
    }

    /** True on success, false when the job is gone; throws on any other failure. */
    private boolean check(String what, List<String> argv) {
        CommandRunner.Result r = runner.run(argv);
        if (r.ok()) {
            return true;
        }
        if (jobGone(r.message())) {
            return false;
        }
        throw new TorqueCommandException(what + " " + argv.get(argv.size() - 1), r);
    }

    /** TORQUE: "Unknown Job Id"; Slurm's wrappers: "Invalid job id specified", "already finished". */
    static boolean jobGone(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        return m.contains("unknown job id") || m.contains("invalid job id") || m.contains("already finished")
                || m.contains("job has finished") || m.contains("job already completed");
    }

    private boolean xml() {
        return props.outputFormat() == TorqueProperties.OutputFormat.XML;
    }
}
