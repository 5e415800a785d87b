package org.doji.crm.torque.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.doji.crm.torque.CommandRunner;
import org.doji.crm.torque.ProcessCommandRunner;
import org.junit.jupiter.api.Assumptions;

/**
 * The real Slurm started by scripts/start.sh, reached through its TORQUE-compatible commands in
 * {@code DOJI_TORQUE_PREFIX/bin} (default /opt/doji-slurm-torque/bin). ITs are skipped when it is not
 * running, unless {@code -Ddoji.it.require} names "slurm": then they fail.
 */
final class RealSlurm {

    static final String BACKEND = "slurm";

    private RealSlurm() {
    }

    static Path binDir() {
        String prefix = System.getenv().getOrDefault("DOJI_TORQUE_PREFIX", "/opt/doji-slurm-torque");
        return Path.of(prefix, "bin");
    }

    /** A runner for the wrappers, after checking that the cluster answers with idle nodes. */
    static CommandRunner require() {
        boolean required = List.of(System.getProperty("doji.it.require", "").split("[,\\s]+")).contains(BACKEND);
        String problem = null;
        CommandRunner runner = new ProcessCommandRunner(binDir(), Duration.ofSeconds(30));
        if (!Files.isExecutable(binDir().resolve("qstat"))) {
            problem = "no TORQUE wrappers in " + binDir() + " (run crm-adapter-torque/scripts/install.sh)";
        } else {
            CommandRunner.Result r = runner.run(List.of("sinfo", "-h", "-N", "-o", "%N %t"));
            if (!r.ok() || r.stdout().isBlank()) {
                problem = "Slurm is not running (run crm-adapter-torque/scripts/start.sh): " + r.message();
            }
        }
        if (problem != null) {
            if (required) {
                fail(problem + " but -Ddoji.it.require=" + BACKEND);
            }
            Assumptions.abort(problem);
        }
        return runner;
    }
}
