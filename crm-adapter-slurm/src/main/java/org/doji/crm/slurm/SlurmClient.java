package org.doji.crm.slurm;

import org.doji.crm.batch.CommandFailedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.doji.crm.batch.CommandRunner;

/**
 * The Slurm commands Doji issues: scontrol for nodes and reservations, squeue/scancel/scontrol requeue for
 * the jobs on a reservation's nodes. Deleting what is already gone reports {@code false}, not a failure:
 * backend actions must be idempotent.
 */
public final class SlurmClient {

    private final CommandRunner runner;
    private final SlurmProperties props;
    private final SlurmOutputParser parser;

    public SlurmClient(CommandRunner runner, SlurmProperties props) {
        this.runner = runner;
        this.props = props;
        this.parser = new SlurmOutputParser(props.zone());
    }

    /** The cluster's nodes, or only the configured partition's. */
    public List<SlurmNode> nodes() {
        List<SlurmNode> all = parser.nodes(ok(List.of("scontrol", "-o", "show", "nodes")).stdout());
        return props.partition().isBlank() ? all
                : all.stream().filter(n -> n.partitions().contains(props.partition())).toList();
    }

    /** Doji's reservations (named with the prefix). */
    public List<SlurmReservation> reservations() {
        return parser.reservations(ok(List.of("scontrol", "-o", "show", "reservation")).stdout(), props.bindTo()).stream()
                .filter(r -> r.name().startsWith(props.reservationPrefix())).toList();
    }

    public void create(SlurmReservation r) {
        List<String> argv = new ArrayList<>(List.of("scontrol", "create", "reservation"));
        argv.addAll(fields(r));
        if (!props.partition().isBlank()) {
            argv.add("PartitionName=" + props.partition());
        }
        List<String> flags = new ArrayList<>(List.of("IGNORE_JOBS"));
        flags.addAll(props.flags());
        argv.add("Flags=" + String.join(",", flags));
        ok(argv);
    }

    /** Slurm refuses a new start for a reservation that has started ("Reservation already started"). */
    public void update(SlurmReservation r, boolean started) {
        List<String> argv = new ArrayList<>(List.of("scontrol", "update"));
        argv.addAll(fields(r));
        if (started) {
            argv.removeIf(a -> a.startsWith("StartTime="));
        }
        ok(argv);
    }

    /** False when there was no such reservation. */
    public boolean delete(String name) {
        CommandRunner.Result r = runner.run(List.of("scontrol", "delete", "ReservationName=" + name));
        if (r.ok()) {
            return true;
        }
        if (r.message().toLowerCase(Locale.ROOT).contains("requested reservation is invalid")) {
            return false;
        }
        throw new CommandFailedException("scontrol delete reservation " + name, r);
    }

    /** Ids of jobs running on any of these nodes outside the reservation {@code except}. */
    public List<String> runningJobsOn(List<String> nodes, String except) {
        if (nodes.isEmpty()) {
            return List.of();
        }
        String out = ok(List.of("squeue", "-h", "-t", "RUNNING", "-w", String.join(",", nodes), "-o", "%i|%v")).stdout();
        List<String> ids = new ArrayList<>();
        for (String line : out.split("\n")) {
            String[] f = line.strip().split("\\|", 2);
            if (f.length == 2 && !f[1].equals(except)) {
                ids.add(f[0]);
            }
        }
        return ids;
    }

    /** Puts running jobs back in the queue (one command for all); Slurm starts them again elsewhere or later. */
    public void requeue(List<String> jobIds) {
        if (!jobIds.isEmpty()) {
            ok(List.of("scontrol", "requeue", String.join(",", jobIds)));
        }
    }

    /** Cancels every job submitted into the reservation, queued or running. */
    public void cancelJobsOf(String reservation) {
        ok(List.of("scancel", "--reservation=" + reservation));
    }

    private List<String> fields(SlurmReservation r) {
        String who = props.bindTo() == SlurmProperties.BindTo.USERS ? "Users=" : "Accounts=";
        return List.of("ReservationName=" + r.name(), "StartTime=" + parser.format(r.start()),
                "EndTime=" + parser.format(r.end()), "Nodes=" + String.join(",", r.nodes()),
                who + String.join(",", r.users()));
    }

    private CommandRunner.Result ok(List<String> argv) {
        CommandRunner.Result r = runner.run(argv);
        if (!r.ok()) {
            throw new CommandFailedException(String.join(" ", argv.subList(0, Math.min(3, argv.size()))), r);
        }
        return r;
    }
}
