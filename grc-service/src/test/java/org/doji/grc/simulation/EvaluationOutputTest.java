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

/** The command's outputs: the same seed gives the same bytes; the plot is a well-formed chart; bad input is refused. */
class EvaluationOutputTest {

    private static final String[] SMALL = {"--intervals", "10,20", "--arrival-hours", "2", "--booking-hours", "3",
        "--bucket-minutes", "60", "--quiet"};

    @TempDir
    static Path shared;
    private static String first;

    @BeforeAll
    static void runOnce() {
        SmallRuns.quietLogs();
        first = run(args(11, shared.resolve("a")), 0);
    }

    private static String[] args(long seed, Path out) {
        String[] a = java.util.Arrays.copyOf(SMALL, SMALL.length + 4);
        a[SMALL.length] = "--seed";
        a[SMALL.length + 1] = Long.toString(seed);
        a[SMALL.length + 2] = "--out";
        a[SMALL.length + 3] = out.toString();
        return a;
    }

    private static String run(String[] args, int expectedExit) {
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
        for (String file : new String[] {"summary.txt", "success-over-time.svg", "success-over-time.csv", "requests.csv"}) {
            assertThat(Files.readAllBytes(dir.resolve("b").resolve(file))).as(file)
                    .isEqualTo(Files.readAllBytes(a.resolve(file)));
        }
        assertThat(Files.readString(a.resolve("summary.txt"))).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        assertThat(Files.readString(dir.resolve("c").resolve("requests.csv")))
                .isNotEqualTo(Files.readString(a.resolve("requests.csv")));
        // the table has a row per interval, setting and user
        assertThat(first).contains("seed 11").containsPattern("(?m)^10 min +standard +A +\\d+ +\\d+ +[\\d.]+%")
                .containsPattern("(?m)^20 min +B low SL \\(0.5\\) +B +\\d+ +\\d+ +[\\d.]+%")
                .containsPattern("(?m)^10 min +all +\\d+ +[\\d.]+ +[\\d.]+ +[\\d.]+");
    }

    @Test
    void thePlotIsAWellFormedSvgChartWithAxesLegendAndOneLinePerUserAndSetting() throws Exception {
        Path dir = shared.resolve("a");
        byte[] svg = Files.readAllBytes(dir.resolve("success-over-time.svg"));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(svg));
        assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
        String text = new String(svg, StandardCharsets.UTF_8);
        assertThat(text).contains("success rate over time", "arrival time (h)", "mean interval 10 min", "mean interval 20 min",
                "user A, standard", "user B, B low SL (0.5)", "100%");
        // 2 panels x 2 settings x 2 users, at least one polyline each (a series can have gaps)
        assertThat(doc.getElementsByTagName("polyline").getLength()).isGreaterThanOrEqualTo(8);
        String csv = Files.readString(dir.resolve("success-over-time.csv"));
        assertThat(csv.lines().count()).isEqualTo(1 + 2 * 2 * 2 * 2); // header + intervals x settings x users x 2 buckets
    }

    @Test
    void invalidParametersAreRefusedWithAClearMessageAndExitCode2(@TempDir Path dir) {
        assertThat(run(new String[] {"--low-service-level", "1.5", "--out", dir.toString()}, 2))
                .contains("--low-service-level must be in (0, 1]");
        assertThat(run(new String[] {"--intervals", "120", "--booking-hours", "2", "--out", dir.toString()}, 2))
                .contains("more than the 2 h booking period");
        assertThat(run(new String[] {"--engine", "no-such", "--arrival-hours", "1", "--booking-hours", "4", "--bucket-minutes",
            "60", "--quiet", "--out", dir.toString()}, 2)).contains("no-such");
        assertThat(dir.resolve("summary.txt")).doesNotExist();
    }
}
