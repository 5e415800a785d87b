package org.doji.crm.sge;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs commands as child processes with a fixed environment and a timeout. */
public final class ProcessCommandRunner implements CommandRunner {

    private static final Logger log = LoggerFactory.getLogger(ProcessCommandRunner.class);

    private final Map<String, String> environment;
    private final Duration timeout;
    /** Pipe readers block: a pool of their own (the common pool has one thread on a 2-core machine). */
    private final ExecutorService readers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "doji-sge-pipe");
        t.setDaemon(true);
        return t;
    });

    public ProcessCommandRunner(Map<String, String> environment, Duration timeout) {
        this.environment = Map.copyOf(environment);
        this.timeout = timeout;
    }

    @Override
    public CommandResult run(List<String> argv) {
        long t0 = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.environment().putAll(environment);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new CommandResult(127, "", "cannot start " + argv.get(0) + ": " + e.getMessage(), elapsed(t0));
        }
        closeQuietly(p);
        // both pipes are drained concurrently so that neither can fill up and block the child
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()), readers);
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()), readers);
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                log.warn("command timed out after {}: {}", timeout, argv);
                return new CommandResult(124, "", "timed out after " + timeout, elapsed(t0));
            }
            CommandResult r = new CommandResult(p.exitValue(), out.get(timeout.toMillis(), TimeUnit.MILLISECONDS),
                    err.get(timeout.toMillis(), TimeUnit.MILLISECONDS), elapsed(t0));
            log.debug("{} -> {} in {} ms", argv, r.exitCode(), r.elapsed().toMillis());
            return r;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return new CommandResult(130, "", "interrupted", elapsed(t0));
        } catch (ExecutionException | TimeoutException e) {
            return new CommandResult(p.exitValue(), "", "cannot read output: " + e, elapsed(t0));
        }
    }

    private static void closeQuietly(Process p) {
        try {
            p.getOutputStream().close();
        } catch (IOException e) {
            log.trace("closing stdin", e);
        }
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Duration elapsed(long t0) {
        return Duration.ofNanos(System.nanoTime() - t0);
    }
}
