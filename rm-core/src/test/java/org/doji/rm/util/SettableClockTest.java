package org.doji.rm.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class SettableClockTest {

    private static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");

    @Test
    void virtualTimeStandsStillUntilMoved() {
        SettableClock clock = new SettableClock(T0);
        assertThat(clock.instant()).isEqualTo(T0);
        clock.advance(Duration.ofSeconds(5));
        assertThat(clock.instant()).isEqualTo(T0.plusSeconds(5));
        clock.set(T0.minusSeconds(1));
        assertThat(clock.instant()).isEqualTo(T0.minusSeconds(1));
        clock.resume();
        assertThat(clock.instant()).as("virtual time stays virtual").isEqualTo(T0.minusSeconds(1));
    }

    @Test
    void advanceToNeverGoesBack() {
        SettableClock clock = new SettableClock(T0);
        clock.advanceTo(T0.plusSeconds(1));
        clock.advanceTo(T0.plusSeconds(1));
        assertThatThrownBy(() -> clock.advanceTo(T0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot go back");
        assertThat(clock.instant()).isEqualTo(T0.plusSeconds(1));
    }

    @Test
    void followsItsBaseWithAnOffsetAndCanBeFrozenAndResumed() {
        SettableClock base = new SettableClock(T0); // stands in for real time, moved by hand
        SettableClock clock = SettableClock.following(base);
        assertThat(clock.instant()).isEqualTo(T0);
        base.advance(Duration.ofSeconds(10));
        assertThat(clock.instant()).as("runs with the base").isEqualTo(T0.plusSeconds(10));
        clock.advance(Duration.ofMinutes(1));
        base.advance(Duration.ofSeconds(1));
        assertThat(clock.instant()).as("a jump keeps it running").isEqualTo(T0.plusSeconds(71));

        clock.freeze();
        base.advance(Duration.ofHours(1));
        assertThat(clock.instant()).as("frozen").isEqualTo(T0.plusSeconds(71));
        clock.advance(Duration.ofSeconds(9));
        assertThat(clock.instant()).isEqualTo(T0.plusSeconds(80));

        clock.resume();
        base.advance(Duration.ofSeconds(2));
        assertThat(clock.instant()).as("runs on from where it stood").isEqualTo(T0.plusSeconds(82));
        clock.set(T0);
        assertThat(clock.instant()).isEqualTo(T0);
    }

    @Test
    void isUtcWhateverZoneIsAsked() {
        SettableClock clock = SettableClock.following(Clock.systemUTC());
        assertThat(clock.withZone(ZoneOffset.ofHours(2)).getZone()).isEqualTo(ZoneOffset.UTC);
    }
}
