package org.doji.grc.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class TimeArgsTest {

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-22T10:15:30.250Z"), ZoneId.of("Asia/Tokyo"));

    @Test
    void relativeTimesCountFromNowTruncatedToTheSecond() {
        assertThat(TimeArgs.instant("--start", "now", clock)).isEqualTo(Instant.parse("2026-11-22T10:15:30Z"));
        assertThat(TimeArgs.instant("--start", "+1h", clock)).isEqualTo(Instant.parse("2026-11-22T11:15:30Z"));
        assertThat(TimeArgs.instant("--start", "+1h30m", clock)).isEqualTo(Instant.parse("2026-11-22T11:45:30Z"));
        assertThat(TimeArgs.instant("--start", "+2d", clock)).isEqualTo(Instant.parse("2026-11-24T10:15:30Z"));
        assertThat(TimeArgs.instant("--start", "+PT15M", clock)).isEqualTo(Instant.parse("2026-11-22T10:30:30Z"));
    }

    @Test
    void isoTimesWithZoneOffsetOrLocalInTheClocksZone() {
        assertThat(TimeArgs.instant("--start", "2026-11-23T13:00:00Z", clock)).isEqualTo(Instant.parse("2026-11-23T13:00:00Z"));
        assertThat(TimeArgs.instant("--start", "2026-11-23T13:00+09:00", clock)).isEqualTo(Instant.parse("2026-11-23T04:00:00Z"));
        // local time: in the clock's zone (Tokyo, +09:00)
        assertThat(TimeArgs.instant("--start", "2026-11-23T13:00", clock)).isEqualTo(Instant.parse("2026-11-23T04:00:00Z"));
    }

    @Test
    void durationsCompactOrIso() {
        assertThat(TimeArgs.duration("--duration", "2h")).isEqualTo(Duration.ofHours(2));
        assertThat(TimeArgs.duration("--duration", "90m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(TimeArgs.duration("--duration", "1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(TimeArgs.duration("--duration", "1d")).isEqualTo(Duration.ofDays(1));
        assertThat(TimeArgs.duration("--poll-interval", "500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(TimeArgs.duration("--duration", "PT2H")).isEqualTo(Duration.ofHours(2));
        assertThat(TimeArgs.duration("--duration", "pt45s")).isEqualTo(Duration.ofSeconds(45));
    }

    @Test
    void badTimesAndDurationsAreArgumentErrorsNamingTheOption() {
        assertThatThrownBy(() -> TimeArgs.instant("--est", "tomorrow", clock))
                .isInstanceOfSatisfying(CliException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.BAD_ARGUMENTS);
                    assertThat(e.getMessage()).startsWith("--est: 'tomorrow' is not a time");
                });
        assertThatThrownBy(() -> TimeArgs.duration("--duration", "2 hours"))
                .isInstanceOfSatisfying(CliException.class, e -> assertThat(e.getMessage())
                        .startsWith("--duration: '2 hours' is not a duration"));
        assertThatThrownBy(() -> TimeArgs.duration("--duration", "0m"))
                .isInstanceOfSatisfying(CliException.class, e -> assertThat(e.getMessage()).contains("must be positive"));
        assertThatThrownBy(() -> TimeArgs.duration("--duration", ""))
                .isInstanceOf(CliException.class);
    }
}
