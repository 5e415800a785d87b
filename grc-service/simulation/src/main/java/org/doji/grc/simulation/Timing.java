package org.doji.grc.simulation;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import org.doji.grc.simulation.Simulation.Outcome;
import org.doji.grc.simulation.Simulation.Run;

/**
 * Wall-clock figures of a run (they vary between runs, so they are kept out of the deterministic table):
 * per-request planning time (the planner alone, all N slots) and per-request total time (availability
 * from every RM, planning, two-phase commit), as median, 95th percentile and maximum.
 */
final class Timing {

    private Timing() {
    }

    static String summary(Evaluation.Result result) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "wall time %.2f s for %d experiments (%d requests); system load average %.2f,"
                        + " %d processors%n", result.wallNanos() / 1e9, result.allRuns().size(),
                result.allRuns().stream().mapToInt(r -> r.outcomes().size()).sum(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors()));
        long[] plan = result.allRuns().stream().flatMap(r -> r.outcomes().stream()).mapToLong(Outcome::planNanos).toArray();
        long[] total = result.allRuns().stream().flatMap(r -> r.outcomes().stream()).mapToLong(Outcome::totalNanos).toArray();
        long[] avail = result.allRuns().stream().flatMap(r -> r.outcomes().stream()).mapToLong(Outcome::availabilityNanos).toArray();
        long[] rest = result.allRuns().stream().flatMap(r -> r.outcomes().stream())
                .mapToLong(o -> o.totalNanos() - o.planNanos() - o.availabilityNanos()).toArray();
        out.append(line("planning per request (planner, N slots)", plan));
        out.append(line("availability per request (13 RMs x N slots)", avail));
        out.append(line("two-phase commit per request (all plans tried)", rest));
        out.append(line("whole request (availability + planning + 2PC)", total));
        for (Run run : result.allRuns()) {
            long[] p = run.outcomes().stream().mapToLong(Outcome::planNanos).toArray();
            out.append(line("  planning, interval " + run.intervalMinutes() + " min, " + run.booking() + ", " + run.setting(), p));
        }
        return out.toString();
    }

    private static String line(String label, long[] nanos) {
        if (nanos.length == 0) {
            return label + ": no requests\n";
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "%s: median %.3f ms, p95 %.3f ms, max %.3f ms (n = %d)%n", label,
                sorted[sorted.length / 2] / 1e6, sorted[(int) Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] / 1e6,
                sorted[sorted.length - 1] / 1e6, sorted.length);
    }
}
