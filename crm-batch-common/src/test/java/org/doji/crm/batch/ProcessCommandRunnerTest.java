package org.doji.crm.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
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
}
