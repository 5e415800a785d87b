package org.doji.rm.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.doji.rm.api.Caller;
import org.doji.rm.soap.client.RemoteResourceManager;

/**
 * An RM in a JVM of its own (its main class on this test's class path), on a durable H2 file database and one
 * port for its whole life, so that a test can {@code kill -9} it ({@link Process#destroyForcibly}: SIGKILL, no
 * shutdown hook, nothing flushed) and start it again on the same file. Its output is appended to a log file.
 */
public final class RmProcess implements AutoCloseable {

    private final String mainClass;
    private final List<String> args;
    private final List<String> jvmFlags;
    private final Path log;
    private final int port;
    /** The RM's id among its arguments (null: not given, not checked). */
    private final String rmId;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private Process process;
    private int starts;

    /**
     * @param database the H2 file (without .mv.db) kept across kills
     * @param args     Spring arguments of the RM ({@code --doji.rm.id=...} at least)
     */
    public RmProcess(String mainClass, Path database, Path log, List<String> args) {
        this(mainClass, List.of(), database, log, args);
    }

    /** As above with JVM flags after the children's own (a benchmark's RM: {@code -XX:TieredStopAtLevel=4}). */
    public RmProcess(String mainClass, List<String> jvmFlags, Path database, Path log, List<String> args) {
        this.mainClass = mainClass;
        this.jvmFlags = List.copyOf(jvmFlags);
        this.log = log;
        this.port = RestartableRm.freePort();
        this.args = new ArrayList<>(args);
        this.rmId = args.stream().filter(a -> a.startsWith("--doji.rm.id=")).map(a -> a.substring(13)).findFirst()
                .orElse(null);
        this.args.add("--server.port=" + port);
        this.args.add("--spring.jmx.enabled=false");
        this.args.add("--spring.datasource.url=" + TestDatabase.url(database));
    }

    /**
     * Starts the process and waits until its RM port answers (its WSDL), then checks that the RM answering there is
     * this one (by its id): another process on the port would otherwise look like this RM serving; returns this.
     */
    public RmProcess start() {
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.writeString(log, "==== start " + (++starts) + "\n", java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
            process = ChildJvm.start(mainClass, jvmFlags, args, log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Process p = process;
        await("RM process serving (log " + log + ")").atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(250))
                .until(() -> serving() || !p.isAlive());
        if (!p.isAlive()) {
            throw new IllegalStateException("the RM process exited with " + p.exitValue() + " before serving; see " + log);
        }
        if (rmId != null) {
            String serving = servingId();
            if (!rmId.equals(serving)) { // another process has the port: calls to this RM would reach it
                p.destroyForcibly();
                throw new IllegalStateException("port " + port + " of RM " + rmId + " is served by " + serving
                        + ", not by this RM's process; see " + log);
            }
        }
        return this;
    }

    /** The id of the RM that answers on this port (its description). */
    private String servingId() {
        return new RemoteResourceManager(url(), Duration.ofSeconds(2), Duration.ofSeconds(30))
                .describe(Caller.ANONYMOUS).rmId();
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

    /** kill -9, then waits for the process to be gone. */
    public void kill9() {
        process.destroyForcibly();
        await("RM process " + process.pid() + " dead").atMost(Duration.ofSeconds(30)).until(() -> !process.isAlive());
    }

    /** kill -9 and start again on the same database and port. */
    public void crashAndRestart() {
        kill9();
        start();
    }

    public String url() {
        return "http://localhost:" + port + "/services/rm";
    }

    /** The process's id (its CPU time is in /proc/PID/stat). */
    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
