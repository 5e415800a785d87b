package org.doji.it.faults;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.grc.GrcApplication;
import org.doji.rm.testing.ChildJvm;
import org.doji.rm.testing.TestDatabase;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A GRC in a JVM of its own ({@code org.doji.grc.launcher.DojiLauncher grc ...} on this test's class path), so
 * that it can really die: by its own crash point ({@code doji.grc.fault.halt-at}) or by {@code kill -9}.
 * Its output goes to a log file, from which the port and crash markers are read.
 */
public final class GrcProcess implements AutoCloseable {

    /**
     * H2 flushes a commit to its file up to 500 ms later by default (WRITE_DELAY): a process killed in that
     * window loses acknowledged changes (seen here: a stored commit decision lost by a halt right after it).
     * A GRC that may be killed must write through; the product default (DojiDefaults) should too.
     */
    public static final String WRITE_THROUGH = ";WRITE_DELAY=0";

    /**
     * For applications sharing one JVM (a fleet, an in-JVM GRC): they share one logback context, and each
     * application's logback metrics would add its own turbo filter to it, consulted on every log call of every one.
     */
    public static final String NO_LOGBACK_METRICS =
            "org.springframework.boot.actuate.autoconfigure.metrics.LogbackMetricsAutoConfiguration";

    private static final Pattern PORT = Pattern.compile("Tomcat started on port[^0-9]*(\\d+)");

    private final Process process;
    private final Path log;
    private volatile String url;

    private GrcProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts the GRC on a random port with its H2 file {@code database}; {@code args} are Spring arguments. */
    public static GrcProcess start(Path database, Path logFile, List<String> args) throws IOException {
        return start(database, logFile, args, 0);
    }

    /** As above on {@code port} (0: a random one): a GRC restarted on the same port keeps its address. */
    public static GrcProcess start(Path database, Path logFile, List<String> args, int port) throws IOException {
        return start(database, logFile, List.of(), args, port);
    }

    /** As above with JVM flags after the test children's own (C1 only): a benchmark's GRC gets the full JIT. */
    public static GrcProcess start(Path database, Path logFile, List<String> jvmFlags, List<String> args, int port)
            throws IOException {
        return startOn(TestDatabase.url(database), logFile, jvmFlags, args, port);
    }

    /** As above on the database at {@code jdbcUrl} (replicas sharing an H2 file through its automatic server). */
    public static GrcProcess startOn(String jdbcUrl, Path logFile, List<String> jvmFlags, List<String> args, int port)
            throws IOException {
        return startOn(jdbcUrl, logFile, List.of(), jvmFlags, args, port);
    }

    /** As above with classes in {@code classPathFirst} replacing the jars' (ChildJvm): a benchmark's "before". */
    public static GrcProcess startOn(String jdbcUrl, Path logFile, List<Path> classPathFirst, List<String> jvmFlags,
                                     List<String> args, int port) throws IOException {
        List<String> all = new ArrayList<>(List.of("grc", "--server.port=" + port, "--spring.jmx.enabled=false",
                "--spring.datasource.url=" + jdbcUrl));
        all.addAll(args);
        Process p = ChildJvm.start("org.doji.grc.launcher.DojiLauncher", classPathFirst, jvmFlags, all, logFile);
        GrcProcess grc = new GrcProcess(p, logFile);
        await("GRC process serving (log " + logFile + ")").atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(250)).until(() -> grc.started() || !p.isAlive());
        if (!grc.started()) {
            throw new IllegalStateException("the GRC process exited with " + p.exitValue() + " before serving; see " + logFile);
        }
        return grc;
    }

    private boolean started() throws IOException {
        if (url == null) {
            Matcher m = PORT.matcher(text());
            if (m.find()) {
                url = "http://localhost:" + m.group(1) + "/services/grc";
            }
        }
        return url != null && text().contains("Started GrcApplication");
    }

    /** The GRC's output so far. */
    public String text() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    public String url() {
        return url;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for the process to end by itself (a crash point); returns its exit status. */
    public int awaitDeath(Duration atMost) {
        await("GRC process " + pid() + " dead").atMost(atMost).pollInterval(Duration.ofMillis(100)).until(() -> !process.isAlive());
        return process.exitValue();
    }

    /** kill -9: SIGKILL, no shutdown hooks, nothing flushed. */
    public int kill9() {
        process.destroyForcibly();
        return awaitDeath(Duration.ofSeconds(30));
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }

    /** A GRC in this JVM (for fault scenarios that need no process death); returns its context. */
    public static ConfigurableApplicationContext inThisJvm(Path database, List<String> args) {
        return inThisJvm(database, args, ctx -> { });
    }

    /** As above, with an initializer applied to the GRC's context (e.g. to register a listener bean). */
    public static ConfigurableApplicationContext inThisJvm(Path database, List<String> args,
            org.springframework.context.ApplicationContextInitializer<ConfigurableApplicationContext> init) {
        List<String> all = new ArrayList<>(List.of("--server.port=0", "--spring.jmx.enabled=false",
                "--spring.datasource.url=" + TestDatabase.url(database),
                "--spring.autoconfigure.exclude=" + NO_LOGBACK_METRICS));
        all.addAll(args);
        return new SpringApplicationBuilder(GrcApplication.class).initializers(init).run(all.toArray(String[]::new));
    }

    public static String urlOf(ConfigurableApplicationContext grc) {
        return "http://localhost:" + ((ServletWebServerApplicationContext) grc).getWebServer().getPort() + "/services/grc";
    }

    /** A fresh directory for one IT's databases and logs, under target/. */
    public static Path itDirectory(String name) throws IOException {
        Path base = Path.of("target", "it-data");
        Files.createDirectories(base);
        return Files.createTempDirectory(base, name + "-").toAbsolutePath();
    }

}
