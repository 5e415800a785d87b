package org.doji.grc.simulation;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.doji.grc.simulation.Simulation.Run;
import org.doji.grc.simulation.Simulation.Setting;
import org.doji.grc.simulation.Workload.SimRequest;

/**
 * The whole evaluation: K trials (seeds seed, seed+1, ...); in each, for every mean interval one workload, run
 * once per setting on a fresh grid (so both settings see exactly the same requests), plus the demand ratios of
 * each workload. Experiments are independent (own grid, own virtual clock), so they run on every processor at
 * once; each is deterministic, so the results do not depend on how they were scheduled.
 */
public final class Evaluation {

    /**
     * One trial: its seed, its runs (interval-major, then booking reading, then setting), its demand ratios by
     * interval and user, and every request of each interval planned alone on an empty grid (in request order; the
     * booking readings share request sizes, so one probe serves both).
     */
    public record Trial(long seed, List<Run> runs, Map<Integer, Map<String, DemandRatio>> demand,
                        Map<Integer, List<EmptyGridProbe.Probe>> probes) {
        public Trial {
            runs = List.copyOf(runs);
        }

        public Run run(int interval, Scenario.Booking.Mode booking, Setting setting) {
            return runs.stream().filter(r -> r.intervalMinutes() == interval && r.booking() == booking && r.setting() == setting)
                    .findFirst().orElseThrow();
        }
    }

    /** Everything the report and the plot are made of. */
    public record Result(Scenario scenario, List<Trial> trials, long wallNanos) {
        public Result {
            trials = List.copyOf(trials);
        }

        public List<Run> allRuns() {
            return trials.stream().flatMap(t -> t.runs().stream()).toList();
        }
    }

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private final Scenario scenario;
    private final int trials;

    public Evaluation(Scenario scenario, int trials) {
        if (trials < 1) {
            throw new IllegalArgumentException("--runs must be at least 1, was " + trials);
        }
        this.scenario = scenario;
        this.trials = trials;
    }

    public Result run(Simulation.Observer observer, Consumer<String> progress) {
        long t0 = System.nanoTime();
        Consumer<String> say = line -> {
            synchronized (progress) {
                progress.accept(line);
            }
        };
        int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(),
                trials * scenario.arrivals().intervalsMinutes().size() * scenario.booking().modes().size()
                        * scenario.settings().size()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "simulation");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Long> seeds = new ArrayList<>();
            List<Map<Integer, Map<String, DemandRatio>>> demands = new ArrayList<>();
            List<Map<Integer, Future<List<EmptyGridProbe.Probe>>>> probes = new ArrayList<>();
            List<List<Future<Run>>> futures = new ArrayList<>();
            for (int k = 0; k < trials; k++) {
                Scenario s = scenario.withSeed(scenario.seed() + k);
                seeds.add(s.seed());
                Map<Integer, Map<String, DemandRatio>> demand = new LinkedHashMap<>();
                Map<Integer, Future<List<EmptyGridProbe.Probe>>> probe = new LinkedHashMap<>();
                List<Future<Run>> runs = new ArrayList<>();
                for (int interval : s.arrivals().intervalsMinutes()) {
                    List<SimRequest> sizes = Workload.generate(s, interval);
                    demand.put(interval, ratios(s, sizes));
                    probe.put(interval, pool.submit(() -> probeAll(s, sizes)));
                    for (Scenario.Booking.Mode booking : s.booking().modes()) {
                        List<SimRequest> requests = Workload.generate(s, interval, booking);
                        for (Setting setting : s.settings()) {
                            runs.add(pool.submit(() -> experiment(s, interval, booking, setting, requests, observer, say)));
                        }
                    }
                }
                demands.add(demand);
                probes.add(probe);
                futures.add(runs);
            }
            List<Trial> out = new ArrayList<>();
            for (int k = 0; k < trials; k++) {
                List<Run> runs = new ArrayList<>();
                for (Future<Run> f : futures.get(k)) {
                    runs.add(f.get());
                }
                Map<Integer, List<EmptyGridProbe.Probe>> probed = new LinkedHashMap<>();
                for (var e : probes.get(k).entrySet()) {
                    probed.put(e.getKey(), e.getValue().get());
                }
                out.add(new Trial(seeds.get(k), runs, demands.get(k), probed));
            }
            return new Result(scenario, out, System.nanoTime() - t0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<EmptyGridProbe.Probe> probeAll(Scenario s, List<SimRequest> requests) {
        EmptyGridProbe probe = new EmptyGridProbe(s);
        return requests.stream().map(probe::probe).toList();
    }

    private static Run experiment(Scenario s, int interval, Scenario.Booking.Mode booking, Setting setting,
                                  List<SimRequest> requests, Simulation.Observer observer, Consumer<String> say) {
        long s0 = System.nanoTime();
        long c0 = CPU.getCurrentThreadCpuTime();
        String label = String.format(java.util.Locale.ROOT, "seed %d, interval %d min, %s, %s", s.seed(), interval, booking,
                setting.label);
        say.accept(label + ": " + requests.size() + " requests ...");
        Run run = new Simulation(s).run(interval, booking, setting, requests, observer, say);
        long reserved = run.outcomes().stream().filter(Simulation.Outcome::reserved).count();
        long cut = run.outcomes().stream().mapToLong(Simulation.Outcome::slotsCut).sum();
        say.accept(String.format(java.util.Locale.ROOT, "%s: %d of %d reserved, %d slot searches cut by the step limit, %d"
                + " routings solved as integer programs, %.1f s (%.1f s CPU)", label, reserved, requests.size(), cut,
                run.routingPrograms(), (System.nanoTime() - s0) / 1e9,
                (CPU.getCurrentThreadCpuTime() - c0) / 1e9));
        return run;
    }

    /** Demand ratios of one workload: per user and for all users together ("all"). */
    static Map<String, DemandRatio> ratios(Scenario s, List<SimRequest> requests) {
        Map<String, DemandRatio> ratios = new LinkedHashMap<>();
        // capacity × the booking period in both readings (the paper: CPU passes 100 % at minute 1059, 1440 / 1059 = 1.36)
        java.time.Duration period = java.time.Duration.ofHours(s.booking().hours());
        for (String user : s.userNames()) {
            ratios.put(user, DemandRatio.of(requests.stream().filter(r -> r.user().equals(user)).toList(), s.topology(),
                    s.bandwidthCounting(), period));
        }
        ratios.put("all", DemandRatio.of(requests, s.topology(), s.bandwidthCounting(), period));
        return ratios;
    }
}
