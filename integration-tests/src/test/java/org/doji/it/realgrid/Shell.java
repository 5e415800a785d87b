package org.doji.it.realgrid;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the real systems' own commands (as root, or as a user through runuser) and returns what they printed. */
final class Shell {

    /** The environment Grid Engine's binaries need (the qmaster's cell). */
    static final Map<String, String> SGE_ENV = Map.of("SGE_ROOT", "/var/lib/gridengine", "SGE_CELL", "default");

    /** Grid Engine's and TORQUE's commands share names (qsub, qstat, qdel): always called by their full paths. */
    static final String SGE = "/usr/lib/gridengine/";
    static final String TORQUE = "/opt/torque/bin/";

    record Result(int exit, String out) {
        boolean ok() {
            return exit == 0;
        }
    }

    private Shell() {
    }

    static Result run(String... cmd) {
        return run(List.of(cmd));
    }

    static Result run(List<String> cmd) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().putAll(SGE_ENV);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(124, out);
            }
            return new Result(p.exitValue(), out);
        } catch (IOException e) {
            return new Result(127, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(130, "interrupted");
        }
    }

    /** {@code cmd} run by {@code user} (TORQUE refuses qsub from root), with Grid Engine's environment. */
    static Result as(String user, String... cmd) {
        List<String> all = new ArrayList<>(List.of("runuser", "-u", user, "--", "env", "SGE_ROOT=" + SGE_ENV.get("SGE_ROOT"),
                "SGE_CELL=" + SGE_ENV.get("SGE_CELL")));
        all.addAll(List.of(cmd));
        return run(all);
    }

    /** Like {@link #run} but fails with the command's output when it does not exit 0. */
    static String ok(String... cmd) {
        Result r = run(cmd);
        if (!r.ok()) {
            throw new IllegalStateException(String.join(" ", cmd) + " exited " + r.exit() + ": " + r.out());
        }
        return r.out();
    }

    /** Starts {@code cmd} in the background; its output goes to {@code log}. */
    static Process background(java.nio.file.Path log, String... cmd) throws IOException {
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
