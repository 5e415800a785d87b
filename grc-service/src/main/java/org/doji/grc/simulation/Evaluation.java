package org.doji.grc.simulation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.doji.grc.simulation.Simulation.Run;
import org.doji.grc.simulation.Simulation.Setting;
import org.doji.grc.simulation.Workload.SimRequest;

/**
 * The whole reference evaluation: for every mean interval one workload, run once per setting on a fresh
 * grid (so both settings see exactly the same requests), plus the demand ratios of each workload.
 */
public final class Evaluation {

    /** Everything the report and the plot are made of. */
    public record Result(SimulationParameters params, List<Run> runs, Map<Integer, Map<String, DemandRatio>> demand,
                         int totalCores, long totalPathMbps, long wallNanos) {
        public Result {
            runs = List.copyOf(runs);
        }

        public Run run(int interval, Setting setting) {
            return runs.stream().filter(r -> r.intervalMinutes() == interval && r.setting() == setting).findFirst()
                    .orElseThrow();
        }
    }

    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    private final SimulationParameters params;

    public Evaluation(SimulationParameters params) {
        this.params = params;
    }

    public Result run(Simulation.Observer observer, Consumer<String> progress) {
        long t0 = System.nanoTime();
        ReferenceGrid probe = ReferenceGrid.create(new VirtualClock(Workload.T0), Map.of());
        int cores = probe.totalCores();
        long mbps = probe.totalPathMbps();
        Simulation simulation = new Simulation(params);
        List<Run> runs = new ArrayList<>();
        Map<Integer, Map<String, DemandRatio>> demand = new LinkedHashMap<>();
        for (int interval : params.intervalsMinutes()) {
            List<SimRequest> requests = Workload.generate(params, interval);
            Map<String, DemandRatio> ratios = new LinkedHashMap<>();
            for (String user : Workload.USERS) {
                ratios.put(user, DemandRatio.of(requests.stream().filter(r -> r.user().equals(user)).toList(), cores, mbps,
                        params.bookablePeriod()));
            }
            ratios.put("all", DemandRatio.of(requests, cores, mbps, params.bookablePeriod()));
            demand.put(interval, ratios);
            for (Setting setting : Setting.values()) {
                long s0 = System.nanoTime();
                long c0 = CPU.getCurrentThreadCpuTime();
                progress.accept(String.format(java.util.Locale.ROOT, "interval %d min, setting %s: %d requests ...",
                        interval, setting, requests.size()));
                Run run = simulation.run(interval, setting, requests, observer, progress);
                long reserved = run.outcomes().stream().filter(Simulation.Outcome::reserved).count();
                progress.accept(String.format(java.util.Locale.ROOT,
                        "interval %d min, setting %s: %d of %d reserved, %d activation ticks, %.1f s (%.1f s CPU)",
                        interval, setting, reserved, requests.size(), run.ticks(), (System.nanoTime() - s0) / 1e9,
                        (CPU.getCurrentThreadCpuTime() - c0) / 1e9));
                runs.add(run);
            }
        }
        return new Result(params, runs, demand, cores, mbps, System.nanoTime() - t0);
    }
}
