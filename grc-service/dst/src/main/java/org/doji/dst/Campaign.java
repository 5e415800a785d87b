package org.doji.dst;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Runs many seeds and reports: the command line of the deterministic simulation. Properties:
 * {@code dst.seeds} (how many, default 50), {@code dst.first-seed} (default 1), {@code dst.seed} (one seed only),
 * {@code dst.operations} (per seed, default 300), {@code dst.storage} ({@code memory} or {@code jpa}),
 * {@code dst.hierarchy} ({@code true}, {@code false}; default: every third seed), {@code dst.trace} (record the
 * trace and print a failing co-allocation's trail). Exits with 1 if any seed broke an invariant.
 */
public final class Campaign {

    private Campaign() {
    }

    public static void main(String[] args) {
        SimConfig.Storage storage = SimConfig.Storage.valueOf(System.getProperty("dst.storage", "memory").toUpperCase());
        int operations = Integer.getInteger("dst.operations", 300);
        String single = System.getProperty("dst.seed");
        long first = single != null ? Long.parseLong(single) : Long.getLong("dst.first-seed", 1L);
        int seeds = single != null ? 1 : Integer.getInteger("dst.seeds", 50);
        String hierarchy = System.getProperty("dst.hierarchy");
        boolean trace = Boolean.getBoolean("dst.trace");
        Totals totals = new Totals();
        long started = System.nanoTime();
        long cpu0 = Totals.cpu();
        long lastReport = started;
        for (long seed = first; seed < first + seeds; seed++) {
            SimConfig c = SimConfig.of(seed, operations, storage);
            if (hierarchy != null) {
                c = new SimConfig(seed, operations, Boolean.parseBoolean(hierarchy), storage, c.rates(), false, c.users(),
                        c.meanGap());
            }
            SimResult r = new SimRun(trace ? c.tracing() : c).run();
            totals.add(r);
            if (!r.passed()) {
                System.out.println("FAILED " + r.failureReport());
            } else if (seeds == 1) {
                System.out.println(r.summary());
            }
            if (System.nanoTime() - lastReport > 10_000_000_000L || seed == first + seeds - 1) {
                lastReport = System.nanoTime();
                System.out.println(totals.line(Duration.ofNanos(lastReport - started), Duration.ofNanos(Totals.cpu() - cpu0)));
            }
        }
        System.exit(totals.failed.isEmpty() ? 0 : 1);
    }

    /** What the seeds so far added up to. */
    static final class Totals {
        int seeds;
        long operations;
        long faults;
        long crashes;
        long events;
        long violations;
        long maxSettleSeconds;
        final Map<FaultPlan.Kind, Long> byKind = new EnumMap<>(FaultPlan.Kind.class);
        final List<Long> failed = new ArrayList<>();

        void add(SimResult r) {
            seeds++;
            operations += r.operations();
            faults += r.faultCount();
            crashes += r.crashes();
            events += r.events();
            violations += r.violations().size() + r.internalErrors();
            r.faults().forEach((k, n) -> byKind.merge(k, (long) n, Long::sum));
            if (r.settledAfter() != null) {
                maxSettleSeconds = Math.max(maxSettleSeconds, r.settledAfter().toSeconds());
            }
            if (!r.passed()) {
                failed.add(r.config().seed());
            }
        }

        /**
         * @param elapsed wall time
         * @param cpu     the CPU time of the simulation's one thread: its rate is the rate on one core, whatever else
         *                the machine runs
         */
        String line(Duration elapsed, Duration cpu) {
            double minutes = Math.max(elapsed.toMillis(), 1) / 60_000.0;
            double cpuMinutes = Math.max(cpu.toMillis(), 1) / 60_000.0;
            return String.format("[%5.0f s] seeds %d, operations %d (%.0f/min; %.0f per CPU minute), faults %d %s, "
                            + "crashes %d, events %d, violations %d%s, longest settling %d s", elapsed.toMillis() / 1000.0,
                    seeds, operations, operations / minutes, operations / cpuMinutes, faults, byKind, crashes, events,
                    violations, failed.isEmpty() ? "" : " (seeds " + failed + ")", maxSettleSeconds);
        }

        /** The CPU time of the calling thread so far, in nanoseconds. */
        static long cpu() {
            return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        }
    }
}
