package org.doji.nrm.openflow.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.doji.nrm.openflow.StaticFreeView;
import org.doji.nrm.openflow.policy.BandwidthPolicy;
import org.doji.nrm.openflow.policy.FatTreePolicy;
import org.doji.nrm.openflow.policy.HopPolicy;
import org.doji.nrm.openflow.topology.Topology;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.spi.BackendInventory.NetLink;
import org.doji.rm.spi.NetworkRouting;
import org.doji.rm.spi.WidestPathRouting;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Path-computation time per policy against fat-tree size (k = 4, 8, 16), on a seeded random load (every
 * link 0..1000 Mbps free) and seeded random endpoint pairs; median and 90th percentile of route() calls.
 * Not a unit test: run with
 * {@code ./mvnw -B -pl nrm-adapter-openflow test -Dtest=PolicyBenchmark -Dsurefire.failIfNoSpecifiedTests=false};
 * writes target/benchmark/policy-benchmark.md.
 */
class PolicyBenchmark {

    private static final Logger log = LoggerFactory.getLogger(PolicyBenchmark.class);
    private static final int WARMUP = 300;
    private static final int RUNS = 1000;

    @Test
    void pathComputationTimeAgainstTopologySize() throws IOException {
        List<String> rows = new ArrayList<>();
        rows.add("| k | switches | links | endpoints | policy | median µs | p90 µs | routed |");
        rows.add("|---|---|---|---|---|---|---|---|");
        for (int k : new int[] {4, 8, 16}) {
            Topology t = FatTreeGenerator.build(k, 1000);
            List<NetLink> links = t.netLinks(1);
            Random rnd = new Random(42);
            StaticFreeView free = new StaticFreeView(links);
            links.stream().filter(l -> !l.id().startsWith("ep-"))
                    .forEach(l -> free.book(List.of(l.id()), rnd.nextInt(1001)));
            List<String> names = t.endpoints().stream().map(e -> e.name()).toList();
            List<NetworkDemand> demands = new ArrayList<>();
            for (int i = 0; i < WARMUP + RUNS; i++) {
                String a = names.get(rnd.nextInt(names.size()));
                String b = names.get(rnd.nextInt(names.size()));
                demands.add(new NetworkDemand(a, b.equals(a) ? names.get((names.indexOf(a) + 1) % names.size()) : b,
                        10, null, null));
            }
            List<Object[]> policies = List.of(new Object[] {"hop", new HopPolicy()},
                    new Object[] {"bandwidth", new BandwidthPolicy()}, new Object[] {"fat-tree", new FatTreePolicy()},
                    new Object[] {"rm-core widest (baseline)", WidestPathRouting.INSTANCE});
            for (Object[] p : policies) {
                NetworkRouting r = (NetworkRouting) p[1];
                long[] nanos = new long[RUNS];
                int routed = 0;
                for (int i = 0; i < WARMUP + RUNS; i++) {
                    long t0 = System.nanoTime();
                    boolean ok = r.route(demands.get(i), free).isPresent();
                    long dt = System.nanoTime() - t0;
                    if (i >= WARMUP) {
                        nanos[i - WARMUP] = dt;
                        routed += ok ? 1 : 0;
                    }
                }
                Arrays.sort(nanos);
                rows.add(String.format("| %d | %d | %d | %d | %s | %.0f | %.0f | %d/%d |", k, t.switches().size(),
                        t.links().size(), t.endpoints().size(), p[0], nanos[RUNS / 2] / 1e3,
                        nanos[RUNS * 9 / 10] / 1e3, routed, RUNS));
                assertThat(routed).isPositive();
            }
        }
        Path out = Path.of("target/benchmark/policy-benchmark.md");
        Files.createDirectories(out.getParent());
        Files.write(out, rows);
        rows.forEach(log::info);
    }
}
