package org.doji.crm.sge.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import javax.sql.DataSource;
import org.doji.crm.sge.GridEngineBackend;
import org.doji.crm.sge.GridEngineBackendFactory;
import org.doji.crm.sge.GridEngineProperties;
import org.doji.crm.sge.ProcessCommandRunner;
import org.doji.rm.api.Caller;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Benchmark harness (not a test): time per reserve (reserve + commit) and per cancel (cancel + commit)
 * through the RM kernel with this backend on the real Grid Engine, split into Grid Engine command time
 * (per command), database time (JDBC) and internal processing (the rest); for four variants: direct
 * binaries or /usr/bin wrappers, qconf operations batched or not. Prints Markdown tables of medians.
 * Run: see crm-adapter-sge/README.md.
 */
@EnableAutoConfiguration
public class GridEngineBenchmark {

    record Variant(String name, Path binDir, boolean batched) {
    }

    record Sample(long totalNs, Map<String, long[]> parts) {
    }

    public static void main(String[] args) throws Exception {
        int iterations = Integer.getInteger("bench.iterations", 20);
        int warmup = Integer.getInteger("bench.warmup", 5);
        Timings timings = new Timings();
        Path ledger = Files.createTempDirectory("doji-sge-bench").resolve("ledger");
        GridEngineProperties base = GridEngineProperties.defaults().withLedgerFile(ledger);
        List<Variant> all = List.of(
                new Variant("direct binaries, batched", base.binDir(), true),
                new Variant("direct binaries, one qconf per change", base.binDir(), false),
                new Variant("/usr/bin wrappers, batched", Path.of("/usr/bin"), true),
                new Variant("/usr/bin wrappers, one qconf per change", Path.of("/usr/bin"), false));
        // bench.variants=1 measures only the product's configuration (longer runs for the internal split)
        List<Variant> variants = all.subList(0, Math.min(all.size(), Integer.getInteger("bench.variants", all.size())));
        Map<Variant, GridEngineBackend> backends = new LinkedHashMap<>();
        for (Variant v : variants) {
            backends.put(v, GridEngineBackendFactory.create(base.withBinDir(v.binDir()), new TimingCommandRunner(
                    new ProcessCommandRunner(base.environment(), base.commandTimeout()), timings), Clock.systemUTC(),
                    v.batched(), Duration.ofMillis(100)));
        }
        SwitchableBackend switchable = new SwitchableBackend(backends.get(variants.get(0)), timings);

        try (ConfigurableApplicationContext ctx = new SpringApplicationBuilder(GridEngineBenchmark.class)
                .properties("doji.rm.id=sge-bench", "server.port=0", "spring.datasource.url=jdbc:h2:mem:bench",
                        "logging.level.root=WARN", "spring.main.banner-mode=off")
                .initializers(c -> {
                    c.getBeanFactory().registerSingleton("benchBackend", switchable);
                    c.getBeanFactory().addBeanPostProcessor(new BeanPostProcessor() {
                        @Override
                        public Object postProcessAfterInitialization(Object bean, String name) {
                            return bean instanceof DataSource ds ? TimingDataSource.wrap(ds, timings) : bean;
                        }
                    });
                }).run(args)) {
            ReservationKernel kernel = ctx.getBean(ReservationKernel.class);
            StringBuilder report = new StringBuilder();
            report.append("| variant | op | total ms | internal ms | (adapter ms | kernel ms) | db ms | internal + db ms | Grid Engine ms | Grid Engine commands (calls × median ms) |\n");
            report.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
            // variants interleaved per iteration, so JIT warm-up and machine noise hit them alike
            Map<Variant, List<Sample>> reserves = new LinkedHashMap<>();
            Map<Variant, List<Sample>> cancels = new LinkedHashMap<>();
            List<Sample[]> firstVariant = new ArrayList<>(); // every operation, warm-up included: the JIT curve
            for (int i = 0; i < warmup + iterations; i++) {
                for (Variant v : variants) {
                    switchable.use(backends.get(v));
                    Sample[] rc = reserveAndCancel(kernel, timings, i);
                    if (v == variants.get(0)) {
                        firstVariant.add(rc);
                    }
                    if (i >= warmup) {
                        reserves.computeIfAbsent(v, k -> new ArrayList<>()).add(rc[0]);
                        cancels.computeIfAbsent(v, k -> new ArrayList<>()).add(rc[1]);
                    }
                }
            }
            for (Variant v : variants) {
                report.append(row(v.name(), "reserve", reserves.get(v))).append(row(v.name(), "cancel", cancels.get(v)));
            }
            report.append(warmupCurve(firstVariant, variants.size()));
            report.append("\nSingle `qconf -sql`: ").append(single(base, base.binDir())).append(" ms direct, ")
                    .append(single(base, Path.of("/usr/bin"))).append(" ms via /usr/bin wrapper (median of 20).\n");
            System.out.println("\n" + report); // the harness's result, for README
        }
    }

    private static Sample[] reserveAndCancel(ReservationKernel kernel, Timings timings, int i) {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.DAYS);
        ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plus(1, ChronoUnit.HOURS)),
                List.of(new ComputeDemand("sge", 4, List.of())), List.of(), List.of(), List.of("dojialice"), "bench");
        String id = UUID.randomUUID().toString();
        timings.reset();
        long t0 = System.nanoTime();
        ReservationView held = kernel.reserve(Caller.ANONYMOUS, id + "-r", spec, null);
        kernel.commit(Caller.ANONYMOUS, held.key(), id + "-c");
        Sample reserve = new Sample(System.nanoTime() - t0, timings.snapshot());
        timings.reset();
        t0 = System.nanoTime();
        kernel.cancel(Caller.ANONYMOUS, held.key(), id + "-x");
        kernel.commit(Caller.ANONYMOUS, held.key(), id + "-xc");
        Sample cancel = new Sample(System.nanoTime() - t0, timings.snapshot());
        return new Sample[] {reserve, cancel};
    }

    private static String row(String variant, String op, List<Sample> samples) {
        long[] total = samples.stream().mapToLong(Sample::totalNs).toArray();
        long[] db = samples.stream().mapToLong(s -> part(s, "db")[0]).toArray();
        long[] ge = samples.stream().mapToLong(s -> s.parts().entrySet().stream()
                .filter(e -> e.getKey().startsWith("ge:")).mapToLong(e -> e.getValue()[0]).sum()).toArray();
        long[] backend = samples.stream().mapToLong(s -> part(s, "backend")[0]).toArray();
        long[] internal = new long[total.length];
        long[] adapter = new long[total.length];
        long[] kernel = new long[total.length];
        long[] internalDb = new long[total.length];
        for (int i = 0; i < total.length; i++) {
            internal[i] = total[i] - db[i] - ge[i];
            adapter[i] = backend[i] - ge[i]; // the backend's own work (it does no JDBC)
            kernel[i] = internal[i] - adapter[i];
            internalDb[i] = internal[i] + db[i];
        }
        TreeSet<String> commands = new TreeSet<>();
        samples.forEach(s -> s.parts().keySet().stream().filter(k -> k.startsWith("ge:")).forEach(commands::add));
        StringBuilder cmds = new StringBuilder();
        for (String c : commands) {
            long[] ns = samples.stream().mapToLong(s -> part(s, c)[0]).toArray();
            long calls = Math.round(samples.stream().mapToLong(s -> part(s, c)[1]).average().orElse(0));
            if (calls == 0) {
                continue; // e.g. qhost for the live state, cached by the backend: rarely in a sample
            }
            cmds.append(cmds.length() == 0 ? "" : ", ").append(c.substring(3)).append(' ').append(calls).append(" × ")
                    .append(ms(median(ns) / Math.max(1, calls)));
        }
        return String.format("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", variant, op, ms(median(total)),
                ms(median(internal)), ms(median(adapter)), ms(median(kernel)), ms(median(db)), ms(median(internalDb)),
                ms(median(ge)), cmds);
    }

    /** Internal + DB of the first variant by operation number since the JVM started: how the JIT warms up. */
    private static String warmupCurve(List<Sample[]> ops, int variantsPerRound) {
        StringBuilder b = new StringBuilder("\nWarm-up (first variant; reserve/cancel cycles of all variants since start):\n\n"
                + "| cycles since start | reserve internal + db ms | cancel internal + db ms |\n|---|---:|---:|\n");
        int[] bounds = {0, 10, 40, 100, 300, 1000, Integer.MAX_VALUE};
        for (int k = 0; k + 1 < bounds.length && bounds[k] < ops.size(); k++) {
            List<Sample[]> slice = ops.subList(bounds[k], Math.min(ops.size(), bounds[k + 1]));
            b.append(String.format("| %d–%d | %s | %s |%n", bounds[k] * variantsPerRound + 1,
                    (bounds[k] + slice.size()) * variantsPerRound, ms(median(internalDb(slice, 0))),
                    ms(median(internalDb(slice, 1)))));
        }
        return b.toString();
    }

    private static long[] internalDb(List<Sample[]> ops, int which) {
        return ops.stream().map(o -> o[which]).mapToLong(s -> s.totalNs() - s.parts().entrySet().stream()
                .filter(e -> e.getKey().startsWith("ge:")).mapToLong(e -> e.getValue()[0]).sum()).toArray();
    }

    private static long[] part(Sample s, String key) {
        return s.parts().getOrDefault(key, new long[] {0, 0});
    }

    private static String single(GridEngineProperties p, Path binDir) {
        ProcessCommandRunner r = new ProcessCommandRunner(p.environment(), p.commandTimeout());
        long[] ns = new long[20];
        for (int i = 0; i < ns.length; i++) {
            ns[i] = r.run(List.of(binDir.resolve("qconf").toString(), "-sql")).elapsed().toNanos();
        }
        return ms(median(ns));
    }

    private static long median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s.length == 0 ? 0 : s[s.length / 2];
    }

    private static String ms(long ns) {
        return String.format("%.1f", ns / 1e6);
    }
}
