package org.doji.crm.slurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.crm.batch.CommandRunner;
import org.doji.crm.batch.ProcessCommandRunner;
import org.doji.crm.batch.testing.RequiredSystem;
import org.doji.crm.slurm.SlurmOutputParser;
import org.doji.crm.slurm.SlurmProperties;
import org.doji.crm.slurm.SlurmReservation;

/**
 * The real Slurm of scripts/start.sh (4 nodes n1..n4 × 2 CPUs, partition batch), reached through its
 * commands on PATH. ITs submit jobs as root (Slurm allows it); what they submit is cancelled by
 * {@link #cancelSubmitted}.
 */
final class RealSlurm {

    static final String SYSTEM = "slurm";

    final CommandRunner runner = new ProcessCommandRunner(null, Duration.ofSeconds(30));
    final Path work;
    private final List<String> submitted = new ArrayList<>();

    private RealSlurm(Path work) {
        this.work = work;
    }

    /** The running cluster, or a skipped (or, when required, failed) test. */
    static RealSlurm require() {
        CommandRunner.Result r = new ProcessCommandRunner(null, Duration.ofSeconds(30)).run(List.of("sinfo", "-h", "-N", "-o", "%N %t"));
        RequiredSystem.check(SYSTEM, r.ok() && !r.stdout().isBlank() ? null
                : "Slurm is not running (run crm-adapter-slurm/scripts/install.sh and start.sh): " + r.message());
        try {
            return new RealSlurm(Files.createTempDirectory("doji-slurm-it"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, Object> rmProperties(String id, String prefix) {
        Map<String, Object> p = new HashMap<>();
        p.put("doji.rm.id", id);
        p.put("doji.rm.tick-interval", "PT0.5S");
        p.put("doji.slurm.reservation-prefix", prefix);
        return p;
    }

    /** Submits a batch job that writes its node list to NAME.nodes and sleeps; returns its id. */
    String submit(String name, int sleepSeconds, String... sbatchOptions) {
        List<String> argv = new ArrayList<>(List.of("sbatch", "--parsable", "-J", name, "-o", work.resolve(name + ".out").toString()));
        argv.addAll(List.of(sbatchOptions));
        argv.add("--wrap=echo $SLURM_JOB_NODELIST > " + work.resolve(name + ".nodes") + "; sleep " + sleepSeconds);
        CommandRunner.Result r = runner.run(argv);
        assertThat(r.exitCode()).as(r.message()).isZero();
        String id = r.stdout().strip();
        submitted.add(id);
        return id;
    }

    /** The job's fields from {@code scontrol -o show job} (kept a while after it ends). */
    Map<String, String> job(String id) {
        CommandRunner.Result r = runner.run(List.of("scontrol", "-o", "show", "job", id));
        assertThat(r.exitCode()).as(r.message()).isZero();
        Map<String, String> f = new HashMap<>();
        for (String part : r.stdout().strip().split("\\s+")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                f.putIfAbsent(part.substring(0, eq), part.substring(eq + 1));
            }
        }
        return f;
    }

    String state(String id) {
        return job(id).get("JobState");
    }

    /** Reservations with this prefix, as Slurm shows them. */
    List<SlurmReservation> reservations(String prefix) {
        CommandRunner.Result r = runner.run(List.of("scontrol", "-o", "show", "reservation"));
        return new SlurmOutputParser(java.time.ZoneId.systemDefault()).reservations(r.stdout(), SlurmProperties.BindTo.USERS)
                .stream().filter(x -> x.name().startsWith(prefix)).toList();
    }

    void cancelSubmitted() {
        if (!submitted.isEmpty()) {
            List<String> argv = new ArrayList<>(List.of("scancel"));
            argv.addAll(submitted);
            runner.run(argv);
            submitted.clear();
        }
    }
}
