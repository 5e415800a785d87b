package org.doji.crm.sge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.doji.crm.sge.FakeCommandRunner.fixture;

import org.doji.crm.sge.GridEngineException.Reason;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GridEngineExceptionTest {

    @ParameterizedTest
    @CsvSource({
        "qconf-create-exists.err, ALREADY_EXISTS",
        "qconf-dq-busy.err, BUSY",
        "qconf-dq-missing.err, NOT_FOUND",
        "qconf-sq-missing.err, NOT_FOUND",
        "qconf-su-missing.err, NOT_FOUND",
        "qmod-missing.err, NOT_FOUND",
        "qdel-end.out, NOT_FOUND",
        "qrdel-missing.err, NOT_FOUND",
        "qrsub-denied.err, REFUSED",
        "qsub-refused.err, REFUSED",
        "qhost-down.err, UNREACHABLE",
    })
    void recordedErrorOutputsAreClassified(String fixture, Reason reason) {
        CommandRunner.CommandResult r = fixture(fixture);
        assertThat(r.ok()).isFalse();
        assertThat(GridEngineException.classify(r.output())).isEqualTo(reason);
    }

    @ParameterizedTest
    @CsvSource({"qconf-create.out", "qconf-dq-ok.out", "qmod-start.out", "qresub.out", "qrsub-ok.out"})
    void successOutputsCarryNoFailure(String fixture) {
        CommandRunner.CommandResult r = fixture(fixture);
        assertThat(r.ok()).isTrue();
        assertThat(GridEngineException.classify(r.output())).isEqualTo(Reason.OTHER);
    }
}
