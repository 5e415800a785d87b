package org.doji.crm.batch.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.doji.crm.batch.CommandRunner;
import org.doji.rm.api.Caller;
import org.doji.rm.app.RmApplication;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.testing.RestartableRm;

/**
 * What one reservation costs an adapter's RM, split as PluS reported it: the batch system's commands (per
 * command) and the rest, "internal + database" (kernel, adapter, Hibernate on the durable H2 file database
 * the product uses). The adapter's service and a baseline (the same kernel over rm-core's simulated backend
 * with the same nodes, no commands) run in this JVM, each on its own file database, and are measured in
 * turns (which goes first alternates), in-process on the kernel (no SOAP): {@code reserve} is reserve +
 * commit, {@code cancel} is cancel + commit. Cold = the first cycles after the services start; warm = after
 * the warm-up. Figures are medians; the ratio is the median of adapter / baseline internal + DB per pair.
 */
public final class ReservationCostBenchmark {

    /** The adapter under test: its application, properties (doji.rm.id included) and real command runner. */
    public record Adapter(String name, Class<?> application, Map<String, Object> properties, CommandRunner commands,
                          String site, String user) {
    }

    private record Cycle(long reserveNanos, List<TimedCommands.Timing> reserveCommands, long cancelNanos,
                         List<TimedCommands.Timing> cancelCommands) {
    }

    private ReservationCostBenchmark() {
    }

    /** Runs {@code cold} + {@code warmup} + {@code warm} cycles on both; returns the Markdown report. */
    public static String run(Adapter adapter, int cold, int warmup, int warm) throws Exception {
        TimedCommands timed = new TimedCommands(adapter.commands());
        double load0 = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        try (RestartableRm real = new RestartableRm(adapter.application(),
                Files.createTempDirectory("doji-bench-" + adapter.name()).resolve("rm"), adapter.properties(),
                RestartableRm.withBeans(Map.of("dojiClock", Clock.systemUTC(), "benchCommandRunner", timed))).start()) {
            ReservationKernel kernel = real.bean(ReservationKernel.class);
            ResourceInventory.Site site = kernel.describe(Caller.ANONYMOUS).sites().stream()
                    .filter(s -> s.name().equals(adapter.site())).findFirst().orElseThrow();
            int nodes = site.nodes();
            int cores = site.totalCores() / nodes;
            try (RestartableRm base = new RestartableRm(RmApplication.class,
                    Files.createTempDirectory("doji-bench-baseline").resolve("rm"), baseline(site.name(), nodes, cores),
                    RestartableRm.withClock(Clock.systemUTC())).start()) {
                ReservationKernel baseKernel = base.bean(ReservationKernel.class);
                Instant first = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(Duration.ofDays(400));
                List<Cycle[]> pairs = new ArrayList<>();
                for (int i = 0; i < cold + warmup + warm; i++) {
                    Instant start = first.plus(Duration.ofHours(2L * i));
                    ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plus(Duration.ofHours(1))),
                            List.of(new ComputeDemand(adapter.site(), cores, List.of())), List.of(), List.of(),
                            List.of(adapter.user()), null);
                    Cycle a;
                    Cycle b;
                    if (i % 2 == 0) {
                        a = cycle(kernel, timed, spec);
                        b = cycle(baseKernel, timed, spec);
                    } else {
                        b = cycle(baseKernel, timed, spec);
                        a = cycle(kernel, timed, spec);
                    }
                    pairs.add(new Cycle[] {a, b});
                }
                double load1 = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
                StringBuilder out = new StringBuilder(String.format("%n%s: %d nodes × %d cores, one node per reservation; "
                        + "load average %.1f → %.1f%n%n", adapter.name(), nodes, cores, load0, load1));
                out.append("| phase | op | adapter total ms | commands ms | internal + DB ms | baseline internal + DB ms "
                        + "| ratio | commands (calls × median ms) |\n|---|---|---:|---:|---:|---:|---:|---|\n");
                report(out, "cold (first " + cold + ")", pairs.subList(0, cold));
                report(out, "warm (" + warm + " after " + warmup + ")", pairs.subList(cold + warmup, pairs.size()));
                return out.toString();
            }
        }
    }

    private static Map<String, Object> baseline(String site, int nodes, int cores) {
        Map<String, Object> p = new HashMap<>();
        p.put("doji.rm.id", "bench-baseline");
        p.put("doji.rm.simulated.sites[0].name", site);
        p.put("doji.rm.simulated.sites[0].nodes", String.valueOf(nodes));
        p.put("doji.rm.simulated.sites[0].cores-per-node", String.valueOf(cores));
        return p;
    }

    private static Cycle cycle(ReservationKernel rm, TimedCommands timed, ReservationSpec spec) {
        timed.take();
        long t0 = System.nanoTime();
        String key = rm.reserve(Caller.ANONYMOUS, UUID.randomUUID().toString(), spec, null).key();
        rm.commit(Caller.ANONYMOUS, key, UUID.randomUUID().toString());
        long reserve = System.nanoTime() - t0;
        List<TimedCommands.Timing> reserveCommands = timed.take();
        t0 = System.nanoTime();
        rm.cancel(Caller.ANONYMOUS, key, UUID.randomUUID().toString());
        rm.commit(Caller.ANONYMOUS, key, UUID.randomUUID().toString());
        long cancel = System.nanoTime() - t0;
        return new Cycle(reserve, reserveCommands, cancel, timed.take());
    }

    private static void report(StringBuilder out, String phase, List<Cycle[]> pairs) {
        for (String op : List.of("reserve", "cancel")) {
            boolean reserve = op.equals("reserve");
            List<Double> total = new ArrayList<>();
            List<Double> commands = new ArrayList<>();
            List<Double> internal = new ArrayList<>();
            List<Double> baseInternal = new ArrayList<>();
            List<Double> ratio = new ArrayList<>();
            Map<String, List<Double>> perCommand = new TreeMap<>();
            for (Cycle[] p : pairs) {
                long t = reserve ? p[0].reserveNanos() : p[0].cancelNanos();
                List<TimedCommands.Timing> cs = reserve ? p[0].reserveCommands() : p[0].cancelCommands();
                long c = cs.stream().mapToLong(TimedCommands.Timing::nanos).sum();
                long b = reserve ? p[1].reserveNanos() : p[1].cancelNanos();
                total.add(t / 1e6);
                commands.add(c / 1e6);
                internal.add((t - c) / 1e6);
                baseInternal.add(b / 1e6);
                ratio.add((double) (t - c) / b);
                cs.forEach(x -> perCommand.computeIfAbsent(x.command(), k -> new ArrayList<>()).add(x.nanos() / 1e6));
            }
            StringBuilder breakdown = new StringBuilder();
            perCommand.forEach((name, ms) -> breakdown.append(breakdown.length() == 0 ? "" : ", ").append(String.format(
                    "%s %.1f × %.1f", name, (double) ms.size() / pairs.size(), median(ms))));
            out.append(String.format("| %s | %s | %.1f | %.1f | %.1f | %.1f | %.2f | %s |%n", phase, op, median(total),
                    median(commands), median(internal), median(baseInternal), median(ratio), breakdown));
        }
    }

    static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        s.sort(null);
        int n = s.size();
        return n == 0 ? 0 : n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    /** Writes the report to {@code bench.out} when set, and prints it. */
    public static void publish(String report) throws java.io.IOException {
        String file = System.getProperty("bench.out");
        if (file != null) {
            Files.writeString(Path.of(file), report);
        }
        System.out.println(report);
    }
}
