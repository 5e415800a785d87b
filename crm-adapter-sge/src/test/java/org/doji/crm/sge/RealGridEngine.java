package org.doji.crm.sge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.crm.batch.CommandRunner.Result;
import org.doji.crm.batch.ProcessCommandRunner;
import org.doji.crm.batch.testing.RequiredSystem;
import org.doji.crm.sge.cli.GridEngineClient;
import org.doji.crm.sge.cli.GridEngineModel;
import org.doji.crm.sge.config.GridEngineProperties;

/**
 * Access to the real Grid Engine started by scripts/start.sh, for the ITs. Without a running qmaster the
 * ITs are skipped, unless -Ddoji.it.require names "sge": then they fail.
 */
public final class RealGridEngine {

    public static final String BACKEND = "sge";
    public static final GridEngineProperties PROPS = GridEngineProperties.defaults();
    private static final Pattern SUBMITTED = Pattern.compile("Your job (\\d+) ");

    public final ProcessCommandRunner runner = new ProcessCommandRunner(null, PROPS.environment(), Duration.ofSeconds(30));
    public final GridEngineClient client = new GridEngineClient(runner, PROPS.binDir(),
            Path.of(System.getProperty("java.io.tmpdir"), "doji-sge-it"), true, System.getProperty("user.name"));

    /** Skips (or fails, when required) unless the qmaster answers and at least two exec hosts are up. */
    public static RealGridEngine require() {
        RealGridEngine ge = new RealGridEngine();
        Result r = ge.run("qconf", "-sh");
        long up = r.ok() ? ge.client.hosts().stream().filter(GridEngineModel.Host::up).count() : 0;
        String why = "Grid Engine not running (crm-adapter-sge/scripts/install.sh && start.sh): " + r.message().trim()
                + ", exec hosts up: " + up;
        RequiredSystem.check(BACKEND, r.ok() && up >= 2 ? null : why);
        return ge;
    }

    public Result run(String tool, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(PROPS.binDir().resolve(tool).toString());
        argv.addAll(List.of(args));
        return runner.run(argv);
    }

    /** qsub as a Unix user (the ITs run as root, as CI does). */
    public Result submitAs(String user, String... qsubArgs) {
        List<String> argv = new ArrayList<>(List.of("runuser", "-u", user, "--", PROPS.binDir().resolve("qsub").toString()));
        argv.addAll(List.of(qsubArgs));
        return runner.run(argv);
    }

    public static long jobId(Result submitted) {
        Matcher m = SUBMITTED.matcher(submitted.message());
        assertThat(m.find()).as("qsub: " + submitted.message()).isTrue();
        return Long.parseLong(m.group(1));
    }

    public GridEngineModel.Job job(long id) {
        return client.status().jobs().stream().filter(j -> j.id() == id).findFirst().orElse(null);
    }
}
