package org.doji.rm.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.doji.rm.api.Caller;
import org.doji.rm.app.RmApplication;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.util.SettableClock;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * How large an RM's H2 file grows in a long run (not a unit test): an RM application (simulated backend, 256
 * nodes) on its default durable H2 file, driven in-process on a virtual clock. Each step reserves and commits
 * one reservation starting 10 minutes later for an hour, moves the clock by {@code bench.step} and ticks, so
 * reservations start, end and (after the retention) are forgotten. Prints the file's size every
 * {@code bench.every} reservations, at the end while open, and after the RM closed it. {@code bench.rate} paces the
 * run at that many reservations per second of real time (0: as fast as it goes); H2 reuses a dead chunk's space
 * only once it is older than its retention time (45 s), so the pace decides how much dead space is waiting.
 * <p>
 * {@code ./mvnw -B -q -pl rm-core test-compile exec:java -Dbench.main=org.doji.rm.bench.StorageGrowthBenchmark
 * -Dbench.reservations=20000} ; extra RM properties as {@code -Dbench.props=k=v,k=v}.
 */
public final class StorageGrowthBenchmark {

    private StorageGrowthBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int reservations = Integer.getInteger("bench.reservations", 20_000);
        int every = Integer.getInteger("bench.every", 2_000);
        Duration step = Duration.parse(System.getProperty("bench.step", "PT5M"));
        double rate = Double.parseDouble(System.getProperty("bench.rate", "0"));
        Path dir = Files.createTempDirectory("doji-storage-bench");
        Path file = dir.resolve("crm-storage.mv.db");
        SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));
        List<String> props = new ArrayList<>(List.of("--doji.rm.id=crm-storage", "--doji.data-dir=" + dir,
                "--server.port=0", "--logging.level.root=WARN", "--doji.rm.tick-interval=PT1H",
                "--doji.rm.simulated.sites[0].name=siteA", "--doji.rm.simulated.sites[0].nodes=256",
                "--doji.rm.simulated.sites[0].cores-per-node=8"));
        for (String p : System.getProperty("bench.props", "").split(",")) {
            if (!p.isBlank()) {
                props.add("--" + p.trim());
            }
        }
        ConfigurableApplicationContext ctx = new SpringApplicationBuilder(RmApplication.class)
                .initializers(c -> c.getBeanFactory().registerSingleton("dojiClock", clock))
                .run(props.toArray(String[]::new));
        ReservationKernel rm = ctx.getBean(ReservationKernel.class);
        Caller grc = Caller.ANONYMOUS;
        System.out.printf("%nH2 file %s, %d reservations, one every %s of virtual time, %s per second, extra: %s%n", file,
                reservations, step, rate > 0 ? String.valueOf(rate) : "as many as possible",
                System.getProperty("bench.props", "none"));
        javax.sql.DataSource ds = ctx.getBean(javax.sql.DataSource.class);
        System.out.println("| reservations | virtual days | file MB | chunks | chunks live % | rows | seconds |");
        System.out.println("|---|---|---|---|---|---|---|");
        long t0 = System.nanoTime();
        for (int i = 1; i <= reservations; i++) {
            if (rate > 0) {
                long due = t0 + (long) ((i - 1) * 1e9 / rate);
                java.util.concurrent.locks.LockSupport.parkNanos(due - System.nanoTime());
            }
            Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(10));
            ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plus(Duration.ofHours(1))),
                    List.of(new ComputeDemand("siteA", 8, List.of())), List.of(), List.of(), List.of("alice"), null);
            String key = rm.reserve(grc, UUID.randomUUID().toString(), spec, null).key();
            rm.commit(grc, key, UUID.randomUUID().toString());
            clock.advance(step);
            rm.tick();
            if (i % every == 0 || i == reservations) {
                System.out.printf("| %d | %.1f | %.1f | %s | %s | %s | %.0f |%n", i, step.multipliedBy(i).toMinutes() / 1440.0,
                        Files.size(file) / 1e6, h2Info(ds, "info.CHUNK_COUNT"), h2Info(ds, "info.CHUNKS_FILL_RATE"),
                        rows(ds), (System.nanoTime() - t0) / 1e9);
            }
        }
        ctx.close();
        System.out.printf("after close: %.1f MB%n", Files.size(file) / 1e6);
        System.exit(0);
    }

    /** One of the MVStore figures H2 lists among its settings. */
    private static String h2Info(javax.sql.DataSource ds, String name) throws java.sql.SQLException {
        try (var c = ds.getConnection(); var st = c.prepareStatement(
                "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = ?")) {
            st.setString(1, name);
            try (var rs = st.executeQuery()) {
                return rs.next() ? rs.getString(1) : "?";
            }
        }
    }

    /** Reservations and stored answers. */
    private static String rows(javax.sql.DataSource ds) throws java.sql.SQLException {
        try (var c = ds.getConnection(); var st = c.createStatement(); var rs = st.executeQuery(
                "SELECT (SELECT COUNT(*) FROM rm_reservation), (SELECT COUNT(*) FROM rm_idempotency)")) {
            rs.next();
            return rs.getLong(1) + " + " + rs.getLong(2);
        }
    }
}
