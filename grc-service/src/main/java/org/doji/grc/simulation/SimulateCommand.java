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
 * {@code doji simulate}: runs the reference evaluation of DESIGN §9 in virtual time and prints its table;
 * writes the table, the plot (SVG) and CSV files to the output directory. Progress and wall-clock timing go
 * to stderr; the table on stdout and the files are the same bytes for the same parameters.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
        version = "doji simulate (the DESIGN §9 reference evaluation)",
        description = "Runs the reference evaluation of DESIGN §9 in virtual time with the real planner and RM kernels"
                + " in-process; prints success rates per user and setting and the demand ratios, and writes a plot"
                + " (SVG) and CSV files.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:the evaluation ran; table and files written", "1:internal error or output not writable",
                "2:invalid parameters"})
public class SimulateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--seed", defaultValue = "1", description = "workload seed (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--intervals", split = ",", defaultValue = "5,10",
            description = "mean inter-arrival times of each user's requests, minutes (default ${DEFAULT-VALUE})")
    List<Integer> intervals;

    @Option(names = "--arrival-hours", defaultValue = "24", description = "requests arrive in [0, h) (default ${DEFAULT-VALUE})")
    int arrivalHours;

    @Option(names = "--booking-hours", defaultValue = "24", description = "length of the period slots lie in (default ${DEFAULT-VALUE})")
    int bookingHours;

    @Option(names = "--booking", defaultValue = "NEXT_DAY",
            description = "NEXT_DAY: slots in [arrival-hours, arrival-hours + booking-hours); ROLLING: in [a, a + booking-hours)"
                    + " for a request arriving at a (default ${DEFAULT-VALUE})")
    SimulationParameters.Booking booking;

    @Option(names = "--slots", defaultValue = "10", description = "N candidate slots per request (default ${DEFAULT-VALUE})")
    int slots;

    @Option(names = "--low-service-level", defaultValue = "0.5",
            description = "share of free capacity user B sees in the low setting (default ${DEFAULT-VALUE})")
    double lowServiceLevel;

    @Option(names = "--durations", split = ",", defaultValue = "30,60,120", description = "minutes (default ${DEFAULT-VALUE})")
    List<Integer> durations;

    @Option(names = "--cores", split = ",", defaultValue = "1,2,4,8", description = "cores per site (default ${DEFAULT-VALUE})")
    List<Integer> cores;

    @Option(names = "--bandwidth-mbps", defaultValue = "1000", description = "per link (default ${DEFAULT-VALUE})")
    long bandwidthMbps;

    @Option(names = "--slack-factor", defaultValue = "3", description = "LST - EST = factor x interval (default ${DEFAULT-VALUE})")
    double slackFactor;

    @Option(names = "--bucket-minutes", defaultValue = "120", description = "buckets of the over-time series (default ${DEFAULT-VALUE})")
    int bucketMinutes;

    @Option(names = "--max-plans", defaultValue = "5", description = "ranked plans tried per request (default ${DEFAULT-VALUE})")
    int maxPlans;

    @Option(names = "--engine", defaultValue = "fast", description = "planner engine (default ${DEFAULT-VALUE})")
    String engine;

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
        SimulationParameters params;
        try {
            params = new SimulationParameters(seed, intervals, arrivalHours, bookingHours, booking, slots, lowServiceLevel,
                    durations, cores, bandwidthMbps, slackFactor, bucketMinutes, maxPlans, engine);
            LogLevels.set(org.slf4j.Logger.ROOT_LOGGER_NAME, logLevel);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        Evaluation.Result result;
        try {
            result = new Evaluation(params).run(Simulation.Observer.NONE, line -> {
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
        write(out.resolve("success-over-time.csv"), Report.seriesCsv(result));
        write(out.resolve("requests.csv"), Report.requestsCsv(result));
        String timing = Timing.summary(result);
        write(out.resolve("timing.txt"), timing);
        stdout.print(table);
        stdout.flush();
        if (!quiet) {
            stderr.print(timing);
            stderr.println("wrote summary.txt, success-over-time.svg, success-over-time.csv, requests.csv, timing.txt to "
                    + out.toAbsolutePath().normalize());
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
