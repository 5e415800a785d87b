package org.doji.it.bench;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationState;
import org.doji.it.faults.GrcClient;
import org.doji.it.faults.GrcProcess;
import org.doji.it.faults.ReferenceGrid;
import org.doji.it.faults.RmFleet;
import org.doji.rm.testing.TestDatabase;

/**
 * Scale figures of GRC replicas: 1, 2 and 3 GRC replicas, each in a JVM of its own, on one
 * PostgreSQL database, against the same 13 RMs of the reference grid (in this JVM, on PostgreSQL too); clients
 * spread round-robin over the replicas create 3-site/3-link co-allocations back to back.
 *
 * <p>Per replica count: co-allocations reserved per second, latency p50 (createCoAllocation to Reserved, from the
 * GRC's own {@code updated} timestamp; Reserved is detected by polling the co-allocation's document every
 * {@code bench.poll-ms} at first, then twice as long each time up to 0.5 s: polls cost the GRC CPU), CPU per co-allocation (the replicas' processes from /proc, and this JVM: RMs and
 * clients), database work per co-allocation (PostgreSQL's own counters: commits, and rows written in the GRC's
 * schema and in the RMs' schemas) and RM calls per co-allocation (the replicas' {@code doji.grc.rm.call} and
 * availability meters). Every figure is a delta over the measured run only.
 *
 * <p>{@code -Dbench.domains=10 -Dbench.sites-per-domain=9} runs a generated grid of 100 RMs instead (90 compute sites
 * in 10 network domains; {@link ReferenceGrid#generated}) to show how planning and fan-out grow with the grid.
 *
 * <pre>scripts/postgres.sh start
 * ./mvnw -B -o -pl integration-tests -Pbench test-compile exec:java -Dbench.main=org.doji.it.bench.ReplicaScaleBenchmark \
 *     -Ddoji.test.db=postgresql [-Dbench.replicas=1,2,3 -Dbench.clients=12 -Dbench.seconds=30 -Dbench.warmup=20
 *     -Dbench.grc-args="--doji.grc.replica.claims=local"]</pre>
 */
public final class ReplicaScaleBenchmark {

    private static final Pattern COUNT = Pattern.compile("\"statistic\":\"COUNT\",\"value\":([0-9.E]+)");
    private static final Pattern TOTAL_TIME = Pattern.compile("\"statistic\":\"TOTAL_TIME\",\"value\":([0-9.E-]+)");
    /** The floor's parts, measured in this run before the GRC runs (CPU microseconds per operation). */
    private Floor.Figure roundTrip;
    private Floor.Figure commit;
    /** The clients' SOAP calls to the GRC so far: createCoAllocation and the polls. */
    private final java.util.concurrent.atomic.AtomicLong clientCalls = new java.util.concurrent.atomic.AtomicLong();
    private final PrintWriter out = new PrintWriter(System.out, true);
    private final HttpClient http = HttpClient.newHttpClient();
    private final Instant base = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.DAYS);
    private final AtomicLong sequence = new AtomicLong();
    private final int pollMs = Integer.getInteger("bench.poll-ms", 25);

    public static void main(String[] args) throws Exception {
        if (!TestDatabase.postgres()) {
            System.err.println("run with -Ddoji.test.db=postgresql (scripts/postgres.sh start): replicas share a PostgreSQL database");
            System.exit(2);
        }
        new ReplicaScaleBenchmark().run();
        System.exit(0);
    }

    private void run() throws Exception {
        List<Integer> replicaCounts = ints(System.getProperty("bench.replicas", "1,2,3"));
        int clients = Integer.getInteger("bench.clients", 12);
        int seconds = Integer.getInteger("bench.seconds", 30);
        int warmup = Integer.getInteger("bench.warmup", 20);
        Path dir = GrcProcess.itDirectory("replica-bench");
        out.printf("GRC replicas on PostgreSQL, the RMs in this JVM, %d clients round-robin,"
                + " %d s warm-up + %d s measured per replica count, %d cores%n", clients, warmup, seconds,
                Runtime.getRuntime().availableProcessors());
        List<String> table = new ArrayList<>();
        int domains = Integer.getInteger("bench.domains", 0);
        var topology = domains == 0 ? ReferenceGrid.topology()
                : ReferenceGrid.generated(domains, Integer.getInteger("bench.sites-per-domain", 9));
        out.printf("grid: %d RMs (%s)%n", topology.rms().size(), domains == 0 ? "the reference grid"
                : domains + " domains of " + Integer.getInteger("bench.sites-per-domain", 9) + " sites, an NRM each");
        // the RMs log at WARN like the replicas: a log line per step would be measured too
        Map<String, String> rmSettings = new java.util.HashMap<>(Map.of("logging.level.org.doji", "WARN"));
        if (domains > 0) { // 100 RMs of 10 connections each would pass PostgreSQL's 400 (scripts/postgres.sh)
            rmSettings.put("spring.datasource.hikari.maximum-pool-size", "3");
        }
        roundTrip = Floor.soapRoundTrip(dir, Integer.getInteger("floor.calls", 20_000));
        commit = Floor.commit("durable commit, PostgreSQL", Floor.postgresUrl(), Integer.getInteger("floor.commits", 5_000));
        out.println("floor, measured now: " + roundTrip + "; " + commit);
        try (RmFleet fleet = RmFleet.start(topology, dir, rmSettings, false)) {
            for (int n : replicaCounts) {
                table.add(measure(fleet, dir, n, clients, warmup, seconds));
            }
        }
        out.println("| replicas | co-allocations/s | latency p50 ms | CPU ms per co-allocation (replicas + RMs and clients + PostgreSQL) |"
                + " commits per co-allocation | rows written per co-allocation (GRC + RMs) | RM calls per co-allocation |"
                + " floor ms (calls + commits + planning) | CPU / floor |");
        out.println("|---|---|---|---|---|---|---|---|---|");
        table.forEach(out::println);
    }

    private String measure(RmFleet fleet, Path dir, int n, int clients, int warmup, int seconds) throws Exception {
        Path db = dir.resolve("grc-" + n); // a fresh GRC schema per replica count
        List<GrcProcess> replicas = new ArrayList<>();
        try {
            for (int r = 0; r < n; r++) {
                List<String> args = new ArrayList<>(fleet.grcRegistryArgs());
                args.addAll(List.of("--doji.grc.replica.id=bench-" + n + "-" + r, "--doji.grc.slots=10",
                        "--logging.level.org.doji=WARN", "--logging.level.org.doji.grc.GrcApplication=INFO", "--management.endpoints.web.exposure.include=health,metrics"));
                String more = System.getProperty("bench.grc-args", "");
                if (!more.isBlank()) {
                    args.addAll(Arrays.asList(more.trim().split("\\s+")));
                }
                // the first replica migrates the schema; the others join it
                List<String> jvm = new ArrayList<>(List.of("-XX:TieredStopAtLevel=4", "-Xmx768m"));
                String moreJvm = System.getProperty("bench.grc-jvm", ""); // e.g. -XX:StartFlightRecording=...
                if (!moreJvm.isBlank()) {
                    jvm.addAll(Arrays.asList(moreJvm.trim().replace("{replica}", n + "-" + r).split("\\s+")));
                }
                replicas.add(GrcProcess.start(db, dir.resolve("grc-" + n + "-" + r + ".log"), jvm, args, 0));
            }
            List<GrcClient> ports = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                ports.add(new GrcClient(replicas.get(c % n).url()));
            }
            out.printf("%d replica(s) up; warming up %d s%n", n, warmup);
            load(ports, warmup, new Stats(), new AtomicInteger(), new AtomicInteger());

            String schema = schemaOf(db);
            long[] cpu0 = cpu(replicas);
            long[] pg0 = pgCounters(schema);
            double calls0 = rmCalls(replicas);
            long clientCalls0 = clientCalls.get();
            double[] plan0 = planTime(replicas);
            Stats latency = new Stats();
            AtomicInteger done = new AtomicInteger();
            AtomicInteger failed = new AtomicInteger();
            long t0 = System.nanoTime();
            load(ports, seconds, latency, done, failed);
            double secs = (System.nanoTime() - t0) / 1e9;
            Thread.sleep(1500); // PostgreSQL publishes its counters within a second
            long[] cpu = cpu(replicas);
            long[] pg = pgCounters(schema);
            double calls = rmCalls(replicas) - calls0;
            double[] plan = planTime(replicas);
            double planMs = (plan[1] - plan0[1]) * 1e3 / Math.max(1, plan[0] - plan0[0]);
            int k = Math.max(1, done.get());
            double grcCpu = (cpu[0] - cpu0[0]) / 1e6 / k;
            double ownCpu = (cpu[1] - cpu0[1]) / 1e6 / k;
            double dbCpu = (cpu[2] - cpu0[2]) / 1e6 / k;
            out.printf("%d replica(s): %d reserved (%d not) in %.1f s = %.1f/s, latency p50 %.1f p99 %.1f ms, CPU %.1f + %.1f + %.1f ms,"
                            + " %.1f commits, %.1f + %.1f rows, %.1f RM calls per co-allocation, load %.2f%n", n, done.get(),
                    failed.get(), secs, done.get() / secs, latency.percentile(50), latency.percentile(99), grcCpu, ownCpu, dbCpu,
                    (double) (pg[0] - pg0[0]) / k, (double) (pg[1] - pg0[1]) / k, (double) (pg[2] - pg0[2]) / k, calls / k,
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            double commits = (double) (pg[0] - pg0[0]) / k;
            double soapCalls = calls / k + (double) (clientCalls.get() - clientCalls0) / k; // the RMs' and the clients'
            double floorMs = Floor.ofCoAllocation(soapCalls, roundTrip, commits, commit, planMs);
            out.printf("%d replica(s): floor %.1f ms = %.1f SOAP calls (RM calls and the clients' create and polls) x %.2f"
                    + " + %.1f commits x %.2f + planning %.1f (the GRC's plan timer, wall); CPU %.1f ms = %.1fx the floor%n",
                    n, floorMs, soapCalls, roundTrip.cpuMicros() / 1e3,
                    commits, commit.cpuMicros() / 1e3, planMs, grcCpu + ownCpu + dbCpu, (grcCpu + ownCpu + dbCpu) / floorMs);
            return String.format("| %d | %.1f | %.1f | %.1f + %.1f + %.1f | %.1f | %.1f + %.1f | %.1f | %.1f | %.1f |", n,
                    done.get() / secs, latency.percentile(50), grcCpu, ownCpu, dbCpu, commits, (double) (pg[1] - pg0[1]) / k,
                    (double) (pg[2] - pg0[2]) / k, calls / k, floorMs, (grcCpu + ownCpu + dbCpu) / floorMs);
        } finally {
            replicas.forEach(GrcProcess::close);
        }
    }

    /** Every client creates co-allocations back to back for {@code seconds}, each on its own replica. */
    private void load(List<GrcClient> ports, int seconds, Stats latency, AtomicInteger done, AtomicInteger failed)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(ports.size());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Future<?>> running = new ArrayList<>();
        for (GrcClient port : ports) {
            running.add(pool.submit(() -> {
                while (System.nanoTime() < deadline) {
                    Instant t0 = Instant.now();
                    clientCalls.incrementAndGet();
                    String key = port.create(UUID.randomUUID().toString(), request());
                    long wait = pollMs;
                    Thread.sleep(wait);
                    clientCalls.incrementAndGet();
                    CoAllocationDocument d = port.document(key);
                    while (!GrcClient.isFinal(d.getState())) {
                        wait = Math.min(500, wait * 2); // polls cost the GRC CPU: back off
                        Thread.sleep(wait);
                        clientCalls.incrementAndGet();
                        d = port.document(key);
                    }
                    if (d.getState() == CoAllocationState.RESERVED) {
                        done.incrementAndGet();
                        latency.add(Duration.between(t0, d.getUpdated()).toNanos() / 1e6);
                    } else {
                        failed.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get(seconds + 120L, TimeUnit.SECONDS);
        }
        pool.shutdownNow();
    }

    /** Each request its own 3 h range (concurrent requests never compete for capacity), as the GRC benchmark. */
    private org.doji.contract.types.CoAllocationRequest request() {
        Instant est = base.plus(3 * (sequence.getAndIncrement() % 2800), ChronoUnit.HOURS);
        return GrcClient.request(Map.of("a", 4, "b", 4, "c", 4), Map.of(), 1000,
                GrcClient.flexible(est, est.plus(2, ChronoUnit.HOURS), Duration.ofHours(1)));
    }

    /** CPU nanoseconds: [the replicas' processes, this JVM (the RMs and the clients), PostgreSQL's processes]. */
    private static long[] cpu(List<GrcProcess> replicas) throws Exception {
        long grc = 0;
        for (GrcProcess p : replicas) {
            grc += Cpu.ofProcess(p.pid());
        }
        long own = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        return new long[] {grc, own, Cpu.ofPostgres()};
    }

    /** [commits of the database, rows written in the GRC's schema, rows written in every other schema]. */
    private static long[] pgCounters(String grcSchema) throws Exception {
        String url = System.getProperty("doji.test.pg.url", "jdbc:postgresql://localhost:5432/doji_test");
        try (Connection c = DriverManager.getConnection(url, System.getProperty("doji.test.pg.user", "doji"),
                System.getProperty("doji.test.pg.password", "doji"));
             Statement s = c.createStatement()) {
            long commits;
            try (ResultSet rs = s.executeQuery("select xact_commit from pg_stat_database where datname = current_database()")) {
                rs.next();
                commits = rs.getLong(1);
            }
            long grc = 0;
            long rms = 0;
            try (ResultSet rs = s.executeQuery("select schemaname, sum(n_tup_ins + n_tup_upd + n_tup_del) from pg_stat_user_tables"
                    + " group by schemaname")) {
                while (rs.next()) {
                    if (rs.getString(1).equalsIgnoreCase(grcSchema)) {
                        grc += rs.getLong(2);
                    } else {
                        rms += rs.getLong(2);
                    }
                }
            }
            return new long[] {commits, grc, rms};
        }
    }

    private static String schemaOf(Path db) {
        Matcher m = Pattern.compile("currentSchema=([^&]+)").matcher(TestDatabase.url(db));
        return m.find() ? m.group(1) : "";
    }

    /** RM calls the replicas made so far: reserve, commit and abort, and availability calls. */
    private double rmCalls(List<GrcProcess> replicas) throws Exception {
        double total = 0;
        for (GrcProcess p : replicas) {
            String actuator = p.url().replace("/services/grc", "/actuator/metrics/");
            total += count(actuator + "doji.grc.rm.call") + count(actuator + "doji.grc.availability.batch");
        }
        return total;
    }

    /** [plans made, seconds spent planning] by the replicas so far (their plan timer). */
    private double[] planTime(List<GrcProcess> replicas) throws Exception {
        double count = 0;
        double seconds = 0;
        for (GrcProcess p : replicas) {
            String url = p.url().replace("/services/grc", "/actuator/metrics/doji.grc.plan.time");
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
            Matcher c = COUNT.matcher(r.body());
            Matcher t = TOTAL_TIME.matcher(r.body());
            if (r.statusCode() == 200 && c.find() && t.find()) {
                count += Double.parseDouble(c.group(1));
                seconds += Double.parseDouble(t.group(1));
            }
        }
        return new double[] {count, seconds};
    }

    private double count(String url) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        Matcher m = COUNT.matcher(r.body());
        return r.statusCode() == 200 && m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    private static List<Integer> ints(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).map(Integer::parseInt).toList();
    }
}
