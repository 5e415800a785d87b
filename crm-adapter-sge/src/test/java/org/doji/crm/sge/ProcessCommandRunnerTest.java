package org.doji.crm.sge;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessCommandRunnerTest {

    @Test
    void capturesBothStreamsExitCodeAndEnvironment() {
        var runner = new ProcessCommandRunner(Map.of("SGE_CELL", "cellX"), Duration.ofSeconds(10));
        var r = runner.run(List.of("/bin/sh", "-c", "echo out $SGE_CELL; echo err >&2; exit 3"));
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.stdout()).isEqualTo("out cellX\n");
        assertThat(r.stderr()).isEqualTo("err\n");
        assertThat(r.output()).contains("out cellX", "err");
    }

    @Test
    void killsACommandThatRunsTooLong() {
        var runner = new ProcessCommandRunner(Map.of(), Duration.ofMillis(300));
        var r = runner.run(List.of("/bin/sleep", "30"));
        assertThat(r.exitCode()).isEqualTo(124);
        assertThat(r.elapsed()).isLessThan(Duration.ofSeconds(10));
        assertThat(GridEngineException.classify(r.output())).isEqualTo(GridEngineException.Reason.UNREACHABLE);
    }

    @Test
    void aMissingBinaryIsAFailureNotAnException() {
        var r = new ProcessCommandRunner(Map.of(), Duration.ofSeconds(5)).run(List.of("/nonexistent/qconf", "-sql"));
        assertThat(r.exitCode()).isEqualTo(127);
        assertThat(GridEngineException.classify(r.output())).isEqualTo(GridEngineException.Reason.UNREACHABLE);
    }

    @Test
    void concurrentCommandsDoNotWaitForEachOther() throws Exception {
        var runner = new ProcessCommandRunner(Map.of(), Duration.ofSeconds(10));
        var pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            long t0 = System.nanoTime();
            var futures = new java.util.ArrayList<java.util.concurrent.Future<CommandRunner.CommandResult>>();
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
