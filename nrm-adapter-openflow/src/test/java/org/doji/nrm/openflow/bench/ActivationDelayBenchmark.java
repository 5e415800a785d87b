package org.doji.nrm.openflow.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.doji.nrm.openflow.OpenFlowNrmApplication;
import org.doji.nrm.openflow.StaticFreeView;
import org.doji.nrm.openflow.it.Ovs;
import org.doji.nrm.openflow.it.OvsNrm;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Delay from reservation start to flows installed on the real Open vSwitch (scripts/start.sh must run):
 * (1) backend: onStart until every switch acknowledged (barrier) and until the first ping passes;
 * (2) whole RM: the kernel's activation driver (tick 0.2 s) from the window start until the flows show
 * in ovs-ofctl dump-flows. Run with
 * {@code ./mvnw -B -pl nrm-adapter-openflow test -Dtest=ActivationDelayBenchmark -Dsurefire.failIfNoSpecifiedTests=false};
 * writes target/benchmark/activation-delay.md. Not a {@code *Test}, so a build runs it only when named. It fails
 * when a window's flows do not appear within 5 s of its start or do not go at its end, so a figure is never
 * made of timeouts.
 */
class ActivationDelayBenchmark {

    private static final Logger log = LoggerFactory.getLogger(ActivationDelayBenchmark.class);
    private static final int RUNS = 10;

    @Test
    void delayFromStartToFlowsInstalled() throws IOException {
        Ovs.requireRunning();
        List<String> rows = new ArrayList<>();
        rows.add("| measurement | runs | median ms | min ms | max ms |");
        rows.add("|---|---|---|---|---|");
        try (OvsNrm nrm = new OvsNrm(Clock.systemUTC())) {
            nrm.backend.reconcile(List.of());
            List<Long> barrier = new ArrayList<>();
            List<Long> ping = new ArrayList<>();
            List<Long> removed = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                ReservationContext ctx = context(nrm, "bench-" + i);
                long t0 = System.nanoTime();
                nrm.backend.onStart(ctx);
                barrier.add(System.nanoTime() - t0);
                ping.add(until(t0, () -> Ovs.ping(1, 3)));
                long t1 = System.nanoTime();
                nrm.backend.onEnd(ctx);
                removed.add(until(t1, () -> !Ovs.dumpFlows("of-e1").contains("nw_dst=10.0.0.3")));
            }
            rows.add(row("backend onStart until all 5 switches acknowledged (barrier)", barrier));
            rows.add(row("backend onStart until the first ping h1->h3 passes", ping));
            rows.add(row("backend onEnd until the flows are gone from dump-flows", removed));
            nrm.backend.reconcile(List.of());
        }
        rows.add(row("RM kernel (tick 0.2 s): window start until flows in dump-flows", kernelDelays()));
        Path out = Path.of("target/benchmark/activation-delay.md");
        Files.createDirectories(out.getParent());
        Files.write(out, rows);
        rows.forEach(log::info);
    }

    private static List<Long> kernelDelays() {
        List<Long> delays = new ArrayList<>();
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(OpenFlowNrmApplication.class).properties(
                "server.port=0", "doji.rm.id=nrm-bench", "doji.rm.kind=NETWORK", "doji.rm.domain=ovs",
                "doji.rm.tick-interval=PT0.2S", "spring.datasource.url=jdbc:h2:mem:nrm-bench;DB_CLOSE_DELAY=-1",
                "doji.nrm.openflow.expected-switches=10",
                "doji.nrm.openflow.endpoints[0].name=site1", "doji.nrm.openflow.endpoints[0].dpid=301",
                "doji.nrm.openflow.endpoints[0].port=1", "doji.nrm.openflow.endpoints[0].prefix=10.0.0.1/32",
                "doji.nrm.openflow.endpoints[1].name=site3", "doji.nrm.openflow.endpoints[1].dpid=303",
                "doji.nrm.openflow.endpoints[1].port=1", "doji.nrm.openflow.endpoints[1].prefix=10.0.0.3/32").run()) {
            ResourceManager rm = app.getBean(ResourceManager.class);
            Instant base = Instant.now().plusSeconds(3);
            List<Instant> starts = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                Instant s = base.plusMillis(1500L * i);
                starts.add(s);
                var held = rm.reserve(Caller.ANONYMOUS, "bench-r-" + i, new ReservationSpec(new TimeWindow(s,
                        s.plusMillis(1000)), List.of(), List.of(new NetworkDemand("site1", "site3", 100, null, null)),
                        List.of(), List.of(), "bench"), null);
                rm.commit(Caller.ANONYMOUS, held.key(), "bench-c-" + i);
            }
            for (Instant s : starts) {
                while (Instant.now().isBefore(s.minusMillis(50))) {
                    Thread.onSpinWait();
                }
                long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                boolean installed;
                while (!(installed = flowsInstalled()) && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                // a window whose flows never showed would otherwise count as a 5 s delay and pass
                assertThat(installed).as("flows of the window starting %s installed within 5 s", s).isTrue();
                delays.add(Duration.between(s, Instant.now()).toNanos());
                boolean removed;
                while (!(removed = !flowsInstalled()) && System.nanoTime() < deadline) {
                    Thread.onSpinWait(); // wait for this window's end before the next one
                }
                assertThat(removed).as("flows of the window starting %s removed at its end", s).isTrue();
            }
        }
        return delays;
    }

    private static boolean flowsInstalled() {
        return Ovs.dumpFlows("of-e1").contains("nw_dst=10.0.0.3");
    }

    private static ReservationContext context(OvsNrm nrm, String key) {
        NetworkDemand d = new NetworkDemand("site1", "site3", 100, null, "fat-tree");
        List<String> route = nrm.backend.routing("fat-tree")
                .route(d, new StaticFreeView(nrm.backend.inventory().links())).orElseThrow();
        Instant now = Instant.now();
        return new ReservationContext(key, "bench", List.of(), new ReservationSpec(new TimeWindow(now,
                now.plusSeconds(60)), List.of(), List.of(d), List.of(), List.of(), "bench"), new Allocation(List.of(),
                List.of(new NetworkAllocation("site1", "site3", 100, route, List.of())), List.of(), 0),
                LifecycleState.Active);
    }

    private static long until(long t0, BooleanSupplier condition) {
        long deadline = t0 + Duration.ofSeconds(5).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition within 5 s").isLessThan(deadline);
        }
        return System.nanoTime() - t0;
    }

    private static String row(String what, List<Long> nanos) {
        List<Long> s = nanos.stream().sorted().toList();
        LongSupplier median = () -> s.get(s.size() / 2);
        return String.format("| %s | %d | %.1f | %.1f | %.1f |", what, s.size(), median.getAsLong() / 1e6,
                s.get(0) / 1e6, s.get(s.size() - 1) / 1e6);
    }
}
