package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.grc.demo.DemoGrid;
import org.doji.grc.demo.LocalGrid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * What a newcomer sees on the demo's console ({@code scripts/demo.sh}): Doji's own lines (the addresses, the sample
 * co-allocation) and, of the libraries under it, only warnings and errors; in particular none of Hibernate's
 * "Database info" blocks and none of CXF's "Creating Service … from WSDL" lines, seven services starting.
 */
@ExtendWith(OutputCaptureExtension.class)
class DemoConsoleIT {

    /** A console line of Spring Boot's pattern at INFO (with the co-allocation, when there is one): its logger. */
    private static final Pattern INFO_LINE = Pattern.compile("^\\S+\\s+INFO(?: \\[[^]]*])? \\d+ --- \\[[^]]*] (\\S+)\\s*:");

    @Test
    void theDemosConsoleShowsDojisLinesAndOnlyTheWarningsOfTheLibraries(CapturedOutput output, @TempDir Path data)
            throws Exception {
        try (LocalGrid grid = DemoGrid.start("--port=0", "--data=" + data)) {
            LoggerFactory.getLogger("org.hibernate.orm.connections.pooling").warn("a library's warning still shows");
            LoggerFactory.getLogger("org.apache.cxf.endpoint.ServerImpl").error("a library's error still shows");
        }
        String console = output.getAll();
        assertThat(console).contains("Doji demo grid is up.", "  GRC      http://localhost:", "sample co-allocation created",
                " is Reserved", "a library's warning still shows", "a library's error still shows");
        assertThat(console).doesNotContain("Database JDBC URL", "Creating Service", "HikariPool", "Migrating schema",
                "Tomcat started", "Started RmApplication");
        List<String> foreign = console.lines().map(INFO_LINE::matcher).filter(Matcher::find)
                .filter(m -> !m.group(1).startsWith("org.doji.") && !m.group(1).startsWith("o.d."))
                .map(Matcher::group).toList();
        assertThat(foreign).as("INFO lines not of Doji's own").isEmpty();
    }
}
