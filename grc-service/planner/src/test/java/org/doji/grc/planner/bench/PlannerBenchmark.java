package org.doji.grc.planner.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.doji.grc.planner.HardFamilies;
import org.doji.grc.planner.Instance;
import org.doji.grc.planner.ScaleTopology;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.engine.FastEngine;
import org.doji.grc.planner.engine.SolverEngine;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Per-slot solve time of each engine on the same compiled instances in the same JVM (SampleTime:
 * median = p0.50, p0.99 and max = p1.00 per scenario or family). Setup first solves every instance with every engine and refuses to run
 * unless the optima are identical to the default engine's (1e-6 relative).
 *
 * <p>Run: see PLANNER.md ({@code ./mvnw -pl grc-service/planner -Pbench test-compile exec:exec}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PlannerBenchmark {
    /** a, b, c: {@link ScaleTopology}; dense, sparse, hub: the bandwidth-bound {@link HardFamilies} (30 seeds each). */
    @Param({"a", "b", "c", "dense", "sparse", "hub"})
    public String scenario;

    @Param({"fast", "glpk", "ortools"})
    public String engine;

    /** MIP engines may take minutes on (b); instances they cannot solve in this time are left out of their timing. */
    static final long MIP_LIMIT_MS = 20_000;

    private SlotProblem[] problems;
    private SolverEngine solver;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        EngineRegistry registry = EngineRegistry.withDefaults(MIP_LIMIT_MS);
        if (!registry.isAvailable(engine)) {
            throw new IllegalStateException("engine " + engine + " not available here");
        }
        boolean family = HardFamilies.NAMES.contains(scenario);
        if ((scenario.equals("c") || scenario.equals("d") || family) && !engine.equals("fast")) {
            // the families take GLPK and SCIP more than 20 s per slot (see PLANNER.md)
            // a general MIP over 1,000 sites and 6,600 paths takes minutes per slot
            throw new IllegalStateException("scenario " + scenario + " is measured for the default engine only");
        }
        solver = registry.get(engine);
        List<Instance> instances = family ? HardFamilies.instances(scenario, 30)
                : ScaleTopology.instances(scenario, scenario.equals("a") ? 100 : 8, 42);
        FastEngine reference = new FastEngine();
        int feasible = 0;
        List<SlotProblem> solved = new java.util.ArrayList<>();
        for (Instance in : instances) {
            SlotProblem p = in.compile();
            SlotSolution ref = reference.solve(p);
            SlotSolution got;
            try {
                got = solver.solve(p);
            } catch (IllegalStateException e) {
                System.out.println("# " + engine + " " + scenario + ": " + in.name() + " left out: " + e.getMessage());
                continue;
            }
            if (!got.proven()) {
                System.out.println("# " + engine + " " + scenario + ": " + in.name() + " left out: not proven within "
                        + MIP_LIMIT_MS + " ms");
                continue;
            }
            solved.add(p);
            if (ref.feasible() != got.feasible() || ref.feasible()
                    && Math.abs(ref.objective() - got.objective()) > 1e-6 * Math.max(1, Math.abs(ref.objective()))) {
                throw new IllegalStateException("optimum differs on " + p.slotIndex + ": " + ref + " vs " + got);
            }
            feasible += ref.feasible() ? 1 : 0;
        }
        if (feasible == 0) {
            throw new IllegalStateException("no feasible instance in scenario " + scenario);
        }
        problems = solved.toArray(SlotProblem[]::new);
        System.out.println("# " + engine + " " + scenario + ": " + problems.length + " of " + instances.size()
                + " instances solved within " + MIP_LIMIT_MS + " ms, optima identical to fast, " + feasible + " feasible");
    }

    @Benchmark
    public SlotSolution solveSlot() {
        SlotProblem p = problems[next];
        next = (next + 1) % problems.length;
        return solver.solve(p);
    }
}
