package org.doji.grc.planner.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.doji.grc.planner.Planner;
import org.doji.grc.planner.ScaleTopology;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.PlanningResult;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SlotCapacity;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A whole request end to end: compile and solve all N = 10 slots (2 threads) and rank, default engine. Scenarios
 * (ScaleTopology): a = §9, b = 100 sites, d = 300 sites, c = 1,000 sites; SampleTime reports p0.50, p0.95, max.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PlanTenSlotsBenchmark {
    @Param({"a", "b", "d", "c"})
    public String scenario;

    private ExecutorService pool;
    private Planner planner;
    private ResourceGraph graph;
    private final List<PlanningRequest> requests = new ArrayList<>();
    private final List<List<SlotCapacity>> slots = new ArrayList<>();
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        pool = Executors.newFixedThreadPool(2);
        planner = new Planner(EngineRegistry.withDefaults(), PlannerSettings.defaults(), pool);
        graph = ScaleTopology.graph(scenario);
        Random rnd = new Random(7);
        for (int r = 0; r < 10; r++) {
            requests.add(ScaleTopology.request(scenario, rnd));
            List<SlotCapacity> s = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                s.add(ScaleTopology.slot(graph, i, rnd));
            }
            slots.add(s);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        pool.shutdownNow();
    }

    @Benchmark
    public PlanningResult planTenSlots() {
        int i = next;
        next = (next + 1) % requests.size();
        return planner.plan(graph, requests.get(i), slots.get(i));
    }
}
