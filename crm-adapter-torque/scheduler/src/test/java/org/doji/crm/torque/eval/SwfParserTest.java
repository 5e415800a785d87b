package org.doji.crm.torque.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class SwfParserTest {

    @Test
    void readsFieldsSkipsHeadersAndRoundTripsTheGenerator() throws IOException {
        String swf = """
                ; Version: 2.2
                ; MaxNodes: 128
                    1        0     -1   1451  128     -1    -1   -1     -1    -1 -1   1   1  -1 -1 -1 -1 -1
                    2     1460     12   3726   32  1.50    -1   64   7200    -1  1   7   1  -1  3 -1 -1 -1
                """;
        List<SwfJob> jobs = SwfParser.parse(new StringReader(swf));
        assertThat(jobs).hasSize(2);
        assertThat(jobs.get(0).procs()).isEqualTo(128);
        assertThat(jobs.get(0).hasRequestedTime()).isFalse();
        SwfJob b = jobs.get(1);
        assertThat(b.submit()).isEqualTo(1460);
        assertThat(b.waitTime()).isEqualTo(12);
        assertThat(b.runTime()).isEqualTo(3726);
        assertThat(b.requestedProcs()).isEqualTo(64);
        assertThat(b.requestedTime()).isEqualTo(7200);
        assertThat(b.user()).isEqualTo(7);
        assertThat(b.queue()).isEqualTo(3);

        List<SwfJob> synthetic = SwfGenerator.generate(5, 200, 32, 0.8);
        StringWriter w = new StringWriter();
        SwfGenerator.write(synthetic, w, "test");
        assertThat(SwfParser.parse(new StringReader(w.toString()))).isEqualTo(synthetic);
    }

    @Test
    void malformedLinesAreErrorsWithTheirLineNumber() {
        assertThatThrownBy(() -> SwfParser.parse(new StringReader("; h\n1 2 3\n")))
                .isInstanceOf(IOException.class).hasMessageContaining("line 2");
    }

    @Test
    void generatorIsSeededAndHitsTheOfferedLoad() {
        List<SwfJob> a = SwfGenerator.generate(9, 2_000, 64, 0.7);
        assertThat(SwfGenerator.generate(9, 2_000, 64, 0.7)).isEqualTo(a);
        double work = a.stream().mapToDouble(j -> (double) j.runTime() * j.procs()).sum();
        double span = a.get(a.size() - 1).submit() - a.get(0).submit();
        assertThat(work / (span * 64)).isBetween(0.55, 0.85);
        assertThat(a).allSatisfy(j -> assertThat(j.requestedTime()).isGreaterThanOrEqualTo(j.runTime()));
    }
}
