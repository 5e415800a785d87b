package org.doji.it.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.grc.demo.GridTopology;
import org.doji.it.faults.GrcProcess;
import org.doji.it.faults.TopologyRms;
import org.doji.rm.testing.RmProcess;
import org.doji.rm.testing.TestDatabase;

/**
 * The deployed shape: every RM of a topology and the GRC, each in a JVM of its own on its own database (an H2 file,
 * or a PostgreSQL schema: {@link org.doji.rm.testing.TestDatabase}), logging at WARN as a production service would.
 * The GRC can be stopped and started again on the same database and RMs (a before/after comparison of GRC options).
 */
final class DeployedGrid implements AutoCloseable {

    private static final Pattern COUNT = Pattern.compile("\"statistic\":\"COUNT\",\"value\":([0-9.E]+)");
    private static final Pattern TOTAL_TIME = Pattern.compile("\"statistic\":\"TOTAL_TIME\",\"value\":([0-9.E-]+)");

    private final Path dir;
    private final List<String> jvm;
    private final Map<String, RmProcess> rms = new LinkedHashMap<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private GrcProcess grc;
    private int grcStarts;

    private DeployedGrid(Path dir, List<String> jvm) {
        this.dir = dir;
        this.jvm = jvm;
    }

    /** Starts the RMs, two at a time (each JVM's start-up takes a core for seconds). */
    static DeployedGrid start(GridTopology topology, Path dir, List<String> jvm) throws Exception {
        DeployedGrid g = new DeployedGrid(dir, jvm);
        g.rms.putAll(TopologyRms.start(topology, id -> rmJvm(jvm, id), dir, List.of("--logging.level.org.doji=WARN",
                "--management.endpoints.web.exposure.include=health")));
        return g;
    }

    /**
     * The RM's JVM flags: {@code jvm}, plus {@code bench.rm-jvm} for the RMs named in {@code bench.rm-jvm-ids} (e.g.
     * {@code -XX:StartFlightRecording=...,filename=%id.jfr} to profile one RM; {@code %id} becomes the RM's id).
     */
    private static List<String> rmJvm(List<String> jvm, String id) {
        String more = System.getProperty("bench.rm-jvm", "");
        List<String> ids = Arrays.asList(System.getProperty("bench.rm-jvm-ids", "").split(","));
        if (more.isBlank() || !ids.contains(id)) {
            return jvm;
        }
        List<String> flags = new ArrayList<>(jvm);
        flags.addAll(Arrays.asList(more.replace("%id", id).trim().split("\\s+")));
        return flags;
    }

    /** (Re)starts the GRC on its database with {@code more} Spring arguments; the previous one is stopped first. */
    void startGrc(List<String> more) throws Exception {
        startGrc(List.of(), List.of(), more);
    }

    /**
     * As above with the classes in {@code classPathFirst} replacing the jars' (an earlier version of a class) and
     * {@code moreFlags} after the GRC's JVM flags.
     */
    void startGrc(List<Path> classPathFirst, List<String> moreFlags, List<String> more) throws Exception {
        stopGrc();
        List<String> args = new ArrayList<>();
        int i = 0;
        for (var e : rms.entrySet()) {
            args.add("--doji.grc.rms[" + i + "].id=" + e.getKey());
            args.add("--doji.grc.rms[" + i++ + "].url=" + e.getValue().url());
        }
        args.addAll(List.of("--doji.grc.slots=10", "--logging.level.org.doji=WARN",
                "--logging.level.org.doji.grc.GrcApplication=INFO",
                "--management.endpoints.web.exposure.include=health,metrics",
                // the clients' consumers listen on the loopback
                "--doji.grc.notifications.consumers[0]=http://127.0.0.1:"));
        args.addAll(more);
        List<String> flags = new ArrayList<>(jvm);
        flags.add("-Xmx768m");
        String moreJvm = System.getProperty("bench.grc-jvm", ""); // e.g. -XX:StartFlightRecording=...
        if (!moreJvm.isBlank()) {
            flags.addAll(Arrays.asList(moreJvm.trim().split("\\s+")));
        }
        flags.addAll(moreFlags);
        grc = GrcProcess.startOn(TestDatabase.url(dir.resolve("grc")), dir.resolve("grc-" + ++grcStarts + ".log"),
                classPathFirst, flags, args, 0);
    }

    /**
     * With {@code -Dbench.jfr-dump=DIR}: writes what the flight recordings (started by {@code bench.grc-jvm} and
     * {@code bench.rm-jvm}) of the GRC and of the RMs of {@code bench.rm-jvm-ids} hold between {@code from} and
     * {@code to} to DIR/ID-LABEL.jfr ({@code jcmd PID JFR.dump}: the services are killed at the end, which writes
     * nothing).
     */
    void dumpRecordings(java.time.Instant from, java.time.Instant to, String label) throws Exception {
        String dumpDir = System.getProperty("bench.jfr-dump", "");
        if (dumpDir.isBlank()) {
            return;
        }
        Map<String, Long> pids = new LinkedHashMap<>();
        if (System.getProperty("bench.grc-jvm", "").contains("StartFlightRecording")) {
            pids.put("grc", grc.pid());
        }
        if (System.getProperty("bench.rm-jvm", "").contains("StartFlightRecording")) {
            for (String id : System.getProperty("bench.rm-jvm-ids", "").split(",")) {
                if (rms.containsKey(id.trim())) {
                    pids.put(id.trim(), rms.get(id.trim()).pid());
                }
            }
        }
        java.nio.file.Files.createDirectories(Path.of(dumpDir));
        for (var e : pids.entrySet()) {
            Path file = Path.of(dumpDir, e.getKey() + "-" + label + ".jfr").toAbsolutePath();
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    String.valueOf(e.getValue()), "JFR.dump", "begin=" + from.truncatedTo(java.time.temporal.ChronoUnit.MILLIS),
                    "end=" + to.truncatedTo(java.time.temporal.ChronoUnit.MILLIS), "filename=" + file)
                    .redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (p.waitFor() != 0 || !java.nio.file.Files.exists(file)) {
                System.out.println("JFR.dump of " + e.getKey() + " failed: " + said.strip());
            }
        }
    }

    void stopGrc() {
        if (grc != null) {
            grc.close();
            grc = null;
        }
    }

    String grcUrl() {
        return grc.url();
    }

    /** CPU nanoseconds so far: [the GRC, every RM together, the compiler threads (JIT) of them all: a part of both]. */
    long[] cpu() throws Exception {
        long rmCpu = 0;
        long jit = Cpu.ofThreads(grc.pid(), JIT);
        for (RmProcess p : rms.values()) {
            rmCpu += Cpu.ofProcess(p.pid());
            jit += Cpu.ofThreads(p.pid(), JIT);
        }
        return new long[] {Cpu.ofProcess(grc.pid()), rmCpu, jit};
    }

    /** HotSpot's compiler threads (their names, cut to 15 characters as Linux keeps them). */
    private static final String[] JIT = {"C1 CompilerThre", "C2 CompilerThre"};

    /** RM calls the GRC made so far: reserve, commit and abort, and availability calls. */
    double rmCalls() throws Exception {
        return meter("doji.grc.rm.call", COUNT) + meter("doji.grc.availability.batch", COUNT);
    }

    /** [plans made, seconds spent planning] so far (the GRC's plan timer). */
    double[] planTime() throws Exception {
        return new double[] {meter("doji.grc.plan.time", COUNT), meter("doji.grc.plan.time", TOTAL_TIME)};
    }

    private double meter(String name, Pattern statistic) throws Exception {
        String url = grc.url().replace("/services/grc", "/actuator/metrics/" + name);
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        Matcher m = statistic.matcher(r.body());
        return r.statusCode() == 200 && m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    @Override
    public void close() {
        stopGrc();
        rms.values().forEach(RmProcess::close);
    }
}
