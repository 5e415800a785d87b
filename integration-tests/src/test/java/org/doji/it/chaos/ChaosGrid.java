package org.doji.it.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.doji.grc.demo.GridTopology;
import org.doji.it.faults.FaultProxy;
import org.doji.it.faults.GrcProcess;
import org.doji.it.faults.RmFleet;
import org.doji.it.faults.TopologyRms;
import org.doji.rm.app.RmApplication;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ReservationView;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.testing.RmProcess;
import org.doji.rm.testing.TestDatabase;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A GRC (or several replicas of it on one database) and its RMs, each in a JVM of its own on a durable database
 * (H2 files, or PostgreSQL schemas: {@link TestDatabase}), each behind a {@link FaultProxy} with seeded
 * {@link RandomFaults} (a GRC's proxy is its users' address); any of them can be killed with SIGKILL and started
 * again on the same database and port. Replica {@code i} is named {@code grc} (i = 0) or {@code grc-r<i>}.
 */
public final class ChaosGrid implements AutoCloseable {

    /** What every RM and the GRC run with: short holds, quick ticks and re-drives, so a run settles in seconds. */
    public static final Duration HOLD = Duration.ofSeconds(8);

    /**
     * An RM this grid does not start: it runs already (a real adapter's process), the grid only puts a fault proxy in
     * front of it and kills it through {@code crashAndRestart} (kill -9, then a start on the same database and port).
     */
    public record OutsideRm(String url, Runnable crashAndRestart) {
    }

    private final Path dir;
    private final GridTopology topology;
    /** The RMs this grid did not start, by id (their order after the topology's). */
    private final Map<String, OutsideRm> outside = new LinkedHashMap<>();
    private final Map<String, RmProcess> rms = new LinkedHashMap<>();
    private final Map<String, FaultProxy> proxies = new LinkedHashMap<>();
    private final Map<String, RandomFaults> faults = new LinkedHashMap<>();
    private final List<String> grcArgs = new ArrayList<>();
    /** The GRC replicas by name, each on its own port, all on one database. */
    private final Map<String, GrcProcess> grcs = new LinkedHashMap<>();
    private final Map<String, Integer> grcPorts = new LinkedHashMap<>();
    private int grcStarts;
    /** The RMs when they run in this JVM (else each in its own process: {@link #rms}). */
    private RmFleet fleet;

    private ChaosGrid(Path dir, GridTopology topology) {
        this.dir = dir;
        this.topology = topology;
    }

    static ChaosGrid start(Path dir, GridTopology topology, long seed, double faultRate) throws Exception {
        return start(dir, topology, seed, faultRate, 1, List.of(), false);
    }

    /**
     * A GRC over RMs that run already (no simulated ones), each behind its fault proxy; {@code moreGrcArgs} replace
     * the GRC arguments of the same name (a slower real RM needs a longer {@code doji.grc.rm-timeout}).
     */
    public static ChaosGrid over(Path dir, Map<String, OutsideRm> rms, long seed, double faultRate,
                                 List<String> moreGrcArgs) throws Exception {
        return start(dir, new GridTopology(List.of()), rms, seed, faultRate, 1, moreGrcArgs, false);
    }

    /**
     * As above with {@code replicas} GRCs on one database (each with {@code doji.grc.replica.id} its name), and more
     * GRC arguments; {@code rmsInThisJvm}: the RMs run in this JVM ({@link RmFleet}: quicker to start and to read,
     * but they cannot be killed).
     */
    static ChaosGrid start(Path dir, GridTopology topology, long seed, double faultRate, int replicas,
                           List<String> moreGrcArgs, boolean rmsInThisJvm) throws Exception {
        return start(dir, topology, Map.of(), seed, faultRate, replicas, moreGrcArgs, rmsInThisJvm);
    }

    private static ChaosGrid start(Path dir, GridTopology topology, Map<String, OutsideRm> outsideRms, long seed,
                                   double faultRate, int replicas, List<String> moreGrcArgs, boolean rmsInThisJvm)
            throws Exception {
        ChaosGrid g = new ChaosGrid(dir, topology);
        g.outside.putAll(outsideRms);
        try {
            if (rmsInThisJvm) {
                g.fleet = RmFleet.start(topology, dir, Map.of("doji.rm.hold-timeout", HOLD.toString(),
                        "doji.rm.tick-interval", "PT0.5S"), false);
                for (String id : g.fleet.ids()) {
                    g.proxied(id, g.fleet.directUrl(id), seed, faultRate);
                }
            } else {
                g.startRms(seed, faultRate);
            }
            for (var e : g.outside.entrySet()) {
                g.proxied(e.getKey(), e.getValue().url(), seed, faultRate);
            }
            int i = 0;
            for (String id : g.rmIds()) {
                g.grcArgs.add("--doji.grc.rms[" + i + "].id=" + id);
                g.grcArgs.add("--doji.grc.rms[" + i + "].url=" + g.proxies.get(id).url());
                i++;
            }
            g.grcArgs.addAll(List.of("--doji.grc.slots=3", "--doji.grc.max-plans=3", "--doji.grc.rm-timeout=PT2S",
                    "--doji.grc.connect-timeout=PT1S", "--doji.grc.phase-two-retry=PT0.1S",
                    "--doji.grc.phase-two-max-backoff=PT2S", "--doji.grc.phase-two-inline=PT1S",
                    "--doji.grc.health-interval=PT2S", "--doji.grc.tick-interval=PT0.5S",
                    "--doji.grc.hold-timeout=PT6S", "--management.endpoints.web.exposure.include=health"));
            for (String arg : moreGrcArgs) { // one value per property: a repeated one would be read as a list
                String name = arg.substring(0, arg.indexOf('=') + 1);
                g.grcArgs.removeIf(a -> a.startsWith(name));
                g.grcArgs.add(arg);
            }
            for (int r = 0; r < replicas; r++) {
                String name = r == 0 ? "grc" : "grc-r" + r;
                g.grcPorts.put(name, RestartableRm.freePort());
                RandomFaults users = new RandomFaults(seed * 7919 + r, faultRate, Duration.ofMillis(800));
                g.faults.put(name, users);
            }
            g.startGrcs();
            for (String name : g.grcPorts.keySet()) {
                g.proxies.put(name, new FaultProxy(name, "http://localhost:" + g.grcPorts.get(name) + "/services/grc")
                        .recording(false).choosing(g.faults.get(name)));
            }
            return g;
        } catch (Exception | Error e) {
            g.close();
            throw e;
        }
    }

    private void startRms(long seed, double faultRate) throws Exception {
        rms.putAll(TopologyRms.start(topology, id -> List.of(), dir, List.of("--doji.rm.hold-timeout=" + HOLD,
                "--doji.rm.tick-interval=PT0.5S", "--management.endpoints.web.exposure.include=health")));
        for (var e : rms.entrySet()) {
            proxied(e.getKey(), e.getValue().url(), seed, faultRate);
        }
    }

    /** The RM's fault proxy (its seeded faults by its place in the topology). */
    private void proxied(String id, String url, long seed, double faultRate) throws IOException {
        RandomFaults f = new RandomFaults(seed * 31 + rmIds().indexOf(id), faultRate, Duration.ofMillis(1500));
        faults.put(id, f);
        proxies.put(id, new FaultProxy(id, url).recording(false).choosing(f));
    }

    /**
     * Starts every replica at once (replicas share a PostgreSQL database, whose Flyway migration takes a lock: the
     * first to start migrates, the others wait for it).
     */
    private void startGrcs() throws Exception {
        List<String> names = new ArrayList<>(grcPorts.keySet());
        if (names.size() == 1) {
            startGrc(names.get(0));
            return;
        }
        grcDatabase(); // the shared schema made once, before the replicas start at once
        if (!TestDatabase.postgres()) {
            // an H2 file shared through its automatic server: the first replica opens the file and serves the others
            names.forEach(this::startGrc);
            return;
        }
        ExecutorService starters = Executors.newFixedThreadPool(names.size());
        try {
            List<Future<?>> started = new ArrayList<>();
            names.forEach(n -> started.add(starters.submit(() -> startGrc(n))));
            for (Future<?> f : started) {
                f.get();
            }
        } finally {
            starters.shutdownNow();
        }
    }

    private void startGrc(String name) {
        List<String> args = new ArrayList<>(grcArgs);
        args.add("--doji.grc.replica.id=" + name); // started again under its name: it takes its own work back at once
        int start;
        synchronized (this) {
            start = ++grcStarts;
        }
        try {
            GrcProcess p = grcPorts.size() == 1
                    ? GrcProcess.start(dir.resolve("grc"), dir.resolve(name + "-" + start + ".log"), args, grcPorts.get(name))
                    : GrcProcess.startOn(grcDatabase(), dir.resolve(name + "-" + start + ".log"), List.of(), args,
                            grcPorts.get(name));
            synchronized (grcs) {
                grcs.put(name, p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The GRC as its users reach it (through its proxy): the first replica. */
    public String grcUrl() {
        return proxies.get("grc").url();
    }

    /** Every replica as its users reach it, in order. */
    List<String> grcUrls() {
        return grcPorts.keySet().stream().map(n -> proxies.get(n).url()).toList();
    }

    List<String> grcNames() {
        return new ArrayList<>(grcPorts.keySet());
    }

    /** kill -9 of one GRC replica (not started again). */
    void killGrc(String name) {
        grcs.get(name).kill9();
    }

    /** Starts a killed GRC replica again on its database and port. */
    void restartGrc(String name) {
        startGrc(name);
    }

    /**
     * The database the GRC replicas share (its JDBC URL): PostgreSQL, or on H2 one file through H2's automatic server
     * (the first process to open it serves the others; it must not be the one a test stops).
     */
    String grcDatabase() {
        if (TestDatabase.postgres() || grcPorts.size() == 1) {
            return TestDatabase.url(dir.resolve("grc"));
        }
        return "jdbc:h2:file:" + dir.resolve("grc").toAbsolutePath() + org.doji.rm.config.DojiDefaults.H2_FILE_SETTINGS
                .replace(";DB_CLOSE_ON_EXIT=FALSE", "") + ";AUTO_SERVER=TRUE;USER=sa";
    }

    /** The process of a GRC replica now (to stop and continue it). */
    GrcProcess grcProcess(String name) {
        return grcs.get(name);
    }

    public List<String> rmIds() {
        List<String> ids = new ArrayList<>(topology.rms().stream().map(GridTopology.RmDef::id).toList());
        ids.addAll(outside.keySet());
        return ids;
    }

    /** kill -9 of the GRC ("grc") or an RM, then a start on the same database and port. */
    public void killAndRestart(String id) {
        if (grcs.containsKey(id)) {
            killGrc(id);
            startGrc(id);
        } else if (outside.containsKey(id)) {
            outside.get(id).crashAndRestart().run();
        } else if (fleet != null) {
            throw new UnsupportedOperationException("the RMs run in this JVM: they cannot be killed");
        } else {
            rms.get(id).crashAndRestart();
        }
    }

    /** Whether the (first) GRC answers its users now (not killed, or started again). */
    boolean grcUp() {
        GrcProcess grc = grcs.get("grc");
        return grc != null && grc.isAlive();
    }

    /** No more faults from now on. */
    public void faultsOff() {
        faults.values().forEach(RandomFaults::off);
    }

    public int faultsInjected() {
        return faults.values().stream().mapToInt(RandomFaults::total).sum();
    }

    /** Faults injected per proxy and operation. */
    public Map<String, Map<String, Integer>> faultsByProxy() {
        Map<String, Map<String, Integer>> out = new TreeMap<>();
        faults.forEach((id, f) -> out.put(id, f.injected()));
        return out;
    }

    /** Everything an RM holds, read from its database by the RM kernel itself (loaded in this JVM, its process killed). */
    record RmState(List<ReservationView> open, List<String> capacityViolations) {
    }

    /**
     * Kills every RM and reads each database with the kernel: the durable state as a restarted RM sees it (its first
     * tick applied: holds past their expiry released).
     */
    Map<String, RmState> readRmDatabases() {
        Map<String, RmState> out = new TreeMap<>();
        if (fleet != null) { // in this JVM: each kernel as it is, its tick applied
            for (String id : fleet.ids()) {
                ReservationKernel kernel = fleet.kernel(id);
                kernel.tick();
                out.put(id, new RmState(List.copyOf(kernel.openReservations()), kernel.capacityViolations()));
            }
            return out;
        }
        for (GridTopology.RmDef def : topology.rms()) {
            rms.get(def.id()).kill9();
            List<String> args = new ArrayList<>();
            def.properties().forEach((k, v) -> args.add("--" + k + "=" + v));
            args.addAll(List.of("--doji.rm.id=" + def.id(), "--doji.rm.hold-timeout=" + HOLD, "--server.port=0",
                    "--spring.jmx.enabled=false", "--spring.autoconfigure.exclude=" + GrcProcess.NO_LOGBACK_METRICS,
                    "--doji.rm.tick-interval=PT1H",
                    "--spring.datasource.url=" + TestDatabase.url(dir.resolve(def.id()))));
            try (ConfigurableApplicationContext rm = new SpringApplicationBuilder(RmApplication.class).run(args.toArray(String[]::new))) {
                ReservationKernel kernel = rm.getBean(ReservationKernel.class);
                kernel.tick();
                out.put(def.id(), new RmState(List.copyOf(kernel.openReservations()), kernel.capacityViolations()));
            }
        }
        return out;
    }

    /** Stops the proxies, the GRCs and the RMs this grid started (not the {@link OutsideRm}s). */
    @Override
    public void close() {
        proxies.values().forEach(FaultProxy::close);
        grcs.values().forEach(GrcProcess::close);
        rms.values().forEach(RmProcess::close);
        if (fleet != null) {
            fleet.close();
        }
    }
}
