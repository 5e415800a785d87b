package org.doji.crm.torque.eval;

import java.util.Arrays;
import java.util.List;

/**
 * The usual scheduling figures: utilisation over the replay's span (first submit to last end), mean and
 * percentile wait, and mean bounded slowdown max(1, (wait + run) / max(run, τ)) with τ = 10 s so that
 * very short jobs do not dominate.
 */
public record Metrics(String policy, int jobs, double utilisation, double meanWait, double p50Wait,
                      double p90Wait, double p99Wait, double maxWait, double meanBoundedSlowdown,
                      long[] sortedWaits) {

    public static final double TAU = 10;

    public static Metrics of(String policy, List<ReplaySimulator.Outcome> done, int totalCores) {
        int n = done.size();
        long[] waits = new long[n];
        double work = 0;
        double bsd = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            ReplaySimulator.Outcome o = done.get(i);
            waits[i] = o.waitTime();
            long run = o.end() - o.start();
            work += (double) run * o.procs();
            bsd += Math.max(1.0, (o.waitTime() + run) / Math.max(run, TAU));
            first = Math.min(first, o.submit());
            last = Math.max(last, o.end());
        }
        Arrays.sort(waits);
        double span = n == 0 ? 1 : Math.max(1, last - first);
        double mean = n == 0 ? 0 : Arrays.stream(waits).average().orElse(0);
        return new Metrics(policy, n, work / (span * totalCores), mean, pct(waits, 50), pct(waits, 90),
                pct(waits, 99), n == 0 ? 0 : waits[n - 1], n == 0 ? 0 : bsd / n, waits);
    }

    /** Nearest-rank percentile. */
    static double pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
