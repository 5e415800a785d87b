package org.doji.it.bench;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
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
import java.util.concurrent.locks.LockSupport;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.it.faults.GrcClient;
import org.doji.it.faults.GrcProcess;
import org.doji.it.faults.ReferenceGrid;
import org.doji.it.faults.RmFleet;
import org.doji.rm.api.Caller;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * End-to-end benchmark of the GRC: a 3-site/3-link co-allocation against the reference
 * grid (10 CRMs, 3 NRMs, each a real RM with durable H2 on a random loopback port), a real GRC with
 * durable H2, all over SOAP, in this JVM.
 *
 * <p>Latency is createCoAllocation → Reserved, taken from the co-allocation's server-side {@code updated}
 * timestamp (written with the Reserved state; same clock as the client's start instant), so how Reserved is
 * detected does not inflate it. Detection ({@code bench.detect}): {@code hook} (default) waits for the
 * coordinator's {@code settled} callback (in-process, no polling), then reads the state once from the store;
 * {@code store} reads the GRC's store in-process every {@code bench.poll-ms} (with 32 clients polling every
 * 2 ms the polls took a third of the CPU); {@code soap} polls GetResourcePropertyDocument over SOAP,
 * which on two shared cores makes the GRC spend much of its CPU answering polls (32 clients every 2 ms),
 * so it measures the poller as much as the GRC. The client-observed time (detection) is printed too; clients
 * notified by WS-BaseNotification are {@link DeployedBenchmark}'s.
 *
 * <p>The floor is measured at the start of the run ({@link Floor}: a SOAP round trip in this JVM, a durable H2
 * commit) and printed at its end per throughput round: SOAP calls x round trip + durable commits x commit +
 * planning, beside the round's CPU. Its calls are createCoAllocation and the GRC's RM calls (the polls of
 * {@code bench.detect=soap} are not counted).
 *
 * <pre>./mvnw -B -o -pl integration-tests -Pbench test-compile exec:java [-Dbench.requests=300 ...]</pre>
 * Options (system properties): bench.warmup (1500), bench.requests (300, latency run, one client),
 * bench.clients (1,8,32), bench.seconds (20 per throughput run), bench.rounds (3 per client count; medians),
 * bench.slots (10 = N candidate slots over a 2 h start range; 1 = fixed window), bench.poll-ms (2),
 * bench.detect (hook | store | soap), bench.keep-data (false: the run's databases are removed at its end).
 */
public final class CoAllocationBenchmark {

    private final PrintWriter out;
    private final GrcClient client;
    private final Timeline timeline;
    private final int slots;
    private final int pollMs;
    private final boolean hook;
    /** Reads the state without SOAP (in-process store); null = poll over SOAP. */
    private final java.util.function.Function<String, CoAllocationDocument> detector;
    private final Instant base = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.DAYS);
    private final AtomicLong sequence = new AtomicLong();
    private volatile String lastKey;
    /** Availability calls the GRC has made so far (its batch-size metric's count). */
    private java.util.function.LongSupplier availabilityCalls = () -> 0;
    /** SOAP calls the GRC has made to RMs so far: availability, reserve, commit, abort. */
    private java.util.function.LongSupplier rmCalls = () -> 0;
    /** [plans made, ms spent planning] by the GRC so far (its plan timer). */
    private java.util.function.Supplier<double[]> plans = () -> new double[2];
    /** The H2 versions (durable commits) of the GRC's database and of the RMs' together. */
    private StoreVersions grcWrites;
    private StoreVersions rmWrites;

    private CoAllocationBenchmark(PrintWriter out, GrcClient client, Timeline timeline, int slots, int pollMs,
                                  java.util.function.Function<String, CoAllocationDocument> detector) {
        this.detector = detector;
        this.out = out;
        this.client = client;
        this.timeline = timeline;
        this.slots = slots;
        this.pollMs = pollMs;
        this.hook = "hook".equals(System.getProperty("bench.detect", "hook"));
    }

    /** One finished co-allocation: client-to-Reserved latency and its parts, in ms. */
    record Sample(boolean reserved, double latency, double observed, double create, double toPrepare,
                  double prepare, double decision, double phaseTwo) {
    }

    /** 3 h ranges ahead of the booking horizon (366 days): after the last one, the next lap starts at the first. */
    private static final int RANGES = 2800;

    /**
     * Each request gets its own 3 h range, so concurrent requests never compete for capacity; a later lap books
     * the same ranges again, next to the earlier laps' reservations (each takes 4 of a site's cores).
     */
    private CoAllocationRequest request() {
        Instant est = base.plus(3 * (sequence.getAndIncrement() % RANGES), ChronoUnit.HOURS);
        var time = slots == 1 ? GrcClient.fixed(est, Duration.ofHours(1))
                : GrcClient.flexible(est, est.plus(2, ChronoUnit.HOURS), Duration.ofHours(1));
        return GrcClient.request(Map.of("a", 4, "b", 4, "c", 4), Map.of(), 1000, time);
    }

    private Sample one(GrcClient c) {
        Instant t0 = Instant.now();
        long n0 = System.nanoTime();
        String key = c.create(UUID.randomUUID().toString(), request());
        long n1 = System.nanoTime();
        lastKey = key;
        if (hook) {
            try {
                timeline.whenSettled(key).get(2, TimeUnit.MINUTES);
            } catch (Exception e) {
                throw new IllegalStateException("co-allocation " + key + " did not settle", e);
            }
        }
        CoAllocationDocument d = detector != null ? detector.apply(key) : c.document(key);
        while (!GrcClient.isFinal(d.getState())) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pollMs));
            d = detector != null ? detector.apply(key) : c.document(key);
        }
        long n2 = System.nanoTime();
        Timeline.Steps s = timeline.of(key);
        timeline.forget(key);
        boolean ok = d.getState() == CoAllocationState.RESERVED;
        if (!ok || s == null || s.afterDecision == null) {
            return new Sample(false, ms(t0, d.getUpdated()), (n2 - n0) / 1e6, (n1 - n0) / 1e6, 0, 0, 0, 0);
        }
        return new Sample(true, ms(t0, d.getUpdated()), (n2 - n0) / 1e6, (n1 - n0) / 1e6,
                ms(d.getCreated(), s.beforePrepare), ms(s.beforePrepare, s.afterPrepare),
                ms(s.afterPrepare, s.afterDecision), ms(s.afterDecision, d.getUpdated()));
    }

    private static double ms(Instant a, Instant b) {
        return Duration.between(a, b).toNanos() / 1e6;
    }

    /** CPU time of this whole process (clients, GRC, 13 RMs, JIT, GC). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** User and kernel CPU ticks of this process from /proc (Linux); zeros elsewhere. */
    private static long[] userSystemTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
        } catch (Exception e) {
            return new long[] {0, 0};
        }
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** A latency run: one client, one co-allocation after the other. */
    private void latency(String label, int n) {
        Stats latency = new Stats();
        Stats observed = new Stats();
        Stats create = new Stats();
        Stats toPrepare = new Stats();
        Stats prepare = new Stats();
        Stats decision = new Stats();
        Stats phaseTwo = new Stats();
        int failed = 0;
        long t0 = System.nanoTime();
        for (int i = 1; i <= n; i++) {
            Sample s = one(client);
            if (!s.reserved()) {
                failed++;
                continue;
            }
            latency.add(s.latency());
            observed.add(s.observed());
            create.add(s.create());
            toPrepare.add(s.toPrepare());
            prepare.add(s.prepare());
            decision.add(s.decision());
            phaseTwo.add(s.phaseTwo());
            if (i % 50 == 0) {
                out.printf("  %s: %d/%d done, p50 so far %.1f ms, load %.2f%n", label, i, n, latency.percentile(50), load());
            }
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        out.printf("%s: %d co-allocations (%d failed) in %.1f s, load %.2f%n", label, n, failed, secs, load());
        out.printf("  create→Reserved (server timestamp)  p50 %7.1f  p99 %7.1f  mean %7.1f ms%n",
                latency.percentile(50), latency.percentile(99), latency.mean());
        out.printf("  create→Reserved seen by polling      p50 %7.1f  p99 %7.1f  mean %7.1f ms%n",
                observed.percentile(50), observed.percentile(99), observed.mean());
        out.printf("  parts (p50 ms): createCoAllocation call %.1f | stored→prepares sent (queue, describe, availability"
                        + " fan-out, planning, 2 H2 writes) %.1f | prepares %.1f | decision write %.1f | commits + final write %.1f%n",
                create.percentile(50), toPrepare.percentile(50), prepare.percentile(50), decision.percentile(50),
                phaseTwo.percentile(50));
    }

    /**
     * One throughput round, per reserved co-allocation: CPU of the whole process, SOAP calls (createCoAllocation and
     * the GRC's RM calls), durable commits (GRC and RMs) and planning (the GRC's plan timer, ms per plan).
     */
    record Round(double rate, double p50, double cpuMs, double calls, double commits, double planMs) {
    }

    /** A throughput run: {@code clients} users each creating co-allocations back to back for {@code seconds}. */
    private Round throughput(int clients, int seconds) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<GrcClient> ports = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            ports.add(new GrcClient(client.url()));
        }
        AtomicInteger done = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        Stats latency = new Stats();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long cpu0 = processCpuNanos();
        long[] ticks0 = userSystemTicks();
        long calls0 = availabilityCalls.getAsLong();
        long rmCalls0 = rmCalls.getAsLong();
        double[] plans0 = plans.get();
        long grcCommits0 = grcWrites.total();
        long rmCommits0 = rmWrites.total();
        long t0 = System.nanoTime();
        List<Future<?>> running = new ArrayList<>();
        for (GrcClient port : ports) {
            running.add(pool.submit(() -> {
                while (System.nanoTime() < deadline) {
                    Sample s = one(port);
                    if (s.reserved()) {
                        done.incrementAndGet();
                        latency.add(s.latency());
                    } else {
                        failed.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        long nextProgress = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (Future<?> f : running) {
            while (true) {
                try {
                    f.get(1, TimeUnit.SECONDS);
                    break;
                } catch (java.util.concurrent.TimeoutException e) {
                    if (System.nanoTime() > nextProgress) {
                        out.printf("  %d clients: %d reserved so far, load %.2f%n", clients, done.get(), load());
                        nextProgress += TimeUnit.SECONDS.toNanos(5);
                    }
                }
            }
        }
        pool.shutdownNow();
        double secs = (System.nanoTime() - t0) / 1e9;
        double cpuMs = (processCpuNanos() - cpu0) / 1e6;
        long[] ticks = userSystemTicks();
        long user = ticks[0] - ticks0[0];
        long system = ticks[1] - ticks0[1];
        long calls = availabilityCalls.getAsLong() - calls0;
        double grcCommits = (double) (grcWrites.total() - grcCommits0) / Math.max(1, done.get());
        double rmCommits = (double) (rmWrites.total() - rmCommits0) / Math.max(1, done.get());
        double rate = done.get() / secs;
        double[] plansNow = plans.get();
        double planMs = plansNow[0] == plans0[0] ? 0 : (plansNow[1] - plans0[1]) / (plansNow[0] - plans0[0]);
        double soapCalls = 1 + (double) (rmCalls.getAsLong() - rmCalls0) / Math.max(1, done.get());
        out.printf("  %2d clients: %5d reserved (%d failed) in %.1f s = %6.1f co-allocations/s, latency p50 %.1f p99 %.1f ms,"
                        + " CPU %.1f ms per co-allocation (%.0f%% in the kernel), %.1f availability calls per co-allocation,"
                        + " durable commits per co-allocation: GRC %.1f, RMs %.1f, load %.2f%n", clients, done.get(), failed.get(),
                secs, rate, latency.percentile(50), latency.percentile(99), cpuMs / Math.max(1, done.get()),
                100.0 * system / Math.max(1, user + system), (double) calls / Math.max(1, done.get() + failed.get()),
                grcCommits, rmCommits, load());
        return new Round(rate, latency.percentile(50), cpuMs / Math.max(1, done.get()), soapCalls, grcCommits + rmCommits, planMs);
    }

    /**
     * The same process's bare SOAP round trips: GRC list (only while the caller has no co-allocations: the
     * GRC loads every one of them per call), GetResourcePropertyDocument of one co-allocation, RM describe.
     */
    private void baseline(String label, String rmUrl, String someKey, int n) {
        Stats list = new Stats();
        Stats doc = new Stats();
        Stats describe = new Stats();
        var rm = new RemoteResourceManager(rmUrl, Duration.ofSeconds(5), Duration.ofSeconds(30));
        GrcClient other = new GrcClient(client.url());
        for (int i = 0; i < n; i++) {
            long t = System.nanoTime();
            if (someKey == null) {
                other.listSize();
                list.add((System.nanoTime() - t) / 1e6);
            } else {
                t = System.nanoTime();
                client.document(someKey);
                doc.add((System.nanoTime() - t) / 1e6);
            }
            t = System.nanoTime();
            rm.describe(Caller.coordinator("bench"));
            describe.add((System.nanoTime() - t) / 1e6);
        }
        out.printf("baseline %s (p50 of %d): %s, RM describe %.2f ms, load %.2f%n", label, n,
                someKey == null ? String.format("GRC list (empty) %.2f ms", list.percentile(50))
                        : String.format("GRC GetResourcePropertyDocument %.2f ms", doc.percentile(50)),
                describe.percentile(50), load());
    }

    private void meters(MeterRegistry meters) {
        Timer plan = meters.find("doji.grc.plan.time").timer();
        if (plan != null) {
            out.printf("GRC metrics: planning (N=%d slots) mean %.2f ms max %.1f ms over %d plans%n", slots,
                    plan.mean(TimeUnit.MILLISECONDS), plan.max(TimeUnit.MILLISECONDS), plan.count());
        }
        var batches = meters.find("doji.grc.availability.batch").summary();
        if (batches != null && batches.count() > 0) {
            out.printf("GRC metrics: availability calls: %d, co-allocations answered per call mean %.2f max %.0f%n",
                    batches.count(), batches.mean(), batches.max());
        }
        for (String op : List.of("reserve", "commit", "abort")) {
            double total = 0;
            long count = 0;
            for (Timer t : meters.find("doji.grc.rm.call").tag("operation", op).timers()) {
                total += t.totalTime(TimeUnit.MILLISECONDS);
                count += t.count();
            }
            out.printf("GRC metrics: RM %s calls: %d, mean %.2f ms%n", op, count,
                    count == 0 ? 0 : total / count);
        }
    }

    /** The state and timestamps as the GRC stored them (what GetResourcePropertyDocument would return). */
    private static CoAllocationDocument stateOf(org.doji.grc.store.CoAllocationStore store, String key) {
        var c = store.find(key).orElseThrow();
        CoAllocationDocument d = new CoAllocationDocument();
        d.setKey(key);
        d.setState(CoAllocationState.fromValue(c.state().name()));
        d.setCreated(c.created());
        d.setUpdated(c.updated());
        return d;
    }

    public static void main(String[] args) throws Exception {
        PrintWriter out = new PrintWriter(System.out, true);
        // the JIT compiles for minutes on a JVM with 14 Spring applications: measure the steady state
        int warmup = Integer.getInteger("bench.warmup", 1500);
        int requests = Integer.getInteger("bench.requests", 300);
        int seconds = Integer.getInteger("bench.seconds", 20);
        int rounds = Integer.getInteger("bench.rounds", 3);
        int slots = Integer.getInteger("bench.slots", 10);
        int pollMs = Integer.getInteger("bench.poll-ms", 2);
        String detect = System.getProperty("bench.detect", "hook");
        boolean soapPolling = "soap".equals(detect);
        List<Integer> clientCounts = Arrays.stream(System.getProperty("bench.clients", "1,8,32").split(","))
                .map(String::trim).map(Integer::parseInt).toList();

        Path dir = GrcProcess.itDirectory("bench");
        out.printf("Doji GRC benchmark: reference grid (10 CRMs, 3 NRMs), SOAP on loopback, durable H2 in %s%n", dir);
        out.printf("request: 3 sites x 4 cores, 3 links x 1 Gbps, %s; load average %.2f, %d cores%n",
                slots == 1 ? "fixed 1 h window" : "1 h within a 2 h start range, N=" + slots + " slots",
                load(), Runtime.getRuntime().availableProcessors());
        // the floor first, in a quiet process: measured after the grid, it would share the CPU with its stores' closing
        out.println("the floor, measured now:");
        Floor.Figure roundTrip = Floor.soapRoundTripInThisJvm(Integer.getInteger("floor.calls", 20_000));
        out.println("  " + roundTrip);
        Floor.Figure commit = Floor.commit("durable commit, H2 file", Floor.h2FileUrl(dir),
                Integer.getInteger("floor.commits", 5_000));
        out.println("  " + commit);
        Timeline timeline = new Timeline();
        Map<Integer, List<Round>> byClients = new java.util.LinkedHashMap<>();
        try (RmFleet fleet = RmFleet.start(ReferenceGrid.topology(), dir, Map.of(), false)) {
            List<String> grcArgs = new ArrayList<>(fleet.grcRegistryArgs());
            grcArgs.add("--doji.grc.slots=" + slots);
            grcArgs.add("--logging.level.org.doji=WARN"); // a log line per step would be measured too
            ConfigurableApplicationContext grc = GrcProcess.inThisJvm(dir.resolve("grc"), grcArgs,
                    ctx -> ctx.getBeanFactory().registerSingleton("benchTimeline", timeline));
            try {
                GrcClient client = new GrcClient(GrcProcess.urlOf(grc));
                var store = grc.getBean(org.doji.grc.store.CoAllocationStore.class);
                MeterRegistry grcMeters = grc.getBean(MeterRegistry.class);
                CoAllocationBenchmark bench = new CoAllocationBenchmark(out, client, timeline, slots, pollMs,
                        soapPolling ? null : key -> stateOf(store, key));
                bench.grcWrites = new StoreVersions(List.of(grc));
                bench.rmWrites = new StoreVersions(fleet.ids().stream().map(fleet::context).toList());
                bench.availabilityCalls = () -> {
                    var batches = grcMeters.find("doji.grc.availability.batch").summary();
                    return batches == null ? 0 : batches.count();
                };
                bench.rmCalls = () -> bench.availabilityCalls.getAsLong()
                        + grcMeters.find("doji.grc.rm.call").timers().stream().mapToLong(Timer::count).sum();
                bench.plans = () -> {
                    Timer plan = grcMeters.find("doji.grc.plan.time").timer();
                    return plan == null ? new double[2] : new double[] {plan.count(), plan.totalTime(TimeUnit.MILLISECONDS)};
                };
                out.printf("Reserved detected by %s; latency from the GRC's own updated timestamp%n",
                        detect.equals("hook") ? "the coordinator's settled callback (no polling)"
                                : (soapPolling ? "GetResourcePropertyDocument over SOAP" : "reading the GRC's store in-process")
                                + " every " + pollMs + " ms");
                String rmUrl = fleet.directUrl("crm-jn1");
                bench.baseline("before load", rmUrl, null, 200);
                bench.latency("warm-up", warmup);
                bench.baseline("warm", rmUrl, bench.lastKey, 200);
                bench.latency("latency, 1 client", requests);
                out.println("throughput (" + rounds + " rounds of " + seconds + " s per client count; medians):");
                List<String> table = new ArrayList<>();
                for (int c : clientCounts) {
                    List<Round> measured = new ArrayList<>();
                    for (int r = 0; r < rounds; r++) {
                        measured.add(bench.throughput(c, seconds));
                    }
                    table.add(String.format("| %d | %.1f | %.1f | %.2f |", c, median(measured, Round::rate),
                            median(measured, Round::p50), load()));
                    byClients.put(c, measured);
                }
                bench.meters(grc.getBean(MeterRegistry.class));
                bench.baseline("after load", rmUrl, bench.lastKey, 200);
                out.println("| clients | co-allocations/s (median) | latency p50 ms (median) | load |");
                out.println("|---|---|---|---|");
                table.forEach(out::println);
            } finally {
                grc.close();
            }
        }
        printFloor(out, roundTrip, commit, byClients);
        BenchData.discard(dir, out);
        System.exit(0);
    }

    /**
     * Per throughput round, its floor (calls x round trip + commits x commit + planning; the round trip and the commit
     * measured at the start of this run: absolute times drift by up to 30 % here between runs) beside its CPU.
     */
    private static void printFloor(PrintWriter out, Floor.Figure roundTrip, Floor.Figure commit,
                                   Map<Integer, List<Round>> byClients) {
        out.printf("the floor per round: %s; %s%n", roundTrip, commit);
        out.println("| clients | CPU ms per co-allocation | SOAP calls | durable commits | planning ms | floor ms | CPU / floor |");
        out.println("|---|---|---|---|---|---|---|");
        byClients.forEach((clients, measured) -> {
            for (Round r : measured) {
                double floor = Floor.ofCoAllocation(r.calls(), roundTrip, r.commits(), commit, r.planMs());
                out.printf("| %d | %.1f | %.1f | %.1f | %.2f | %.1f | %.2f |%n", clients, r.cpuMs(), r.calls(), r.commits(),
                        r.planMs(), floor, r.cpuMs() / floor);
            }
        });
    }

    private static double median(List<Round> rounds, java.util.function.ToDoubleFunction<Round> figure) {
        return Stats.median(rounds.stream().map(r -> figure.applyAsDouble(r)).toList());
    }
}
