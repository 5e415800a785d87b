package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import picocli.CommandLine;

/**
 * The command's outputs: the same seed gives the same bytes; the plot is the cumulative success rate over
 * acceptance time; --runs K gives mean ± standard deviation; bad input is refused.
 */
class EvaluationOutputTest {

    @TempDir
    static Path shared;
    private static String first;

    @BeforeAll
    static void runOnce() {
        SmallRuns.quietLogs();
        first = run(args(11, shared.resolve("a")), 0);
    }

    private static String[] args(long seed, Path out, String... more) {
        String[] base = {"--scenario", SmallRuns.file().toString(), "--quiet", "--seed", Long.toString(seed), "--out", out.toString()};
        String[] a = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, a, base.length, more.length);
        return a;
    }

    static String run(String[] args, int expectedExit) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SimulateCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        assertThat(exit).as("exit code; stderr: %s", err).isEqualTo(expectedExit);
        return expectedExit == 0 ? out.toString() : err.toString();
    }

    @Test
    void sameSeedSameBytesAnotherSeedAnotherWorkload(@TempDir Path dir) throws Exception {
        Path a = shared.resolve("a");
        String second = run(args(11, dir.resolve("b")), 0);
        String other = run(args(12, dir.resolve("c")), 0);
        assertThat(second).isEqualTo(first);
        for (String file : new String[] {"summary.txt", "success-over-time.svg", "success-over-time.csv", "success-by-bucket.csv",
            "requests.csv", "summary.csv"}) {
            assertThat(Files.readAllBytes(dir.resolve("b").resolve(file))).as(file).isEqualTo(Files.readAllBytes(a.resolve(file)));
        }
        assertThat(Files.readString(a.resolve("summary.txt"))).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        // the table has a row per interval, booking reading, setting and user, and the demand measured three ways
        assertThat(first).contains("scenario \"small\"", "seed 11")
                .containsPattern("(?m)^10 min  next day  standard +A +\\d+ +[\\d.]+% +[\\d.]+% +[\\d.]+%")
                .containsPattern("(?m)^20 min  next day  SL free share +B +\\d+ +[\\d.]+%")
                .containsPattern("(?m)^ +bandwidth, empty-grid routes +[\\d.]+ +-$")
                .containsPattern("(?m)^ +fluid bound 1/rho \\(CPU\\) +[\\d.]+")
                .contains("Cumulative success rate by acceptance time", "searches cut:");
    }

    @Test
    void thePlotIsTheCumulativeSuccessRateOverAcceptanceTimePerUserAndSetting() throws Exception {
        Path dir = shared.resolve("a");
        byte[] svg = Files.readAllBytes(dir.resolve("success-over-time.svg"));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(svg));
        assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
        String text = new String(svg, StandardCharsets.UTF_8);
        assertThat(text).contains("cumulative success rate", "acceptance time (h)", "10 min, booking next day",
                "20 min, booking next day", "user A, standard", "user B, SL free share", "100%");
        // 2 panels x 2 settings x 2 users; one run: no deviation bands
        assertThat(doc.getElementsByTagName("polyline").getLength()).isEqualTo(8);
        assertThat(doc.getElementsByTagName("polygon").getLength()).isZero();
        java.util.List<String> csv = Files.readAllLines(dir.resolve("success-over-time.csv"));
        // header + intervals x settings x users x (6 h / 30 min) points
        assertThat(csv).hasSize(1 + 2 * 2 * 2 * 12);
        // cumulative: the last point of a series is the user's overall success rate in the table
        String last = csv.stream().filter(l -> l.startsWith("10,NEXT_DAY,STANDARD,A,360,")).findFirst().orElseThrow();
        double rate = Double.parseDouble(last.split(",")[6]);
        assertThat(first).containsPattern("(?m)^10 min  next day  standard +A +\\d+ +" + String.format(java.util.Locale.ROOT, "%.1f",
                100 * rate) + "%");
    }

    @Test
    void severalRunsGiveMeanAndStandardDeviationAndABandInThePlot(@TempDir Path dir) throws Exception {
        String table = run(args(11, dir, "--runs", "3", "--intervals", "20"), 0);
        assertThat(table).contains("3 runs, seeds 11..13, mean ± standard deviation")
                .containsPattern("(?m)^20 min  next day  standard +A +[\\d.]+ ± [\\d.]+ +[\\d.]+% ± [\\d.]+% +[\\d.]+% ± [\\d.]+%")
                .containsPattern("(?m)^20 min +CPU +- +[\\d.]+ ± [\\d.]+");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(dir.resolve("success-over-time.svg").toFile());
        assertThat(doc.getElementsByTagName("polygon").getLength()).isEqualTo(4);
        assertThat(Files.readString(dir.resolve("success-over-time.csv"))).contains("20,NEXT_DAY,STANDARD,A,360,3,");
        assertThat(Files.readString(dir.resolve("requests.csv")).lines().map(l -> l.split(",")[0]).distinct())
                .contains("11", "12", "13");
    }

    @Test
    void invalidOptionsAndScenariosAreRefusedWithAClearMessageAndExitCode2(@TempDir Path dir) throws Exception {
        assertThat(run(new String[] {"--runs", "0", "--out", dir.toString()}, 2)).contains("--runs must be at least 1");
        assertThat(run(new String[] {"--intervals", "600", "--scenario", SmallRuns.file().toString(), "--out", dir.toString()}, 2))
                .contains("more than the 6 h booking period");
        assertThat(run(args(1, dir, "--engine", "no-such"), 2)).contains("no-such");
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, Files.readString(SmallRuns.file()).replace("sites: 3, links: [\"1-2\", \"2-3\"]",
                "sites: 3, links: [\"1-4\"]"));
        assertThat(run(new String[] {"--scenario", bad.toString(), "--out", dir.toString()}, 2))
                .contains("scenario " + bad, "\"1-4\" must name two different sites 1..3");
        assertThat(dir.resolve("summary.txt")).doesNotExist();
    }
}
