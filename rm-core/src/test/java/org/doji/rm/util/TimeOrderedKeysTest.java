package org.doji.rm.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeOrderedKeysTest {

    private final SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));

    @Test
    void keysHaveTheirPrefixAndTwentyHexDigitsAndSortAsTheyWereMade() {
        TimeOrderedKeys keys = new TimeOrderedKeys("r-", clock);
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            made.add(keys.next());
            if (i % 100 == 0) {
                clock.advance(Duration.ofMillis(3));
            }
        }
        assertThat(made).allMatch(k -> k.matches("r-[0-9a-f]{20}"));
        assertThat(made).isSorted();
    }

    @Test
    void theServicesClockTickingInMicrosecondsWorks() {
        var micros = java.time.Clock.tick(java.time.Clock.systemUTC(), Duration.ofNanos(1_000));
        assertThat(new TimeOrderedKeys("r-", micros).next()).matches("r-[0-9a-f]{20}");
    }

    @Test
    void aClockStandingStillStillGivesUniqueKeys() {
        TimeOrderedKeys keys = new TimeOrderedKeys("co-", clock);
        var seen = new HashSet<String>();
        for (int i = 0; i < 100_000; i++) {
            seen.add(keys.next());
        }
        assertThat(seen).hasSize(100_000);
    }

    @Test
    void twoGeneratorsAtTheSameInstantDoNotShareKeys() {
        var first = new HashSet<String>();
        TimeOrderedKeys a = new TimeOrderedKeys("r-", clock);
        for (int i = 0; i < 10_000; i++) {
            first.add(a.next());
        }
        TimeOrderedKeys b = new TimeOrderedKeys("r-", clock); // as after a restart at the same virtual instant
        int shared = 0;
        for (int i = 0; i < 10_000; i++) {
            shared += first.contains(b.next()) ? 1 : 0;
        }
        assertThat(shared).isZero();
    }
}
