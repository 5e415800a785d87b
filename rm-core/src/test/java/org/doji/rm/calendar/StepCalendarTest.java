package org.doji.rm.calendar;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StepCalendarTest {

    private static Instant t(long s) {
        return Instant.ofEpochSecond(s);
    }

    @Test
    void maxOverAWindowIsTheMaximumOfTheStepFunction() {
        StepCalendar c = new StepCalendar();
        c.add(t(10), t(20), 3);
        c.add(t(15), t(30), 2);
        assertThat(c.maxUsage(t(0), t(10))).isZero();
        assertThat(c.maxUsage(t(0), t(11))).isEqualTo(3);
        assertThat(c.maxUsage(t(16), t(17))).isEqualTo(5);
        assertThat(c.maxUsage(t(20), t(40))).isEqualTo(2);
        assertThat(c.maxUsage(t(30), t(40))).isZero();
        c.add(t(15), t(30), -2);
        c.add(t(10), t(20), -3);
        assertThat(c.isEmpty()).isTrue();
    }

    @Test
    void randomBookingsAgreeWithABruteForceTimeline() {
        Random random = new Random(42);
        StepCalendar c = new StepCalendar();
        long[] usage = new long[200];
        for (int i = 0; i < 2000; i++) {
            int from = random.nextInt(199);
            int to = from + 1 + random.nextInt(200 - from);
            long amount = random.nextInt(5) + 1;
            c.add(t(from), t(to), amount);
            for (int s = from; s < to; s++) {
                usage[s] += amount;
            }
            int qFrom = random.nextInt(199);
            int qTo = qFrom + 1 + random.nextInt(200 - qFrom);
            long expected = 0;
            for (int s = qFrom; s < qTo; s++) {
                expected = Math.max(expected, usage[s]);
            }
            assertThat(c.maxUsage(t(qFrom), t(qTo))).isEqualTo(expected);
        }
    }

    @Test
    void lastFreedIsTheEndOfThePreviousBooking() {
        StepCalendar c = new StepCalendar();
        assertThat(c.lastFreedAtOrBefore(t(50))).isNull();
        c.add(t(10), t(20), 1);
        c.add(t(25), t(30), 1);
        assertThat(c.lastFreedAtOrBefore(t(22))).isEqualTo(t(20));
        assertThat(c.lastFreedAtOrBefore(t(40))).isEqualTo(t(30));
        assertThat(c.lastFreedAtOrBefore(t(5))).isNull();
    }
}
