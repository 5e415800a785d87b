package org.doji.dst;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A seed replays exactly: the same event trace (hash) and the same outcome; another seed does not. */
class ReplayTest {

    @Test
    void twoRunsOfOneSeedGiveTheSameTrace() {
        for (long seed : new long[] {7, 11}) { // a flat grid and two GRC levels
            SimResult first = new SimRun(SimConfig.of(seed, 120, SimConfig.Storage.MEMORY)).run();
            SimResult second = new SimRun(SimConfig.of(seed, 120, SimConfig.Storage.MEMORY)).run();
            assertThat(second.traceHash()).as("seed " + seed).isEqualTo(first.traceHash());
            assertThat(second.events()).isEqualTo(first.events());
            assertThat(second.acknowledged()).isEqualTo(first.acknowledged());
            assertThat(second.faults()).isEqualTo(first.faults());
        }
    }

    @Test
    void anotherSeedGivesAnotherTrace() {
        SimResult a = new SimRun(SimConfig.of(21, 60, SimConfig.Storage.MEMORY)).run();
        SimResult b = new SimRun(SimConfig.of(24, 60, SimConfig.Storage.MEMORY)).run();
        assertThat(a.traceHash()).isNotEqualTo(b.traceHash());
    }

    @Test
    void aRecordedTraceHasTheSameHashAsAnUnrecordedOne() {
        SimConfig c = SimConfig.of(5, 60, SimConfig.Storage.MEMORY);
        assertThat(new SimRun(c.tracing()).run().traceHash()).isEqualTo(new SimRun(c).run().traceHash());
    }
}
