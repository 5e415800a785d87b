package org.doji.crm.batch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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

/**
 * Runs commands as processes. A command name without a slash is looked up first in {@code binDir}
 * (where the batch system's commands live), then on PATH. Every command gets the fixed {@code environment}
 * on top of the adapter's own (Grid Engine's tools need SGE_ROOT and SGE_CELL). A command that cannot be
 * started yields exit code 127 ("command not found"), one that outlives the timeout is killed and yields
 * 124 ("timed out"), as a shell would.
 */
public final class ProcessCommandRunner implements CommandRunner {

    private static final Logger LOG = LoggerFactory.getLogger(ProcessCommandRunner.class);

    private final Path binDir;
    private final Map<String, String> environment;
    private final Duration timeout;
    /**
     * Pipe readers block until the child exits: they get a pool of their own, because the common pool has a
     * single thread on a 2-core machine and concurrent commands would then wait for each other.
     */
    private final ExecutorService readers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "doji-batch-pipe");
        t.setDaemon(true);
        return t;
    });

    public ProcessCommandRunner(Path binDir, Duration timeout) {
        this(binDir, Map.of(), timeout);
    }

    /** @param binDir the commands' directory, or null when the callers name the commands by path or PATH has them */
    public ProcessCommandRunner(Path binDir, Map<String, String> environment, Duration timeout) {
        this.binDir = binDir;
        this.environment = Map.copyOf(environment);
        this.timeout = timeout;
    }

    @Override
    public Result run(List<String> argv) {
        List<String> cmd = new ArrayList<>(argv);
        if (binDir != null && !cmd.get(0).contains("/") && Files.isExecutable(binDir.resolve(cmd.get(0)))) {
            cmd.set(0, binDir.resolve(cmd.get(0)).toString());
        }
        long t0 = System.nanoTime();
        Process p;
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd);
            pb.environment().putAll(environment);
            if (binDir != null) {
                pb.environment().merge("PATH", binDir.toString(), (old, dir) -> dir + ":" + old);
            }
            p = pb.start();
        } catch (IOException e) {
            return new Result(127, "", cmd.get(0) + ": command not found (" + e.getMessage() + ")");
        }
        closeStdin(p);
        try {
            // both pipes are drained concurrently so that neither can fill up and block the child
            CompletableFuture<String> out = read(p.getInputStream());
            CompletableFuture<String> err = read(p.getErrorStream());
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                LOG.warn("command timed out after {}: {}", timeout, cmd);
                return new Result(124, "", String.join(" ", cmd) + ": timed out after " + timeout);
            }
            Result r = new Result(p.exitValue(), out.get(5, TimeUnit.SECONDS), err.get(5, TimeUnit.SECONDS));
            LOG.debug("{} -> {} in {} ms", cmd, r.exitCode(), (System.nanoTime() - t0) / 1_000_000);
            return r;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return new Result(130, "", "interrupted");
        } catch (ExecutionException | TimeoutException e) {
            return new Result(1, "", "reading output of " + cmd + " failed: " + e);
        }
    }

    /** A command that reads stdin must see its end at once, not wait for input that never comes. */
    private static void closeStdin(Process p) {
        try {
            p.getOutputStream().close();
        } catch (IOException e) {
            LOG.trace("closing stdin", e);
        }
    }

    private CompletableFuture<String> read(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        }, readers);
    }
}
