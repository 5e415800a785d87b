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
import org.doji.crm.batch.ProcessCommandRunner;
import org.doji.crm.sge.backend.GridEngineBackend;
import org.doji.crm.sge.backend.GridEngineBackendFactory;
import org.doji.crm.sge.config.GridEngineProperties;
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
 * binaries or /usr/bin wrappers, qconf operations batched or not; on the product's durable H2 file database
 * (write-through) and, as the baseline measured in the same run, an in-memory one. Cold = the JVM's first
 * {@code bench.cold} rounds, warm = the rounds after {@code bench.warmup}. Prints Markdown tables of medians.
 * Run: see crm-adapter-sge/README.md.
 */
@EnableAutoConfiguration
public class GridEngineBenchmark {

    record Variant(String name, Path binDir, boolean batched) {
    }

    record Sample(long totalNs, Map<String, long[]> parts) {
    }

    /** The product's database URL (doji-sge-defaults.properties) in a directory of its own. */
    private static String databaseUrl(String db, Path dir) {
        return db.equals("mem") ? "jdbc:h2:mem:bench" : "jdbc:h2:file:" + dir.resolve("crm-sge")
                + org.doji.rm.config.DojiDefaults.H2_FILE_SETTINGS;
    }

    public static void main(String[] args) throws Exception {
        int iterations = Integer.getInteger("bench.iterations", 20);
        int warmup = Integer.getInteger("bench.warmup", 5);
        int cold = Math.min(Integer.getInteger("bench.cold", 10), warmup + iterations);
        List<String> dbs = List.of(System.getProperty("bench.db", "file,mem").split(","));
        Timings timings = new Timings();
        Path dataDir = Files.createTempDirectory("doji-sge-bench");
        GridEngineProperties base = GridEngineProperties.defaults().withLedgerFile(dataDir.resolve("ledger"));
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
                    new ProcessCommandRunner(null, base.environment(), base.commandTimeout()), timings), Clock.systemUTC(),
                    v.batched(), Duration.ofMillis(100)));
        }
        Map<String, SwitchableBackend> switches = new LinkedHashMap<>();
        Map<String, ConfigurableApplicationContext> contexts = new LinkedHashMap<>();
        try {
            for (String db : dbs) {
                SwitchableBackend switchable = new SwitchableBackend(backends.get(variants.get(0)), timings);
                switches.put(db, switchable);
                contexts.put(db, new SpringApplicationBuilder(GridEngineBenchmark.class)
                        .properties("doji.rm.id=sge-bench-" + db, "server.port=0", "spring.datasource.url="
                                + databaseUrl(db, dataDir.resolve(db)), "logging.level.root=WARN", "spring.main.banner-mode=off")
                        .initializers(c -> {
                            c.getBeanFactory().registerSingleton("benchBackend", switchable);
                            c.getBeanFactory().addBeanPostProcessor(new BeanPostProcessor() {
                                @Override
                                public Object postProcessAfterInitialization(Object bean, String name) {
                                    return bean instanceof DataSource ds ? TimingDataSource.wrap(ds, timings) : bean;
                                }
                            });
                        }).run(args));
            }
            // every round: each database x variant once, the databases' order alternating, so JIT warm-up and
            // machine noise hit them alike; samples[db][variant] = {reserve, cancel} per round
            Map<String, Map<Variant, List<Sample[]>>> samples = new LinkedHashMap<>();
            for (int i = 0; i < warmup + iterations; i++) {
                List<String> order = new ArrayList<>(dbs);
                if (i % 2 == 1) {
                    java.util.Collections.reverse(order);
                }
                for (String db : order) {
                    ReservationKernel kernel = contexts.get(db).getBean(ReservationKernel.class);
                    for (Variant v : variants) {
                        switches.get(db).use(backends.get(v));
                        samples.computeIfAbsent(db, k -> new LinkedHashMap<>()).computeIfAbsent(v, k -> new ArrayList<>())
                                .add(reserveAndCancel(kernel, timings, i));
                    }
                }
            }
            long bareQconf = single(base, base.binDir());
            StringBuilder report = new StringBuilder("| database | JVM | variant | op | total ms | internal ms | (adapter ms "
                    + "| kernel ms) | db ms | internal + db ms | × baseline (mem) | Grid Engine ms | Grid Engine commands "
                    + "(calls × median ms, × a bare qconf -sql) |\n|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
            for (String db : dbs) {
                for (String phase : List.of("cold", "warm")) {
                    for (Variant v : variants) {
                        for (int op = 0; op < 2; op++) {
                            List<Sample> mine = slice(samples.get(db).get(v), phase, cold, warmup, op);
                            List<Sample> baseline = samples.containsKey("mem")
                                    ? slice(samples.get("mem").get(v), phase, cold, warmup, op) : List.of();
                            report.append(row(db, phase + (phase.equals("cold") ? " (rounds 1–" + cold + ")"
                                    : " (rounds " + (warmup + 1) + "–" + (warmup + iterations) + ")"), v.name(),
                                    op == 0 ? "reserve" : "cancel", mine, baseline, bareQconf));
                        }
                    }
                }
            }
            report.append(warmupCurve(samples.get(dbs.get(0)).get(variants.get(0)), variants.size() * dbs.size()));
            report.append("\nBare `qconf -sql` in the same run (the fixed cost of any qconf process): ").append(ms(bareQconf))
                    .append(" ms direct, ").append(ms(single(base, Path.of("/usr/bin")))).append(" ms via /usr/bin wrapper (median of 20).\n");
            System.out.println("\n" + report); // the harness's result, for README
        } finally {
            contexts.values().forEach(ConfigurableApplicationContext::close);
        }
    }

    /** The rounds of one phase (cold: the JVM's first rounds; warm: after the warm-up) of one operation. */
    private static List<Sample> slice(List<Sample[]> rounds, String phase, int cold, int warmup, int op) {
        List<Sample[]> part = phase.equals("cold") ? rounds.subList(0, cold) : rounds.subList(warmup, rounds.size());
        return part.stream().map(r -> r[op]).toList();
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

    private static String row(String database, String phase, String variant, String op, List<Sample> samples,
                              List<Sample> baseline, long bareQconfNs) {
        long[] total = samples.stream().mapToLong(Sample::totalNs).toArray();
        long[] db = samples.stream().mapToLong(s -> part(s, "db")[0]).toArray();
        long[] ge = samples.stream().mapToLong(GridEngineBenchmark::commandNs).toArray();
        long[] backend = samples.stream().mapToLong(s -> part(s, "backend")[0]).toArray();
        long[] internal = new long[total.length];
        long[] adapter = new long[total.length];
        long[] kernel = new long[total.length];
        for (int i = 0; i < total.length; i++) {
            internal[i] = total[i] - db[i] - ge[i];
            adapter[i] = backend[i] - ge[i]; // the backend's own work (it does no JDBC)
            kernel[i] = internal[i] - adapter[i];
        }
        long internalDb = median(internalDb(samples));
        String ratio = baseline.isEmpty() ? "–" : String.format("%.2f", internalDb / (double) median(internalDb(baseline)));
        TreeSet<String> commands = new TreeSet<>();
        samples.forEach(s -> s.parts().keySet().stream().filter(k -> k.startsWith("ge:")).forEach(commands::add));
        StringBuilder cmds = new StringBuilder();
        for (String c : commands) {
            long[] ns = samples.stream().mapToLong(s -> part(s, c)[0]).toArray();
            long calls = Math.round(samples.stream().mapToLong(s -> part(s, c)[1]).average().orElse(0));
            if (calls == 0) {
                continue; // e.g. qhost for the live state, cached by the backend: rarely in a sample
            }
            long each = median(ns) / Math.max(1, calls);
            cmds.append(cmds.length() == 0 ? "" : ", ").append(c.substring(3)).append(' ').append(calls).append(" × ")
                    .append(ms(each)).append(String.format(" (%.1f× bare qconf)", each / (double) bareQconfNs));
        }
        return String.format("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", database, phase, variant, op,
                ms(median(total)), ms(median(internal)), ms(median(adapter)), ms(median(kernel)), ms(median(db)),
                ms(internalDb), ratio, ms(median(ge)), cmds);
    }

    private static long commandNs(Sample s) {
        return s.parts().entrySet().stream().filter(e -> e.getKey().startsWith("ge:")).mapToLong(e -> e.getValue()[0]).sum();
    }

    private static long[] internalDb(List<Sample> samples) {
        return samples.stream().mapToLong(s -> s.totalNs() - commandNs(s)).toArray();
    }

    /** Internal + DB of the first database and variant by round since the JVM started: how the JIT warms up. */
    private static String warmupCurve(List<Sample[]> rounds, int cyclesPerRound) {
        StringBuilder b = new StringBuilder("\nWarm-up (first database and variant; reserve/cancel cycles of all databases "
                + "and variants since start):\n\n| cycles since start | reserve internal + db ms | cancel internal + db ms |\n"
                + "|---|---:|---:|\n");
        int[] bounds = {0, 10, 40, 100, 300, 1000, Integer.MAX_VALUE};
        for (int k = 0; k + 1 < bounds.length && bounds[k] < rounds.size(); k++) {
            List<Sample[]> slice = rounds.subList(bounds[k], Math.min(rounds.size(), bounds[k + 1]));
            b.append(String.format("| %d–%d | %s | %s |%n", bounds[k] * cyclesPerRound + 1,
                    (bounds[k] + slice.size()) * cyclesPerRound, ms(median(internalDb(slice.stream().map(r -> r[0]).toList()))),
                    ms(median(internalDb(slice.stream().map(r -> r[1]).toList())))));
        }
        return b.toString();
    }

    private static long[] part(Sample s, String key) {
        return s.parts().getOrDefault(key, new long[] {0, 0});
    }

    private static long single(GridEngineProperties p, Path binDir) {
        ProcessCommandRunner r = new ProcessCommandRunner(null, p.environment(), p.commandTimeout());
        long[] ns = new long[20];
        for (int i = 0; i < ns.length; i++) {
            long t0 = System.nanoTime();
            r.run(List.of(binDir.resolve("qconf").toString(), "-sql"));
            ns[i] = System.nanoTime() - t0;
        }
        return median(ns);
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
