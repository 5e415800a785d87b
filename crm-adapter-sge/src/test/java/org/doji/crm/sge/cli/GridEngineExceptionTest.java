package org.doji.crm.sge.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.doji.crm.batch.testing.RecordedCommands.recorded;

import java.time.Duration;
import java.util.List;
import org.doji.crm.batch.CommandRunner;
import org.doji.crm.batch.ProcessCommandRunner;
import org.doji.crm.sge.cli.GridEngineException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GridEngineExceptionTest {

    @ParameterizedTest
    @CsvSource({
        "qconf-create-exists, ALREADY_EXISTS",
        "qconf-dq-busy, BUSY",
        "qconf-dq-missing, NOT_FOUND",
        "qconf-sq-missing, NOT_FOUND",
        "qconf-su-missing, NOT_FOUND",
        "qmod-missing, NOT_FOUND",
        "qdel-end, NOT_FOUND",
        "qrdel-missing, NOT_FOUND",
        "qrsub-denied, REFUSED",
        "qsub-refused, REFUSED",
        "qhost-down, UNREACHABLE",
    })
    void recordedErrorOutputsAreClassified(String fixture, Reason reason) {
        CommandRunner.Result r = recorded("sge/" + fixture);
        assertThat(r.ok()).isFalse();
        assertThat(GridEngineException.classify(r.message())).isEqualTo(reason);
    }

    @ParameterizedTest
    @CsvSource({"qconf-create", "qconf-dq-ok", "qmod-start", "qresub", "qrsub-ok"})
    void successOutputsCarryNoFailure(String fixture) {
        CommandRunner.Result r = recorded("sge/" + fixture);
        assertThat(r.ok()).isTrue();
        assertThat(GridEngineException.classify(r.message())).isEqualTo(Reason.OTHER);
    }

    @Test
    void aMissingOrHungToolMeansGridEngineIsUnreachable() {
        var missing = new ProcessCommandRunner(null, Duration.ofSeconds(5)).run(List.of("/nonexistent/qconf", "-sql"));
        assertThat(missing.exitCode()).isEqualTo(127);
        assertThat(GridEngineException.classify(missing.message())).isEqualTo(Reason.UNREACHABLE);
        var hung = new ProcessCommandRunner(null, Duration.ofMillis(300)).run(List.of("/bin/sleep", "30"));
        assertThat(hung.exitCode()).isEqualTo(124);
        assertThat(GridEngineException.classify(hung.message())).isEqualTo(Reason.UNREACHABLE);
    }
}
