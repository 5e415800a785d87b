package org.doji.it.bench;

import jakarta.persistence.EntityManager;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Dispatch;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.soap.AddressingFeature;
import jakarta.xml.ws.soap.SOAPBinding;
import java.io.IOException;
import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;
import javax.xml.transform.Source;
import javax.xml.transform.stream.StreamSource;
import org.doji.grc.GrcApplication;
import org.doji.it.faults.GrcProcess;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The machine's own floor for what a co-allocation is made of, measured in the run that compares against it (absolute
 * times drift by up to 30 % here between runs):
 * <ul>
 *   <li>a SOAP round trip: CXF on Spring Boot's Tomcat in another JVM ({@link EchoServer}), one small document each
 *       way, WS-Addressing on, from a CXF client in this JVM; both JVMs with the JIT as shipped;</li>
 *   <li>a durable single-row commit through the stack the GRC's stores use (Spring's transaction manager, Hibernate,
 *       Hikari, and on H2 the commit forced to disk before it returns), on H2 and on PostgreSQL.</li>
 * </ul>
 * Each figure is CPU per operation, every process involved counted (this JVM, the echo JVM, PostgreSQL's
 * processes), and wall time per operation on one thread. Planning, the third part, is what the GRC's own plan timer
 * says in the benchmark's run.
 *
 * <pre>./mvnw -B -o -pl integration-tests -Pbench test-compile exec:java -Dbench.main=org.doji.it.bench.Floor \
 *     [-Dfloor.calls=20000 -Dfloor.commits=5000] (PostgreSQL too when scripts/postgres.sh runs)</pre>
 */
public final class Floor {

    private static final Pattern READY = Pattern.compile("ECHO READY (\\d+)");
    private static final String PING = "<f:ping xmlns:f=\"" + EchoServer.NS + "\"><f:key>co-1a222d1d4b5b349d5b8b</f:key></f:ping>";

    /** One figure: CPU and wall time per operation, in microseconds. */
    public record Figure(String what, double cpuMicros, double wallMicros) {
        /** Operations per second one core could do. */
        public double perCore() {
            return 1e6 / cpuMicros;
        }

        @Override
        public String toString() {
            return String.format("%s: %.0f us CPU, %.0f us wall per operation (%.0f/s on one core)", what, cpuMicros,
                    wallMicros, perCore());
        }
    }

    private Floor() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = GrcProcess.itDirectory("floor");
        System.out.println(soapRoundTrip(dir, Integer.getInteger("floor.calls", 20_000)));
        System.out.println(soapRoundTripInThisJvm(Integer.getInteger("floor.calls", 20_000)));
        int commits = Integer.getInteger("floor.commits", 5_000);
        System.out.println(commit("durable commit, H2 file", h2FileUrl(dir), commits));
        String pg = postgresUrl();
        System.out.println(pg == null ? "durable commit, PostgreSQL: not reachable (scripts/postgres.sh start)"
                : commit("durable commit, PostgreSQL", pg, commits));
        System.exit(0);
    }

    /** The SOAP round trip between two JVMs: as many calls after as many again to warm up, one client thread. */
    public static Figure soapRoundTrip(Path dir, int calls) throws Exception {
        Path log = dir.resolve("echo.log");
        Process echo = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", org.doji.rm.testing.ChildJvm.testClassPath(), EchoServer.class.getName())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            return roundTrips("SOAP round trip (CXF, WS-Addressing, two JVMs)", awaitReady(echo, log), calls,
                    () -> ownCpu() + echoCpu(echo));
        } finally {
            echo.destroy();
        }
    }

    /**
     * The same round trip with the echo server in this JVM, over loopback: the floor of a call in the in-JVM
     * coordinator benchmark, where the client, the GRC and the RMs share one process.
     */
    public static Figure soapRoundTripInThisJvm(int calls) throws Exception {
        try (ConfigurableApplicationContext echo = EchoServer.start()) {
            return roundTrips("SOAP round trip (CXF, WS-Addressing, loopback in one JVM)", String.valueOf(EchoServer.portOf(echo)),
                    calls, Floor::ownCpu);
        }
    }

    private static Figure roundTrips(String what, String port, int calls, java.util.function.LongSupplier cpu) {
        QName name = new QName(EchoServer.NS, "EchoPort");
        Service service = Service.create(new QName(EchoServer.NS, "Echo"));
        service.addPort(name, SOAPBinding.SOAP11HTTP_BINDING, "http://localhost:" + port + "/services/echo");
        Dispatch<Source> dispatch = service.createDispatch(name, Source.class, Service.Mode.PAYLOAD, new AddressingFeature());
        dispatch.getRequestContext().put(BindingProvider.SOAPACTION_USE_PROPERTY, true);
        dispatch.getRequestContext().put(BindingProvider.SOAPACTION_URI_PROPERTY, EchoServer.NS + "/ping");
        for (int i = 0; i < calls; i++) {
            dispatch.invoke(new StreamSource(new StringReader(PING)));
        }
        long cpu0 = cpu.getAsLong();
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            dispatch.invoke(new StreamSource(new StringReader(PING)));
        }
        long wall = System.nanoTime() - t0;
        return new Figure(what, (cpu.getAsLong() - cpu0) / 1e3 / calls, wall / 1e3 / calls);
    }

    /**
     * The floor of one co-allocation in ms of CPU: its calls at the round trip's cost, its durable commits at the
     * commit's, and its planning (the GRC's plan timer).
     */
    public static double ofCoAllocation(double calls, Figure roundTrip, double commits, Figure commit, double planMs) {
        return calls * roundTrip.cpuMicros() / 1e3 + commits * commit.cpuMicros() / 1e3 + planMs;
    }

    /** A durable single-row commit through the GRC's own stack on {@code jdbcUrl}: warm-up, then {@code commits}. */
    public static Figure commit(String what, String jdbcUrl, int commits) {
        try (ConfigurableApplicationContext grc = new SpringApplicationBuilder(GrcApplication.class).run(
                "--server.port=0", "--spring.jmx.enabled=false", "--spring.datasource.url=" + jdbcUrl,
                "--spring.autoconfigure.exclude=" + GrcProcess.NO_LOGBACK_METRICS, "--doji.grc.tick-interval=PT1H",
                "--doji.grc.replica.id=floor", "--logging.level.org.doji=WARN")) {
            TransactionTemplate tx = new TransactionTemplate(grc.getBean(PlatformTransactionManager.class));
            EntityManager em = grc.getBean(EntityManager.class);
            Runnable one = () -> tx.executeWithoutResult(s -> em.createNativeQuery(
                            "insert into grc_seen_nonce (nonce_id, expires) values (?1, ?2)")
                    .setParameter(1, UUID.randomUUID().toString()).setParameter(2, Instant.now().plusSeconds(60))
                    .executeUpdate());
            boolean postgres = jdbcUrl.startsWith("jdbc:postgresql:");
            for (int i = 0; i < commits; i++) {
                one.run();
            }
            long cpu0 = ownCpu() + (postgres ? Cpu.ofPostgres() : 0);
            long t0 = System.nanoTime();
            for (int i = 0; i < commits; i++) {
                one.run();
            }
            long wall = System.nanoTime() - t0;
            long cpu = ownCpu() + (postgres ? Cpu.ofPostgres() : 0) - cpu0;
            return new Figure(what + " (Spring, Hibernate, Hikari; one row)", cpu / 1e3 / commits, wall / 1e3 / commits);
        }
    }

    /** The floor's H2 file in {@code dir}, with the settings every Doji H2 file has (durable commits). */
    static String h2FileUrl(Path dir) {
        return "jdbc:h2:file:" + dir.resolve("floor").toAbsolutePath() + org.doji.rm.config.DojiDefaults.H2_FILE_SETTINGS;
    }

    /** A fresh schema on the test PostgreSQL server, or null when it does not answer. */
    static String postgresUrl() {
        String base = System.getProperty("doji.test.pg.url", "jdbc:postgresql://localhost:5432/doji_test");
        String user = System.getProperty("doji.test.pg.user", "doji");
        String password = System.getProperty("doji.test.pg.password", "doji");
        String schema = "floor_" + UUID.randomUUID().toString().substring(0, 8);
        try (Connection c = DriverManager.getConnection(base, user, password)) {
            c.createStatement().execute("create schema " + schema);
        } catch (java.sql.SQLException e) {
            return null;
        }
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema + "&user=" + user + "&password=" + password;
    }

    private static String awaitReady(Process echo, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline && echo.isAlive()) {
            Matcher m = READY.matcher(Files.exists(log) ? Files.readString(log) : "");
            if (m.find()) {
                return m.group(1);
            }
            Thread.sleep(100); // a poll of another process's output, not a wait for a condition in this one
        }
        throw new IllegalStateException("the echo server did not start; see " + log);
    }

    private static long echoCpu(Process echo) {
        try {
            return Cpu.ofProcess(echo.pid());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static long ownCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
