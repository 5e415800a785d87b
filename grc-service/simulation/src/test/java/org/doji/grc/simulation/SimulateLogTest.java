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
 * The default {@code doji simulate} (the reference scenario at the paper's load) logs no ERROR or WARN line and
 * prints none: an in-memory store that cannot answer a kernel query used to log an error at every tick.
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
            assertThat(cli.execute("--out", out.toString())).isZero();
            assertThat(seen.list).filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                    .extracting(ILoggingEvent::getFormattedMessage).isEmpty();
            assertThat((stdout + "\n" + stderr).lines().filter(l -> l.contains("ERROR") || l.contains("WARN"))).isEmpty();
            assertThat(stdout.toString()).contains("scenario \"reference\"");
        } finally {
            root.detachAppender(seen);
        }
    }
}
