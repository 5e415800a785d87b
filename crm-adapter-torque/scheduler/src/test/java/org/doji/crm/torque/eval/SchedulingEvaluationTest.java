package org.doji.crm.torque.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.doji.crm.torque.sched.SchedulerConfig;
import org.doji.crm.torque.sched.SchedulingCore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchedulingEvaluationTest {

    @Test
    void replayNeverOvercommitsAndFcfsStartsInSubmitOrder(@TempDir Path dir) {
        List<SwfJob> trace = SwfGenerator.generate(3, 600, 16, 0.9);
        ReplaySimulator sim = new ReplaySimulator(16, 1, ReplaySimulator.Estimate.REQUESTED_ELSE_ACTUAL);
        List<ReplaySimulator.Outcome> fcfs = sim.replay(trace, new SchedulingCore(SchedulerConfig.defaults()
                .withPolicy(SchedulerConfig.Ordering.FCFS, false)), "fcfs");
        assertThat(fcfs).hasSize(600);
        List<ReplaySimulator.Outcome> bySubmit = new ArrayList<>(fcfs);
        bySubmit.sort(Comparator.comparingLong(ReplaySimulator.Outcome::submit)
                .thenComparingLong(ReplaySimulator.Outcome::id));
        for (int i = 1; i < bySubmit.size(); i++) {
            assertThat(bySubmit.get(i).start()).isGreaterThanOrEqualTo(bySubmit.get(i - 1).start());
        }
        List<ReplaySimulator.Outcome> bf = sim.replay(trace, new SchedulingCore(SchedulerConfig.defaults()), "bf");
        for (List<ReplaySimulator.Outcome> run : List.of(fcfs, bf)) {
            for (ReplaySimulator.Outcome o : run) {
                assertThat(o.start()).isGreaterThanOrEqualTo(o.submit());
                int inUse = run.stream().filter(x -> x.start() <= o.start() && o.start() < x.end())
                        .mapToInt(ReplaySimulator.Outcome::procs).sum();
                assertThat(inUse).isLessThanOrEqualTo(16);
            }
        }
    }

    @Test
    void backfillWaitsLessThanFcfsAndTheReportIsWritten(@TempDir Path dir) throws IOException {
        List<SwfJob> trace = SwfGenerator.generate(11, 800, 32, 0.85);
        List<Metrics> m = SchedulingEvaluation.evaluate(trace, "synthetic", 32, 1,
                ReplaySimulator.Estimate.REQUESTED_ELSE_ACTUAL, dir);
        assertThat(m).extracting(Metrics::policy).containsExactly("FCFS", "NQS priority", "priority + backfill");
        assertThat(m.get(2).meanWait()).isLessThan(m.get(0).meanWait());
        assertThat(m.get(2).meanBoundedSlowdown()).isLessThan(m.get(0).meanBoundedSlowdown());
        assertThat(m).allSatisfy(x -> assertThat(x.utilisation()).isBetween(0.05, 1.0));
        String md = Files.readString(dir.resolve("results.md"));
        assertThat(md).contains("| FCFS | 800 |").contains("requested times");
        String svg = Files.readString(dir.resolve("waits.svg"));
        assertThat(svg).startsWith("<svg").contains("polyline").endsWith("</svg>\n");
        assertThat(Files.readAllLines(dir.resolve("results.csv"))).hasSize(4);
    }

    @Test
    void metricsFollowTheirDefinitions() {
        List<ReplaySimulator.Outcome> done = List.of(new ReplaySimulator.Outcome(1, 0, 0, 100, 2),
                new ReplaySimulator.Outcome(2, 0, 100, 105, 1));
        Metrics m = Metrics.of("x", done, 2);
        assertThat(m.meanWait()).isEqualTo(50);
        // job 2: wait 100, run 5 -> (100 + 5) / max(5, 10) = 10.5; job 1: 1
        assertThat(m.meanBoundedSlowdown()).isEqualTo((1 + 10.5) / 2);
        assertThat(m.utilisation()).isEqualTo((200 + 5) / (105.0 * 2));
        assertThat(m.p50Wait()).isEqualTo(0);
        assertThat(m.maxWait()).isEqualTo(100);
    }
}
