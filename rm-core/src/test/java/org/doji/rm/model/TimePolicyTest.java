package org.doji.rm.model;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.doji.rm.fault.DojiException;
import org.junit.jupiter.api.Test;

class TimePolicyTest {

    private static final Instant NOW = Instant.parse("2030-01-01T12:00:00Z");
    private final TimePolicy policy = new TimePolicy(Duration.ofDays(366), Duration.ofDays(7), Duration.ofMinutes(5));

    private static void refused(Runnable check, String code) {
        assertThatThrownBy(check::run).isInstanceOfSatisfying(DojiException.class,
                e -> org.assertj.core.api.Assertions.assertThat(e.errorCode()).isEqualTo(code));
    }

    @Test
    void aWindowFromNowWithinTheLimitsIsAccepted() {
        assertThatCode(() -> policy.checkNew(NOW.minusSeconds(60), NOW.plusSeconds(3600), NOW, "w")).doesNotThrowAnyException();
        assertThatCode(() -> policy.checkNew(NOW.plus(Duration.ofDays(300)), NOW.plus(Duration.ofDays(301)), NOW, "w"))
                .doesNotThrowAnyException();
    }

    @Test
    void eachRuleHasItsCode() {
        refused(() -> policy.checkNew(NOW.plusSeconds(60), NOW.plusSeconds(60), NOW, "w"), "END_NOT_AFTER_START");
        refused(() -> policy.checkNew(NOW.minusSeconds(7200), NOW.minusSeconds(3600), NOW, "w"), "WINDOW_IN_PAST");
        refused(() -> policy.checkNew(Instant.EPOCH, NOW.plusSeconds(7200), NOW, "w"), "STARTS_IN_PAST");
        refused(() -> policy.checkNew(Instant.parse("9999-01-01T00:00:00Z"), Instant.parse("9999-01-01T02:00:00Z"), NOW, "w"),
                "TOO_FAR_AHEAD");
        refused(() -> policy.checkNew(NOW.plusSeconds(60), NOW.plus(Duration.ofDays(8)), NOW, "w"), "WINDOW_TOO_LONG");
    }

    @Test
    void aChangeMayKeepAStartThatHasPassedButNothingElse() {
        assertThatCode(() -> policy.check(NOW.minus(Duration.ofDays(1)), NOW.plusSeconds(60), NOW, "w")).doesNotThrowAnyException();
        refused(() -> policy.check(NOW.minus(Duration.ofDays(8)), NOW.plusSeconds(60), NOW, "w"), "WINDOW_TOO_LONG");
        refused(() -> policy.check(NOW.minus(Duration.ofDays(1)), NOW.minusSeconds(1), NOW, "w"), "WINDOW_IN_PAST");
    }

    @Test
    void limitsMustBePositive() {
        assertThatThrownBy(() -> new TimePolicy(Duration.ZERO, Duration.ofDays(1), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TimePolicy(Duration.ofDays(1), Duration.ofDays(1), Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
