package org.doji.crm.torque.sched;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The linked step function against a brute-force array of free cores per second. */
class CoreProfileTest {

    @Test
    void earliestFitAndMinimumMatchBruteForceOnRandomTables() {
        for (long seed = 1; seed <= 40; seed++) {
            Random rnd = new Random(seed);
            int capacity = 1 + rnd.nextInt(32);
            int horizon = 400;
            int[] brute = new int[20_000];
            java.util.Arrays.fill(brute, capacity);
            CoreProfile p = new CoreProfile(0, capacity);
            for (int op = 0; op < 300; op++) {
                int cores = 1 + rnd.nextInt(capacity);
                int dur = 1 + rnd.nextInt(60);
                int notBefore = rnd.nextInt(horizon / 2);
                long t = p.earliestFit(notBefore, dur, cores, Long.MAX_VALUE);
                long expected = bruteFit(brute, notBefore, dur, cores);
                assertThat(t).as("seed %d op %d", seed, op).isEqualTo(expected);
                if (t >= 0) {
                    p.reserve(t, t + dur, cores);
                    for (long s = t; s < t + dur; s++) {
                        brute[(int) s] -= cores;
                    }
                }
                int from = rnd.nextInt(horizon);
                int to = from + 1 + rnd.nextInt(50);
                int min = Integer.MAX_VALUE;
                for (int s = from; s < to; s++) {
                    min = Math.min(min, brute[s]);
                }
                assertThat(p.minFree(from, to)).isEqualTo(min);
                assertThat(p.segments()).isGreaterThan(0);
                assertThat(p.freeAt(from)).isEqualTo(brute[from]);
            }
        }
    }

    @Test
    void learntLowerBoundsKeepSearchesExactWhenNotBeforeOnlyGrows() {
        for (long seed = 1; seed <= 40; seed++) {
            Random rnd = new Random(seed);
            int capacity = 1 + rnd.nextInt(16);
            int[] brute = new int[40_000];
            java.util.Arrays.fill(brute, capacity);
            CoreProfile p = new CoreProfile(0, capacity);
            int notBefore = 0;
            for (int op = 0; op < 400; op++) {
                int cores = 1 + rnd.nextInt(capacity);
                int dur = 1 + rnd.nextInt(rnd.nextBoolean() ? 20 : 200);
                notBefore += rnd.nextInt(4) == 0 ? rnd.nextInt(5) : 0;
                long t = p.earliestFit(notBefore, dur, cores, Long.MAX_VALUE);
                assertThat(t).as("seed %d op %d", seed, op).isEqualTo(bruteFit(brute, notBefore, dur, cores));
                p.reserve(t, t + dur, cores);
                for (long x = t; x < t + dur; x++) {
                    brute[(int) x] -= cores;
                }
            }
        }
    }

    @Test
    void jobsLargerThanCapacityNeverFitAndHorizonBoundsTheSearch() {
        CoreProfile p = new CoreProfile(100, 8);
        assertThat(p.earliestFit(100, 10, 9, Long.MAX_VALUE)).isEqualTo(-1);
        p.reserve(100, 1_000, 8);
        assertThat(p.earliestFit(100, 10, 1, 500)).isEqualTo(-1);
        assertThat(p.earliestFit(100, 10, 1, 5_000)).isEqualTo(1_000);
        assertThat(p.nextBoundaryAfter(100)).isEqualTo(1_000);
    }

    private static long bruteFit(int[] free, int notBefore, int dur, int cores) {
        for (int s = notBefore; s + dur <= free.length; s++) {
            boolean ok = true;
            for (int x = s; x < s + dur && ok; x++) {
                ok = free[x] >= cores;
            }
            if (ok) {
                return s;
            }
        }
        return -1;
    }
}
