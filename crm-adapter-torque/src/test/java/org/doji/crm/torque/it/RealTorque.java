package org.doji.crm.torque.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.doji.crm.batch.CommandRunner;
import org.doji.crm.batch.ProcessCommandRunner;
import org.doji.crm.batch.testing.RequiredSystem;
import org.doji.crm.torque.TorqueJob;
import org.doji.crm.torque.TorqueOutputParser;
import org.doji.crm.torque.TorqueProperties;

/**
 * The real TORQUE 6.1.3 of scripts/start.sh (commands in {@code DOJI_TORQUE_BIN}, default /opt/torque/bin;
 * 4 moms tqnode1..4 × 4 cores, scheduling off). Jobs are submitted as the unix user {@link #USER}: TORQUE
 * refuses qsub from root. Everything submitted is deleted by {@link #deleteSubmitted}.
 */
final class RealTorque {

    static final String SYSTEM = "torque";
    static final String USER = "dojitq";

    final CommandRunner runner;
    final Path bin;
    final Path work;
    private final TorqueOutputParser parser = new TorqueOutputParser(TorqueProperties.defaults());
    private final List<String> submitted = new ArrayList<>();

    private RealTorque(Path bin, Path work) {
        this.bin = bin;
        this.work = work;
        this.runner = new ProcessCommandRunner(bin, Duration.ofSeconds(30));
    }

    static Path binDir() {
        return Path.of(System.getenv().getOrDefault("DOJI_TORQUE_BIN", "/opt/torque/bin"));
    }

    /** The running server, or a skipped (or, when required, failed) test. */
    static RealTorque require() {
        Path bin = binDir();
        String problem = null;
        if (!Files.isExecutable(bin.resolve("qstat"))) {
            problem = "no TORQUE commands in " + bin + " (run crm-adapter-torque/scripts/install.sh)";
        } else {
            CommandRunner.Result r = new ProcessCommandRunner(bin, Duration.ofSeconds(30)).run(List.of("pbsnodes", "-x"));
            if (!r.ok() || !r.stdout().contains("<Node>")) {
                problem = "TORQUE is not running (run crm-adapter-torque/scripts/start.sh): " + r.message();
            }
        }
        RequiredSystem.check(SYSTEM, problem);
        try {
            Path work = Files.createTempDirectory("doji-torque-it", PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwxrwxrwx")));
            Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxrwxrwx"));
            return new RealTorque(bin, work);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Properties of an RM service driving this server. */
    Map<String, Object> rmProperties(String id) {
        Map<String, Object> p = new HashMap<>();
        p.put("doji.rm.id", id);
        p.put("doji.rm.tick-interval", "PT0.5S");
        p.put("doji.torque.bin-dir", bin.toString());
        p.put("doji.torque.pass-interval", "PT1S");
        return p;
    }

    /**
     * Submits, as {@link #USER}, a job that writes its node file to {@code NAME.nodes} and then sleeps;
     * returns its id.
     */
    String submit(String name, int sleepSeconds, String... qsubOptions) {
        try {
            Path script = work.resolve(name + ".sh");
            Files.writeString(script, "#!/bin/sh\ncat \"$PBS_NODEFILE\" > " + work.resolve(name + ".nodes")
                    + "\nsleep " + sleepSeconds + "\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> argv = new ArrayList<>(List.of("runuser", "-u", USER, "--", bin.resolve("qsub").toString(),
                "-N", name, "-o", work.resolve(name + ".out").toString(), "-e", work.resolve(name + ".err").toString()));
        argv.addAll(List.of(qsubOptions));
        argv.add(work.resolve(name + ".sh").toString());
        CommandRunner.Result r = runner.run(argv);
        assertThat(r.exitCode()).as(r.message()).isZero();
        String id = r.stdout().strip();
        submitted.add(id);
        return id;
    }

    Optional<TorqueJob> job(String id) {
        CommandRunner.Result r = runner.run(List.of("qstat", "-f", "-x", id));
        return r.ok() ? parser.jobs(r.stdout()).stream().filter(j -> j.id().equals(id)).findFirst() : Optional.empty();
    }

    /** The nodes a job's own script saw in $PBS_NODEFILE (one line per core), empty until it ran. */
    List<String> nodeFile(String name) {
        try {
            Path f = work.resolve(name + ".nodes");
            return Files.exists(f) ? Files.readAllLines(f).stream().filter(l -> !l.isBlank()).toList() : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void deleteSubmitted() {
        submitted.forEach(id -> runner.run(List.of("qdel", id)));
        submitted.clear();
    }
}
