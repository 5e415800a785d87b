package org.doji.grc.simulation;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code doji simulate}: runs a scenario (by default the reference evaluation, docs/simulation.md) in virtual
 * time and prints its table; writes the table, the plot (SVG) and CSV files to the output directory. Progress
 * and wall-clock timing go to stderr; the table on stdout and the files are the same bytes for the same scenario.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
        version = "doji simulate (the reference evaluation and other scenarios)",
        description = "Runs the reference evaluation (docs/DESIGN.md §9; docs/simulation.md), or the scenario of --scenario,"
                + " in virtual time with the real planner and RM kernels in-process; prints demand ratios beside the paper's,"
                + " success rates per user and setting and over acceptance time, and writes a plot (SVG) and CSV files.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:the evaluation ran; table and files written", "1:internal error or output not writable",
                "2:invalid options or scenario file"})
public class SimulateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--scenario", paramLabel = "FILE",
            description = "scenario file (YAML; default: the reference evaluation, see --print-scenario)")
    Path scenarioFile;

    @Option(names = "--print-scenario", description = "print the reference scenario (a starting point for your own) and exit")
    boolean printScenario;

    @Option(names = "--runs", defaultValue = "1", description = "repeat with K seeds (seed, seed+1, ...); figures become"
            + " mean ± standard deviation (default ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--seed", description = "workload seed (default: the scenario's)")
    Long seed;

    @Option(names = "--intervals", split = ",", description = "mean inter-arrival times, minutes (default: the scenario's)")
    List<Integer> intervals;

    @Option(names = "--engine", description = "planner engine (default: the scenario's)")
    String engine;

    @Option(names = "--tie-break", description = "order the planner tries sites in, which decides between equal-cost plans:"
            + " RM_ORDER or REVERSED_RM_ORDER (default: the scenario's)")
    Scenario.TieBreak tieBreak;

    @Option(names = "--search-step-limit", description = "steps one slot's search may take before its best plan so far is"
            + " used (counted, not timed; default: the scenario's)")
    Long searchStepLimit;

    @Option(names = "--out", defaultValue = "target/simulation", description = "output directory (default ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--log-level", defaultValue = "WARN",
            description = "level of the log (RM kernels, planner) while running (default ${DEFAULT-VALUE})")
    String logLevel;

    @Option(names = "--quiet", description = "no progress lines on stderr")
    boolean quiet;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SimulateCommand()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        if (printScenario) {
            stdout.print(ScenarioLoader.referenceText());
            stdout.flush();
            return 0;
        }
        Scenario scenario;
        try {
            LogLevels.set(org.slf4j.Logger.ROOT_LOGGER_NAME, logLevel);
            scenario = scenarioFile == null ? ScenarioLoader.reference() : ScenarioLoader.load(scenarioFile);
            scenario = seed == null ? scenario : scenario.withSeed(seed);
            scenario = intervals == null ? scenario : scenario.withIntervals(intervals);
            scenario = engine == null ? scenario : scenario.withEngine(engine);
            Scenario.Planning p = scenario.planning();
            scenario = scenario.withPlanning(new Scenario.Planning(p.slots(), p.maxPlans(), p.engine(), p.policy(),
                    searchStepLimit == null ? p.searchStepLimit() : searchStepLimit, tieBreak == null ? p.tieBreak() : tieBreak));
        } catch (ScenarioLoader.ScenarioException | IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        Evaluation.Result result;
        try {
            result = new Evaluation(scenario, runs).run(Simulation.Observer.NONE, line -> {
                if (!quiet) {
                    stderr.println(line);
                    stderr.flush();
                }
            });
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e); // e.g. an unknown planner engine
        }
        String table = Report.table(result);
        Files.createDirectories(out);
        write(out.resolve("summary.txt"), table);
        write(out.resolve("success-over-time.svg"), SvgChart.render(result));
        write(out.resolve("success-over-time.csv"), CsvFiles.cumulative(result));
        write(out.resolve("summary.csv"), CsvFiles.summary(result));
        write(out.resolve("success-by-bucket.csv"), CsvFiles.buckets(result));
        write(out.resolve("requests.csv"), CsvFiles.requests(result));
        String timing = Timing.summary(result);
        write(out.resolve("timing.txt"), timing);
        stdout.print(table);
        stdout.flush();
        if (!quiet) {
            stderr.print(timing);
            stderr.println("wrote summary.txt, summary.csv, success-over-time.svg, success-over-time.csv, success-by-bucket.csv,"
                    + " requests.csv, timing.txt to " + out.toAbsolutePath().normalize());
            stderr.flush();
        }
        return 0;
    }

    private static void write(Path file, String content) throws IOException {
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    /** Sets a logger's level when the backend is Logback (the product's); other backends are left alone. */
    static final class LogLevels {
        private LogLevels() {
        }

        static void set(String logger, String level) {
            if (LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext context) {
                ch.qos.logback.classic.Level parsed = ch.qos.logback.classic.Level.toLevel(level, null);
                if (parsed == null) {
                    throw new IllegalArgumentException("--log-level: unknown level " + level);
                }
                context.getLogger(logger).setLevel(parsed);
            }
        }
    }
}
