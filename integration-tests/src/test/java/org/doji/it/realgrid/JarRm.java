package org.doji.it.realgrid;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.testing.TestDatabase;

/**
 * One RM of the real grid as it is deployed: its adapter's executable jar ({@code java -jar}) in a process of its
 * own, configured by the grid's file ({@code scripts/realgrid/config/ID.yml}), on a durable H2 file and one port for
 * its whole life, so that it can be killed with SIGKILL and started again on the same file.
 */
final class JarRm implements AutoCloseable {

    private final String id;
    private final List<String> command;
    private final Path log;
    private final int port;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private Process process;
    private int starts;

    JarRm(String id, Path jar, Path config, Path dir) {
        this.id = id;
        this.port = RestartableRm.freePort();
        this.log = dir.resolve(id + ".log");
        this.command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", jar.toString(),
                "--spring.config.additional-location=file:" + config, "--server.port=" + port,
                "--spring.jmx.enabled=false", "--spring.datasource.url=" + TestDatabase.url(dir.resolve(id))));
    }

    /** With more Spring arguments (a property of the grid's file overridden for a test). */
    JarRm with(String... args) {
        command.addAll(List.of(args));
        return this;
    }

    JarRm start() {
        try {
            Files.writeString(log, "==== start " + (++starts) + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Process p = process;
        await(id + " serving (log " + log + ")").atMost(Duration.ofSeconds(240)).pollInterval(Duration.ofMillis(250))
                .until(() -> serving() || !p.isAlive());
        if (!p.isAlive()) {
            throw new IllegalStateException(id + " exited with " + p.exitValue() + " before serving; see " + log);
        }
        return this;
    }

    private boolean serving() {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(url() + "?wsdl")).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** kill -9: SIGKILL, nothing flushed, no shutdown hook. */
    void kill9() {
        process.destroyForcibly();
        await(id + " dead").atMost(Duration.ofSeconds(30)).until(() -> !process.isAlive());
    }

    String id() {
        return id;
    }

    String url() {
        return "http://localhost:" + port + "/services/rm";
    }

    Path log() {
        return log;
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.destroy(); // a graceful stop: the RM ends its work, its reservations stay in its database
            try {
                if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }
}
