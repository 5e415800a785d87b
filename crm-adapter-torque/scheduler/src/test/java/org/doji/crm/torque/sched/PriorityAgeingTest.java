package org.doji.crm.torque.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PriorityAgeingTest {

    private final SchedulerConfig cfg = SchedulerConfig.defaults().withAgeing(0.1, 0.5, Map.of("alice", 100.0));
    private final PriorityAgeing ageing = new PriorityAgeing(cfg);

    @Test
    void ageingMovesJobsBetweenClassesExactlyAtTheFormulaThresholds() {
        Random rnd = new Random(7);
        for (int i = 0; i < 500; i++) {
            String user = rnd.nextBoolean() ? "alice" : "bob";
            int cores = 1 + rnd.nextInt(64);
            long est = 1 + rnd.nextInt(20_000);
            PoolJob j = PoolJob.general("j" + i, user, cores, est, 1_000);
            double userfact = user.equals("alice") ? 100 : 0;
            double wt1 = est * Math.sqrt(cores) * 0.1 + userfact;
            double wt2 = est * Math.sqrt(cores) * 0.5 + userfact;
            long justBefore1 = 1_000 + (long) Math.ceil(wt1) - 1;
            long at1 = 1_000 + (long) Math.ceil(wt1);
            long at2 = 1_000 + (long) Math.ceil(wt2);
            assertThat(ageing.rank(j, justBefore1).ageClass()).isZero();
            assertThat(ageing.rank(j, at1).ageClass()).isEqualTo(at1 >= 1_000 + wt2 ? 2 : 1);
            assertThat(ageing.rank(j, at2).ageClass()).isEqualTo(2);
            assertThat(ageing.rank(j, justBefore1).key()).isEqualTo(wt1 - (justBefore1 - 1_000));
        }
    }

    @Test
    void orderIsPrivilegedFcfsThenSpecialThenUserTimeThenAgedClassesThenSmallerDistance() {
        long now = 10_000;
        PoolJob priv2 = new PoolJob("priv2", "u", ResourceExpression.cores(1), 100, 900, JobClass.PRIVILEGED, null);
        PoolJob priv1 = new PoolJob("priv1", "u", ResourceExpression.cores(1), 100, 800, JobClass.PRIVILEGED, null);
        PoolJob special = new PoolJob("special", "u", ResourceExpression.cores(1), 100, 9_999, JobClass.SPECIAL, null);
        PoolJob userTime = new PoolJob("ut", "u", ResourceExpression.cores(1), 100, 5_000, JobClass.USER_TIME, null);
        // WT1 = 1000*1*0.1 = 100, WT2 = 500: waited 9000 -> class 2
        PoolJob old = PoolJob.general("old", "bob", 1, 1_000, 1_000);
        // waited 200 -> class 1 (100 <= 200 < 500), key 500 - 200 = 300
        PoolJob mid = PoolJob.general("mid", "bob", 1, 1_000, 9_800);
        // waited 250 -> class 1, key 250 (closer to WT2: first)
        PoolJob mid2 = PoolJob.general("mid2", "bob", 1, 1_000, 9_750);
        // waited 10 -> class 0
        PoolJob fresh = PoolJob.general("fresh", "bob", 1, 1_000, 9_990);
        List<PoolJob> order = ageing.order(List.of(fresh, mid, old, userTime, priv2, special, mid2, priv1), now);
        assertThat(order).extracting(PoolJob::id)
                .containsExactly("priv1", "priv2", "special", "ut", "old", "mid2", "mid", "fresh");
        assertThat(new PriorityAgeing(cfg.withPolicy(SchedulerConfig.Ordering.FCFS, false))
                .order(List.of(fresh, mid, old), now)).extracting(PoolJob::id).containsExactly("old", "mid", "fresh");
    }

    @Test
    void configurationIsValidated() {
        assertThatThrownBy(() -> cfg.withAgeing(0.5, 0.1, Map.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> cfg.withAgeing(0, 0.1, Map.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> cfg.withRunLimits(-1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
