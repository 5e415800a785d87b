package org.doji.rm.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.doji.rm.api.Caller;
import org.doji.rm.app.RmApplication;
import org.doji.rm.fault.DojiException;
import org.doji.rm.kernel.InMemoryReservationStore;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.util.SettableClock;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Benchmark harness (not a unit test), run as documented in rm-core/README.md:
 * <ol>
 *   <li>reserve+commit latency (p50, p99) and throughput through the SOAP endpoint on loopback, durable
 *       file H2, at 1, 4 and 16 concurrent callers;</li>
 *   <li>cost of one availability query (8 slots) as the calendar grows from 1e2 to 1e5 reservations.</li>
 * </ol>
 * System properties: bench.pairs (reserve+commit pairs per caller count, default 2000), bench.warmup
 * (default 500), bench.callers (default 1,4,16), bench.sizes (default 100,1000,10000,100000),
 * bench.part (soap, query or both).
 */
public final class RmBenchmark {

    private RmBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String part = System.getProperty("bench.part", "both");
        StringBuilder report = new StringBuilder();
        if (!part.equals("query")) {
            report.append(soap());
        }
        if (!part.equals("soap")) {
            report.append(query());
        }
        System.out.println(report);
        System.exit(0);
    }

    private static String soap() throws Exception {
        int pairs = Integer.getInteger("bench.pairs", 2000);
        int warmup = Integer.getInteger("bench.warmup", 500);
        int[] callers = Arrays.stream(System.getProperty("bench.callers", "1,4,16").split(","))
                .mapToInt(Integer::parseInt).toArray();
        Path dir = Files.createTempDirectory("doji-rm-bench");
        Map<String, Object> props = new java.util.HashMap<>(Map.of("doji.rm.id", "crm-bench", "doji.data-dir",
                dir.toString(), "server.port", "0", "logging.level.root", "WARN", "doji.rm.simulated.sites[0].name",
                "siteA", "doji.rm.simulated.sites[0].nodes", "256", "doji.rm.simulated.sites[0].cores-per-node", "8"));
        // bench.security=true: WS-Security on (a bcrypt COORDINATOR user) and the client sends its UsernameToken
        boolean secure = Boolean.getBoolean("bench.security");
        if (secure) {
            props.put("doji.security.users[0].name", "grc");
            props.put("doji.security.users[0].password", "{bcrypt}"
                    + new org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder().encode("bench-secret"));
            props.put("doji.security.users[0].roles", "COORDINATOR");
        }
        ConfigurableApplicationContext ctx = new SpringApplicationBuilder(RmApplication.class).properties(props).run();
        int port = ctx.getEnvironment().getProperty("local.server.port", Integer.class);
        // bench.direct=true: the same calls on the kernel bean in-process (durable H2, no SOAP), to split the cost
        org.doji.rm.api.ResourceManager rm = Boolean.getBoolean("bench.direct") ? ctx.getBean(ReservationKernel.class)
                : new RemoteResourceManager("http://localhost:" + port + "/services/rm", Duration.ofSeconds(5),
                        Duration.ofSeconds(60), secure ? org.doji.rm.soap.client.ClientSecurity.token("grc", "bench-secret")
                        : org.doji.rm.soap.client.ClientSecurity.NONE);
        Caller caller = Caller.ANONYMOUS;
        Instant base = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(Duration.ofDays(1));
        AtomicLong slot = new AtomicLong();
        StringBuilder out = new StringBuilder("\n| callers | pairs | p50 ms | p99 ms | mean ms | pairs/s | CPU ms/pair |\n|---|---|---|---|---|---|---|\n");
        // CPU of the whole process (client and server) per pair: what a pair costs on an idle machine,
        // independent of how many other processes share the two cores
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        Runnable onePair = () -> {
            long k = slot.getAndIncrement();
            // 256 one-node reservations per hour: each fits, and the calendar keeps growing
            Instant start = base.plus(Duration.ofHours(k / 256));
            ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plus(Duration.ofHours(1))),
                    List.of(new ComputeDemand("siteA", 8, List.of())), List.of(), List.of(), List.of("alice"), null);
            String key = rm.reserve(caller, java.util.UUID.randomUUID().toString(), spec, null).key();
            rm.commit(caller, key, java.util.UUID.randomUUID().toString());
        };
        for (int i = 0; i < warmup; i++) {
            onePair.run();
        }
        // the cost of one SOAP round trip without kernel work (describe), to split transport from kernel
        long[] pings = new long[500];
        for (int i = 0; i < pings.length; i++) {
            long s = System.nanoTime();
            rm.describe(caller);
            pings[i] = System.nanoTime() - s;
        }
        Arrays.sort(pings);
        System.err.printf("describe round trip p50 %.2f ms; load average %.2f%n", pings[pings.length / 2] / 1e6,
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        for (int n : callers) {
            long[] latencies = new long[pairs];
            AtomicLong next = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(n);
            long t0 = System.nanoTime();
            long cpu0 = os.getProcessCpuTime();
            List<Future<?>> fs = new ArrayList<>();
            for (int c = 0; c < n; c++) {
                fs.add(pool.submit(() -> {
                    long i;
                    while ((i = next.getAndIncrement()) < pairs) {
                        long s = System.nanoTime();
                        onePair.run();
                        latencies[(int) i] = System.nanoTime() - s;
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpuPerPair = (os.getProcessCpuTime() - cpu0) / 1e6 / pairs;
            pool.shutdown();
            Arrays.sort(latencies);
            out.append(String.format("| %d | %d | %.2f | %.2f | %.2f | %.0f | %.2f |%n", n, pairs, latencies[pairs / 2] / 1e6,
                    latencies[(int) (pairs * 0.99)] / 1e6, Arrays.stream(latencies).average().orElse(0) / 1e6,
                    pairs / seconds, cpuPerPair));
        }
        ctx.close();
        return out.toString();
    }

    private static String query() {
        int[] sizes = Arrays.stream(System.getProperty("bench.sizes", "100,1000,10000,100000").split(","))
                .mapToInt(Integer::parseInt).toArray();
        Instant t0 = Instant.parse("2030-01-01T00:00:00Z");
        BackendInventory inv = new BackendInventory(RmKind.COMPUTE, "d",
                List.of(SimulatedBackend.site("s", 64, 8, 1.0, Map.of())), List.of(), List.of(), List.of(), List.of());
        ReservationKernel kernel = new ReservationKernel(RmSettings.defaults("crm-q"), new SimulatedBackend(inv),
                new InMemoryReservationStore(), new SettableClock(t0), Notifier.NONE);
        Caller grc = Caller.coordinator("grc");
        Random rnd = new Random(1);
        StringBuilder out = new StringBuilder("\n| reservations | breakpoints (all nodes) | query p50 µs (8 slots) | query p99 µs |\n|---|---|---|---|\n");
        int booked = 0;
        int attempts = 0;
        for (int size : sizes) {
            // constant density: the horizon grows with the number of reservations (about 40% of node-time booked)
            while (booked < size) {
                long horizonMinutes = Math.max(600, (long) size * 60 * 4 / 64);
                Instant start = t0.plus(Duration.ofMinutes(15 * (rnd.nextLong(horizonMinutes / 15))));
                TimeWindow w = new TimeWindow(start, start.plus(Duration.ofMinutes(15L * (1 + rnd.nextInt(16)))));
                ReservationSpec spec = new ReservationSpec(w, List.of(new ComputeDemand("s", 8 * (1 + rnd.nextInt(4)),
                        List.of())), List.of(), List.of(), List.of(), null);
                attempts++;
                try {
                    String key = kernel.reserve(grc, "c" + attempts, spec, null).key();
                    kernel.commit(grc, key, "k" + attempts);
                    booked++;
                } catch (DojiException e) {
                    // a full window: try another one
                }
            }
            long horizonMinutes = Math.max(600, (long) size * 60 * 4 / 64);
            int runs = 2000;
            long[] ns = new long[runs];
            for (int i = 0; i < runs + 500; i++) {
                List<TimeWindow> slots = new ArrayList<>();
                Instant s = t0.plus(Duration.ofMinutes(15 * rnd.nextLong(horizonMinutes / 15)));
                for (int j = 0; j < 8; j++) {
                    Instant st = s.plus(Duration.ofMinutes(30L * j));
                    slots.add(new TimeWindow(st, st.plus(Duration.ofHours(2))));
                }
                long a = System.nanoTime();
                kernel.availability(grc, new AvailabilityQuery(slots, null));
                if (i >= 500) {
                    ns[i - 500] = System.nanoTime() - a;
                }
            }
            Arrays.sort(ns);
            int breakpoints = kernel.usageProfiles().values().stream().mapToInt(Map::size).sum();
            out.append(String.format("| %d | %d | %.1f | %.1f |%n", size, breakpoints, ns[runs / 2] / 1e3, ns[(int) (runs * 0.99)] / 1e3));
        }
        return out.toString();
    }
}
