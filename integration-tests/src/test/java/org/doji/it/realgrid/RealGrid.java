package org.doji.it.realgrid;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.it.faults.GrcClient;
import org.doji.it.faults.GrcProcess;
import org.junit.jupiter.api.Assumptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real grid of {@code scripts/realgrid}: Grid Engine, TORQUE and Slurm clusters and the Open vSwitch
 * wide-area network, started by the project's scripts (the test command starts them once for every IT), with one
 * RM process per adapter (its executable jar and the grid's configuration file) and a GRC over them. Started once
 * per test JVM and shared by the ITs that need it; stopped when the JVM ends.
 */
final class RealGrid implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RealGrid.class);
    /** The name -Ddoji.it.require uses for the whole real grid (the four systems and the network). */
    static final String SYSTEM = "realgrid";
    static final List<String> RMS = List.of("crm-sge", "crm-torque", "crm-slurm", "nrm-wan");
    static final Map<String, String> JARS = Map.of("crm-sge", "doji-crm-adapter-sge-exec.jar",
            "crm-torque", "doji-crm-adapter-torque-exec.jar", "crm-slurm", "doji-crm-adapter-slurm-exec.jar",
            "nrm-wan", "doji-nrm-adapter-openflow-exec.jar");
    /** What the grid's configuration names its reservations with (scripts/realgrid/config). */
    static final String SGE_PREFIX = "rg_";
    static final String TORQUE_PREFIX = "rg-";
    static final String SLURM_PREFIX = "rg-";
    /** The Unix user the jobs are submitted as (TORQUE refuses root's qsub; known to all three systems). */
    static final String USER = "dojitq";

    private static RealGrid shared;

    final Path root = Path.of("..").toAbsolutePath().normalize();
    final Path dir;
    final Map<String, JarRm> rms = new LinkedHashMap<>();
    private GrcProcess grc;
    private final List<String> grcArgs = new ArrayList<>();

    private RealGrid(Path dir) {
        this.dir = dir;
    }

    /** The grid shared by this JVM's ITs: skips (or fails, when required) without the real systems. */
    static synchronized RealGrid shared() throws Exception {
        String missing = missing();
        if (missing != null) {
            if (List.of(System.getProperty("doji.it.require", "").split("[,\\s]+")).contains(SYSTEM)) {
                fail(missing + " but -Ddoji.it.require names " + SYSTEM);
            }
            Assumptions.abort(missing + " (start it: scripts/realgrid/grid.sh up)");
        }
        if (shared == null) {
            RealGrid g = new RealGrid(GrcProcess.itDirectory("RealGrid"));
            try {
                g.start();
            } catch (Exception | Error e) {
                g.close();
                throw e;
            }
            shared = g;
            Runtime.getRuntime().addShutdownHook(new Thread(g::close, "realgrid-stop"));
        }
        return shared;
    }

    /** What of the real grid is not running (null: everything). */
    static String missing() {
        if (!Shell.run(Shell.SGE + "qhost").ok()) {
            return "Grid Engine does not answer";
        }
        if (!Shell.run(Shell.TORQUE + "pbsnodes", "-l", "all").ok()) {
            return "TORQUE does not answer";
        }
        if (!Shell.run("sinfo", "-h").ok()) {
            return "Slurm does not answer";
        }
        if (!Shell.run("ovs-vsctl", "br-exists", "rg-w1").ok()) {
            return "the real grid's network (scripts/realgrid/network.sh) is not up";
        }
        return null;
    }

    private void start() throws Exception {
        long t0 = System.nanoTime();
        Path jars = Path.of("target", "realgrid-rms").toAbsolutePath();
        for (String id : RMS) {
            rms.put(id, new JarRm(id, jars.resolve(JARS.get(id)), root.resolve("scripts/realgrid/config/" + id + ".yml"), dir));
        }
        // all at once: each mostly waits for its real system (LLDP discovery, the first qhost) while another starts
        List<Thread> starting = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (JarRm rm : rms.values()) {
            Thread t = new Thread(() -> {
                try {
                    rm.start();
                } catch (RuntimeException | Error e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            }, "start-" + rm.id());
            t.start();
            starting.add(t);
        }
        for (Thread t : starting) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("an RM did not start", failures.get(0));
        }
        int i = 0;
        for (JarRm rm : rms.values()) {
            grcArgs.add("--doji.grc.rms[" + i + "].id=" + rm.id());
            grcArgs.add("--doji.grc.rms[" + i + "].url=" + rm.url());
            i++;
        }
        grcArgs.add("--spring.config.additional-location=file:" + root.resolve("scripts/realgrid/config/grc.yml"));
        grcArgs.add("--doji.grc.health-interval=PT2S");
        grc = GrcProcess.start(dir.resolve("grc"), dir.resolve("grc.log"), grcArgs);
        log.info("real grid: 4 RMs and the GRC up in {} s ({})", (System.nanoTime() - t0) / 1_000_000_000L, dir);
    }

    GrcClient client() {
        return new GrcClient(grc.url());
    }

    String grcUrl() {
        return grc.url();
    }

    JarRm rm(String id) {
        return rms.get(id);
    }

    /** A directory the jobs (run as {@link #USER} on the nodes, which share this file system) can write to. */
    Path jobDirectory(String name) throws IOException {
        Path base = Path.of("/tmp/doji-realgrid");
        Files.createDirectories(base);
        base.toFile().setWritable(true, false);
        Path d = Files.createTempDirectory(base, name + "-");
        Shell.ok("chmod", "1777", d.toString());
        return d;
    }

    @Override
    public void close() {
        if (grc != null) {
            grc.close();
        }
        rms.values().forEach(JarRm::close);
    }
}
