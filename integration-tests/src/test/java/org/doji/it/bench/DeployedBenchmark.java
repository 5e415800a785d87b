package org.doji.it.bench;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.doji.it.faults.GrcProcess;
import org.doji.it.faults.ReferenceGrid;
import org.doji.rm.testing.TestDatabase;

/**
 * The deployed shape: the GRC and each of the 13 RMs of the reference grid in a JVM of its own, with the JIT as
 * shipped (C2 on, the default collector: the children's C1-only and serial-collector flags undone), each on its own
 * durable database (H2 files by default, PostgreSQL schemas with {@code -Ddoji.test.db=postgresql}); the clients and
 * their notification consumer in this JVM. The request is {@link CoAllocationBenchmark}'s (3 sites, 3 links, N = 10).
 *
 * <p>First the floor, measured now ({@link Floor}): a CXF round trip between two JVMs and a durable one-row commit on
 * the run's database. Then warm-up rounds of 8 clients until the CPU per co-allocation of three rounds in a row differs
 * by less than {@code bench.settle} from one to the next (the JIT has settled), then per client count (1, 8, 32) a run whose clients poll
 * , one whose clients are notified of every change (WS-BaseNotification) and one whose clients are notified of the
 * final states only ({@code notifyOn}), in turn: rate, client-seen latency p50 and p99, CPU per
 * co-allocation by process (GRC, RMs, PostgreSQL's processes for the run's database, this JVM: clients and
 * consumer, from /proc), RM calls, Notify messages and (PostgreSQL) database transactions per co-allocation, and the
 * floor beside the measured CPU: calls x round trip + commits x commit + planning (the GRC's plan timer).
 *
 * <p>{@code -Dbench.compare="label=--grc.arg ...;label=..."} measures GRC variants instead (same RMs and database, the
 * GRC restarted per variant, variants in turn for {@code bench.rounds} rounds: before/after/before/after; each variant
 * polling and both notified ways at {@code bench.compare-clients}, 8), medians; an
 * argument {@code source:PATH.java} is not passed on but compiled here, and its classes replace the jars' in that
 * variant's GRC (the code before a change: {@code git show REV:path/To.java > target/before/To.java}); an argument
 * {@code jvm:FLAG} is a JVM flag of that variant's GRC, after the others (e.g. {@code jvm:-XX:TieredStopAtLevel=1}).
 *
 * <pre>./mvnw -B -o -pl integration-tests -Pbench test-compile exec:java -Dbench.main=org.doji.it.bench.DeployedBenchmark \
 *     [-Ddoji.test.db=postgresql -Ddoji.test.pg.url=jdbc:postgresql://localhost:5432/doji_deployed]
 *     [-Dbench.clients=1,8,32 -Dbench.seconds=20 -Dbench.poll-ms=20 -Dbench.warmup-seconds=15 -Dbench.settle=0.05]</pre>
 */
public final class DeployedBenchmark {

    private final PrintWriter out = new PrintWriter(System.out, true);
    private final DeployedMeasure measure;
    private final DeployedGrid grid;
    private final DeployedLoad load;

    private DeployedBenchmark(DeployedGrid grid, DeployedLoad load, DeployedMeasure measure) {
        this.grid = grid;
        this.load = load;
        this.measure = measure;
    }

    public static void main(String[] args) throws Exception {
        PrintWriter out = new PrintWriter(System.out, true);
        // the floor's GRC runs in this JVM: its start-up lines would bury the one line per phase
        System.setProperty("logging.level.root", System.getProperty("logging.level.root", "WARN"));
        Path dir = GrcProcess.itDirectory("deployed");
        List<String> jvm = Arrays.asList(System.getProperty("bench.jvm",
                "-XX:TieredStopAtLevel=4 -XX:-UseSerialGC -XX:+UseG1GC -XX:-UseDynamicNumberOfCompilerThreads")
                .trim().split("\\s+"));
        String pgDatabase = TestDatabase.postgres() ? pgDatabase() : null;
        out.printf("deployed shape: GRC + 13 RMs in their own JVMs (%s) on %s, clients in this JVM; %d cores, load %.2f%n",
                String.join(" ", jvm), pgDatabase == null ? "H2 files in " + dir : "PostgreSQL database " + pgDatabase,
                Runtime.getRuntime().availableProcessors(), load());
        Floor.Figure roundTrip = Floor.soapRoundTrip(dir, Integer.getInteger("floor.calls", 20_000));
        out.println("floor: " + roundTrip);
        Floor.Figure commit = Floor.commit(pgDatabase == null ? "durable commit, H2 file" : "durable commit, PostgreSQL",
                pgDatabase == null ? Floor.h2FileUrl(dir) : Floor.postgresUrl(),
                Integer.getInteger("floor.commits", 5_000));
        out.println("floor: " + commit);
        long t0 = System.nanoTime();
        try (DeployedGrid grid = DeployedGrid.start(ReferenceGrid.topology(), dir, jvm);
             NotifyConsumer consumer = new NotifyConsumer()) {
            out.printf("13 RMs up in %.0f s%n", (System.nanoTime() - t0) / 1e9);
            DeployedMeasure measure = new DeployedMeasure(grid, consumer, pgDatabase, roundTrip, commit);
            DeployedBenchmark bench = new DeployedBenchmark(grid, new DeployedLoad(consumer,
                    Integer.getInteger("bench.poll-ms", 20)), measure);
            String compare = System.getProperty("bench.compare", "");
            if (compare.isBlank()) {
                bench.shape();
            } else {
                bench.compare(compare);
            }
        }
        BenchData.discard(dir, out);
        System.exit(0);
    }

    /** The shape's figures per client count, polling and notified in turn. */
    private void shape() throws Exception {
        grid.startGrc(List.of());
        warmUp("");
        out.println(measure.idle(Integer.getInteger("bench.idle-seconds", 10)));
        List<String> rows = new ArrayList<>();
        for (int clients : ints(System.getProperty("bench.clients", "1,8,32"))) {
            for (DeployedLoad.Mode mode : DeployedLoad.Mode.values()) {
                java.util.Map<String, long[]> writes = measure.tableWrites();
                DeployedMeasure.Phase p = phase(clients, mode);
                out.println(p.line());
                if (!writes.isEmpty()) {
                    out.println("   rows written per co-allocation by table (inserted+updated+deleted): "
                            + DeployedMeasure.writesPer(writes, measure.tableWrites(),
                            Math.max(1, p.result().reserved() + p.result().failed())));
                }
                rows.add(p.row());
            }
        }
        out.println(DeployedMeasure.Phase.HEADER);
        rows.forEach(out::println);
    }

    /** Variants of the GRC in turn, {@code bench.rounds} rounds, each its own warm-up; medians per variant. */
    private void compare(String spec) throws Exception {
        List<String[]> variants = new ArrayList<>();
        for (String v : spec.split(";")) {
            String[] labelArgs = v.split("=", 2);
            variants.add(new String[] {labelArgs[0].trim(), labelArgs.length > 1 ? labelArgs[1].trim() : ""});
        }
        int clients = Integer.getInteger("bench.compare-clients", 8);
        int rounds = Integer.getInteger("bench.rounds", 2);
        java.util.Map<String, List<DeployedMeasure.Phase>> by = new java.util.LinkedHashMap<>();
        for (int r = 1; r <= rounds; r++) {
            for (String[] v : variants) {
                List<Path> classes = new ArrayList<>();
                List<String> args = new ArrayList<>();
                List<String> flags = new ArrayList<>();
                for (String a : v[1].isEmpty() ? new String[0] : v[1].split("\\s+")) {
                    if (a.startsWith("source:")) {
                        classes.add(compiled(Path.of(a.substring("source:".length()))));
                    } else if (a.startsWith("jvm:")) {
                        flags.add(a.substring("jvm:".length()));
                    } else {
                        args.add(a);
                    }
                }
                grid.startGrc(classes, flags, args);
                warmUp(v[0] + " round " + r + " ");
                out.println(v[0] + " round " + r + " " + measure.idle(Integer.getInteger("bench.idle-seconds", 10)));
                for (DeployedLoad.Mode mode : DeployedLoad.Mode.values()) {
                    DeployedMeasure.Phase p = phase(clients, mode, v[0] + "-" + r + "-");
                    out.println(v[0] + " round " + r + ": " + p.line());
                    by.computeIfAbsent(v[0] + " | " + mode.label(), k -> new ArrayList<>()).add(p);
                }
            }
        }
        out.printf("| variant | outcome by | co-allocations/s | p50 ms | CPU ms per co-allocation (all processes) | GRC CPU ms"
                + " | Notify | CPU / floor | JIT ms | without JIT / floor |   (%d clients, median of %d rounds)%n", clients, rounds);
        out.println("|---|---|---|---|---|---|---|---|---|---|");
        by.forEach((label, ps) -> out.printf("| %s | %.1f | %.1f | %.1f | %.1f | %.2f | %.2f | %.1f | %.2f |%n", label,
                Stats.median(ps.stream().map(DeployedMeasure.Phase::rate).toList()),
                Stats.median(ps.stream().map(DeployedMeasure.Phase::p50).toList()),
                Stats.median(ps.stream().map(DeployedMeasure.Phase::cpuMs).toList()),
                Stats.median(ps.stream().map(DeployedMeasure.Phase::grcMs).toList()),
                Stats.median(ps.stream().map(DeployedMeasure.Phase::notifies).toList()),
                Stats.median(ps.stream().map(DeployedMeasure.Phase::ratio).toList()),
                Stats.median(ps.stream().map(DeployedMeasure.Phase::jitMs).toList()),
                Stats.median(ps.stream().map(DeployedMeasure.Phase::ratioWithoutJit).toList())));
    }

    /**
     * Rounds of 8 clients (each alternating polling and notified) until the CPU per co-allocation changed by less than
     * {@code bench.settle} twice in a row (three rounds alike) and the services' compiler threads used less than
     * {@code bench.settle-jit} of it in the last round: the JIT has compiled what the load runs.
     */
    private void warmUp(String label) throws Exception {
        int seconds = Integer.getInteger("bench.warmup-seconds", 15);
        int max = Integer.getInteger("bench.warmup-rounds", 40); // 10 minutes: the 14 JVMs take about 8 to settle
        double settle = Double.parseDouble(System.getProperty("bench.settle", "0.05"));
        double settleJit = Double.parseDouble(System.getProperty("bench.settle-jit", "0.10"));
        double previous = Double.NaN;
        int settled = 0;
        for (int round = 1; round <= max; round++) {
            DeployedMeasure.Snapshot s0 = measure.snapshot();
            DeployedLoad.Result r = load.run(grid.grcUrl(), 8, seconds, null);
            DeployedMeasure.Phase p = measure.phase(s0, r, 8, "warm-up");
            double change = Math.abs(p.cpuMs() - previous) / previous;
            double jitShare = p.jitMs() / p.cpuMs();
            out.printf("%swarm-up %d: %.1f co-allocations/s, CPU %.1f ms per co-allocation (GRC %.1f; JIT %.1f, %.0f %%),"
                            + " change %s%n", label, round, p.rate(), p.cpuMs(), p.grcMs(), p.jitMs(), 100 * jitShare,
                    Double.isNaN(change) ? "-" : String.format("%.1f %%", 100 * change));
            settled = change < settle ? settled + 1 : 0;
            if (settled >= 2 && jitShare < settleJit) {
                return;
            }
            previous = p.cpuMs();
        }
        out.printf("%swarm-up: not settled (CPU within %.0f %% twice, JIT under %.0f %%) after %d rounds; measuring anyway%n",
                label, 100 * settle, 100 * settleJit, max);
    }

    private DeployedMeasure.Phase phase(int clients, DeployedLoad.Mode mode) throws Exception {
        return phase(clients, mode, "");
    }

    /** A measured run; {@code label} names its flight recordings' dumps (with {@code bench.jfr-dump}). */
    private DeployedMeasure.Phase phase(int clients, DeployedLoad.Mode mode, String label) throws Exception {
        java.time.Instant from = java.time.Instant.now();
        DeployedMeasure.Snapshot s0 = measure.snapshot();
        DeployedLoad.Result r = load.run(grid.grcUrl(), clients, Integer.getInteger("bench.seconds", 20), mode);
        DeployedMeasure.Phase p = measure.phase(s0, r, clients, mode.label());
        grid.dumpRecordings(from, java.time.Instant.now(), label + clients + "-" + mode.label());
        return p;
    }

    /** {@code source} (an earlier version of a class of the reactor) compiled against this class path; its directory. */
    private static Path compiled(Path source) throws Exception {
        Path out = source.toAbsolutePath().resolveSibling(source.getFileName() + ".classes");
        java.nio.file.Files.createDirectories(out);
        int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-nowarn", "-proc:none", "-parameters",
                "-cp", org.doji.rm.testing.ChildJvm.testClassPath(), "-d", out.toString(), source.toString());
        if (rc != 0) {
            throw new IllegalStateException("cannot compile " + source);
        }
        return out;
    }

    /** The database of {@code doji.test.pg.url} (PostgreSQL's counters and processes are read for it alone). */
    private static String pgDatabase() {
        String url = System.getProperty("doji.test.pg.url", "jdbc:postgresql://localhost:5432/doji_test");
        String path = url.substring(url.indexOf("//") + 2);
        path = path.substring(path.indexOf('/') + 1);
        return path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    }

    static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static List<Integer> ints(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).map(Integer::parseInt).toList();
    }
}
