package org.doji.crm.batch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs commands as processes. A command name without a slash is looked up first in {@code binDir}
 * (where the batch system's commands live), then on
 * PATH. A command that cannot be started yields exit code 127, as a shell would.
 */
public final class ProcessCommandRunner implements CommandRunner {

    private static final Logger LOG = LoggerFactory.getLogger(ProcessCommandRunner.class);

    private final Path binDir;
    private final Duration timeout;

    public ProcessCommandRunner(Path binDir, Duration timeout) {
        this.binDir = binDir;
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
            if (binDir != null) {
                pb.environment().merge("PATH", binDir.toString(), (old, dir) -> dir + ":" + old);
            }
            p = pb.start();
        } catch (IOException e) {
            return new Result(127, "", cmd.get(0) + ": command not found (" + e.getMessage() + ")");
        }
        try {
            CompletableFuture<String> out = read(p.getInputStream());
            CompletableFuture<String> err = read(p.getErrorStream());
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
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

    private static CompletableFuture<String> read(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
    }
}
