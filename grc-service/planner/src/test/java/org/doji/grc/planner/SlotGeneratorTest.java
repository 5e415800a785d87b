package org.doji.grc.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.grc.planner.model.TimeSlot;
import org.junit.jupiter.api.Test;

class SlotGeneratorTest {
    private static final Instant EST = Instant.parse("2026-03-01T13:00:00Z");

    @Test
    void spreadsNStartsEvenlyFromEstToLst() {
        List<TimeSlot> slots = SlotGenerator.generate(EST, EST.plus(Duration.ofHours(3)), Duration.ofHours(2), 10);
        assertThat(slots).hasSize(10);
        assertThat(slots.get(0)).isEqualTo(new TimeSlot(0, EST, EST.plus(Duration.ofHours(2))));
        assertThat(slots.get(1).start()).isEqualTo(EST.plus(Duration.ofMinutes(20)));
        assertThat(slots.get(9).start()).isEqualTo(EST.plus(Duration.ofHours(3)));
        assertThat(slots.get(9).end()).isEqualTo(EST.plus(Duration.ofHours(5)));
    }

    @Test
    void fixedStartGivesOneSlot() {
        assertThat(SlotGenerator.generate(EST, EST, Duration.ofMinutes(30), 10))
                .containsExactly(new TimeSlot(0, EST, EST.plus(Duration.ofMinutes(30))));
    }

    @Test
    void rejectsBadWindows() {
        assertThatThrownBy(() -> SlotGenerator.generate(EST, EST.minusSeconds(1), Duration.ofMinutes(1), 3))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SlotGenerator.generate(EST, EST, Duration.ZERO, 3))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SlotGenerator.generate(EST, EST, Duration.ofMinutes(1), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
