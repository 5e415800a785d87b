package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * {@code doji simulate} of the reference scenario logs no ERROR or WARN line and prints none: an in-memory store that
 * cannot answer a kernel query used to log an error at every tick. The reference scenario is run over its first three
 * hours at one interval (seconds); the whole default run (about an hour) only with {@code -Ddoji.simulation.long=true}.
 */
class SimulateLogTest {

    @Test
    void theDefaultRunLogsAndPrintsNoErrorOrWarning(@TempDir Path out) {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> seen = new ListAppender<>();
        seen.start();
        root.addAppender(seen);
        try {
            java.io.StringWriter stdout = new java.io.StringWriter();
            java.io.StringWriter stderr = new java.io.StringWriter();
            picocli.CommandLine cli = new picocli.CommandLine(new SimulateCommand());
            cli.setOut(new java.io.PrintWriter(stdout));
            cli.setErr(new java.io.PrintWriter(stderr));
            String[] args = Boolean.getBoolean("doji.simulation.long") ? new String[] {"--out", out.toString()}
                    : new String[] {"--scenario", shortReference(out).toString(), "--intervals", "10", "--search-step-limit", "20000",
                        "--out", out.toString()};
            assertThat(cli.execute(args)).isZero();
            assertThat(seen.list).filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                    .extracting(ILoggingEvent::getFormattedMessage).isEmpty();
            assertThat((stdout + "\n" + stderr).lines().filter(l -> l.contains("ERROR") || l.contains("WARN"))).isEmpty();
            assertThat(stdout.toString()).contains("scenario \"reference\"");
        } finally {
            root.detachAppender(seen);
        }
    }

    /** The reference scenario with three hours of arrivals booking the next three hours. */
    private static Path shortReference(Path dir) {
        try {
            String text = ScenarioLoader.referenceText();
            assertThat(text).contains("    hours: 24\n", "  hours: 24 ");
            Path file = dir.resolve("reference-3h.yaml");
            java.nio.file.Files.createDirectories(dir);
            java.nio.file.Files.writeString(file, text.replace("    hours: 24\n", "    hours: 3\n").replace("hours: 24 ", "hours: 3 ")
                    .replace("bucket-minutes: 120", "bucket-minutes: 60"));
            return file;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
