package org.doji.crm.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessCommandRunnerTest {

    @TempDir
    Path bin;

    @Test
    void runsFromTheBinDirFirstAndReportsExitCodesAndBothStreams() throws IOException {
        Path tool = bin.resolve("mytool");
        Files.writeString(tool, "#!/bin/sh\necho out $1\necho err >&2\nexit 3\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        CommandRunner.Result r = new ProcessCommandRunner(bin, Duration.ofSeconds(10)).run(List.of("mytool", "x"));
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.stdout()).isEqualTo("out x\n");
        assertThat(r.stderr()).isEqualTo("err\n");
        assertThat(r.message()).startsWith("out x").endsWith("err");
    }

    @Test
    void aMissingCommandIs127AndASlowOneTimesOut() {
        ProcessCommandRunner runner = new ProcessCommandRunner(bin, Duration.ofMillis(300));
        assertThat(runner.run(List.of("no-such-command-here")).exitCode()).isEqualTo(127);
        CommandRunner.Result slow = runner.run(List.of("sleep", "5"));
        assertThat(slow.exitCode()).isEqualTo(124);
        assertThat(slow.message()).contains("timed out");
    }

    @Test
    void passesTheFixedEnvironmentAndClosesStdin() {
        var runner = new ProcessCommandRunner(null, Map.of("SGE_CELL", "cellX"), Duration.ofSeconds(10));
        // cat would wait for input until the timeout if stdin stayed open
        CommandRunner.Result r = runner.run(List.of("/bin/sh", "-c", "cat; echo out $SGE_CELL"));
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).isEqualTo("out cellX\n");
    }

    @Test
    void concurrentCommandsDoNotWaitForEachOther() throws Exception {
        var runner = new ProcessCommandRunner(null, Duration.ofSeconds(10));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            long t0 = System.nanoTime();
            List<Future<CommandRunner.Result>> futures = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                futures.add(pool.submit(() -> runner.run(List.of("/bin/sh", "-c", "sleep 1; echo done"))));
            }
            for (var f : futures) {
                assertThat(f.get().stdout()).isEqualTo("done\n");
            }
            // four 1-second commands in parallel: far less than the 4 s they would take one after another
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofMillis(3000));
        } finally {
            pool.shutdownNow();
        }
    }
}
