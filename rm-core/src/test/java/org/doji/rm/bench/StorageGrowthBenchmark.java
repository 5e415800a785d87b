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
import org.doji.rm.testing.MutableClock;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * How large an RM's H2 file grows in a long run (not a unit test): an RM application (simulated backend, 256
 * nodes) on its default durable H2 file, driven in-process on a virtual clock. Each step reserves and commits
 * one reservation starting 10 minutes later for an hour, moves the clock by {@code bench.step} and ticks, so
 * reservations start, end and (after the retention) are forgotten. Prints the file's size every
 * {@code bench.every} reservations, at the end while open, and after the RM closed it.
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
        Path dir = Files.createTempDirectory("doji-storage-bench");
        Path file = dir.resolve("crm-storage.mv.db");
        MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));
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
        System.out.printf("%nH2 file %s, %d reservations, one every %s of virtual time, %s%n", file, reservations, step,
                String.join(" ", props.subList(5, props.size())));
        System.out.println("| reservations | virtual days | file MB | seconds |");
        System.out.println("|---|---|---|---|");
        long t0 = System.nanoTime();
        for (int i = 1; i <= reservations; i++) {
            Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(10));
            ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plus(Duration.ofHours(1))),
                    List.of(new ComputeDemand("siteA", 8, List.of())), List.of(), List.of(), List.of("alice"), null);
            String key = rm.reserve(grc, UUID.randomUUID().toString(), spec, null).key();
            rm.commit(grc, key, UUID.randomUUID().toString());
            clock.advance(step);
            rm.tick();
            if (i % every == 0 || i == reservations) {
                System.out.printf("| %d | %.1f | %.1f | %.0f |%n", i, step.multipliedBy(i).toMinutes() / 1440.0,
                        Files.size(file) / 1e6, (System.nanoTime() - t0) / 1e9);
            }
        }
        ctx.close();
        System.out.printf("after close: %.1f MB%n", Files.size(file) / 1e6);
        System.exit(0);
    }
}
