package org.doji.grc.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.engine.SolverEngine;
import org.doji.grc.planner.problem.SlotSolution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Exactness at scale: {@link ScaleCorpus} instances through {@code fast}, GLPK and OR-Tools
 * SCIP. The default run takes a small subset of 30 and 100 sites with short MIP limits; the long variant
 * ({@code -Dplanner.scale.full=true}) runs the whole corpus up to 1,000 sites with long limits and prints the
 * summary table of PLANNER.md.
 */
class ScaleCrossCheckTest {
    /** CI: MIP limit per instance; the subset below is chosen so that most instances finish well within it. */
    static final long CI_MIP_LIMIT_MS = 5_000;
    static final Map<Integer, Integer> CI_SUBSET = Map.of(30, 24, 100, 8);
    /** CI: fast's limit is the planner's default plan timeout, as in production. */
    static final Duration CI_FAST_LIMIT = Duration.ofSeconds(2);

    private static final EngineRegistry ENGINES = EngineRegistry.withDefaults(CI_MIP_LIMIT_MS);

    @Test
    void fastMatchesGlpkOnTheDefaultSubset() {
        assumeTrue(ENGINES.isAvailable("glpk"), "libglpk-java not installed");
        assertConsistentAndMostlyProven(run(CI_SUBSET, List.of(ENGINES.get("glpk")), ENGINES, CI_FAST_LIMIT), "glpk");
    }

    @Test
    void fastMatchesOrToolsOnTheDefaultSubset() {
        assertConsistentAndMostlyProven(run(CI_SUBSET, List.of(ENGINES.get("ortools")), ENGINES, CI_FAST_LIMIT), "ortools");
    }

    private static void assertConsistentAndMostlyProven(ScaleCrossCheck c, String engine) {
        assertThat(c.problems).isEmpty();
        int instances = CI_SUBSET.values().stream().mapToInt(Integer::intValue).sum();
        // a check that proves nothing would pass vacuously: most instances must be proven equal
        assertThat(c.total(engine, ScaleCrossCheck.EQUAL)).as("proven equal").isGreaterThanOrEqualTo(instances * 2 / 3);
        int feasible = c.buckets.values().stream().mapToInt(b -> b.feasible).sum();
        assertThat(feasible).as("feasible instances").isBetween(instances / 4, instances - 1);
    }

    /** The comparison rejects a wrong objective or feasibility, and accepts an unfinished MIP's worse incumbent. */
    @Test
    void theComparisonCatchesWrongAnswers() {
        SlotSolution opt = SlotSolution.optimal(new int[] {0}, new int[0][], 100);
        SlotSolution slightlyWorse = SlotSolution.optimal(new int[] {0}, new int[0][], 100.001);
        assertThat(ScaleCrossCheck.compare(opt, opt)).isNull();
        assertThat(ScaleCrossCheck.compare(slightlyWorse, opt)).contains("fast's proven optimum is worse");
        assertThat(ScaleCrossCheck.compare(opt, slightlyWorse)).contains("the MIP's proven optimum is worse");
        assertThat(ScaleCrossCheck.compare(SlotSolution.infeasible("x"), opt)).contains("feasibility differs");
        SlotSolution betterIncumbent = SlotSolution.incumbent(new int[] {0}, new int[0][], 99);
        SlotSolution worseIncumbent = SlotSolution.incumbent(new int[] {0}, new int[0][], 120);
        assertThat(ScaleCrossCheck.compare(opt, betterIncumbent)).contains("fast's proven optimum is worse");
        assertThat(ScaleCrossCheck.compare(opt, worseIncumbent)).isNull();
        assertThat(ScaleCrossCheck.compare(SlotSolution.infeasible("x"), worseIncumbent)).contains("proved infeasible");
        assertThat(ScaleCrossCheck.compare(opt, SlotSolution.timedOut("x"))).isNull();
    }

    /** The same instance from the same seed: the corpus is reproducible. */
    @Test
    void theCorpusIsReproducible() {
        for (int size : ScaleCorpus.SIZES) {
            Instance a = ScaleCorpus.generate(size, 5);
            Instance b = ScaleCorpus.generate(size, 5);
            assertThat(a).isEqualTo(b);
            assertThat(a.graph().sites()).hasSize(size);
            assertThat(a.request().sites().size()).isBetween(3, 8);
        }
    }

    /**
     * The long variant: {@code -Dplanner.scale.full=true}, optionally {@code -Dplanner.scale.counts=30:200,100:100,...}
     * (instances per size, seeds 0..n-1, or from {@code -Dplanner.scale.firstSeed=k} on, to split a run), {@code -Dplanner.scale.mipLimitSeconds=60} and
     * {@code -Dplanner.scale.engines=glpk,ortools}, {@code -Dplanner.scale.fastLimitSeconds=30} (fast's plan timeout).
     */
    @Test
    @EnabledIfSystemProperty(named = "planner.scale.full", matches = "true")
    void fullCorpus() {
        long limitMs = 1000L * Long.getLong("planner.scale.mipLimitSeconds", 60);
        EngineRegistry engines = EngineRegistry.withDefaults(limitMs);
        List<SolverEngine> mips = new ArrayList<>();
        for (String e : System.getProperty("planner.scale.engines", "glpk,ortools").split(",")) {
            if (engines.isAvailable(e)) {
                mips.add(engines.get(e));
            }
        }
        Map<Integer, Integer> counts = new LinkedHashMap<>();
        for (String kv : System.getProperty("planner.scale.counts", "30:200,100:100,300:40,1000:20").split(",")) {
            String[] parts = kv.split(":");
            counts.put(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        }
        Duration fastLimit = Duration.ofSeconds(Long.getLong("planner.scale.fastLimitSeconds", 30));
        System.out.println("MIP limit " + limitMs + " ms per instance and engine");
        ScaleCrossCheck c = run(counts, mips, engines, fastLimit);
        c.problems.forEach(p -> System.out.println("PROBLEM " + p));
        assertThat(c.problems).isEmpty();
    }

    private static ScaleCrossCheck run(Map<Integer, Integer> counts, List<SolverEngine> mips, EngineRegistry engines,
                                       Duration fastLimit) {
        // an answer fast does not prove within its limit is counted ("fast not proven"), not hidden
        ScaleCrossCheck c = new ScaleCrossCheck(Clock.systemUTC(), fastLimit);
        SolverEngine fast = engines.get("fast");
        boolean verbose = Boolean.getBoolean("planner.scale.verbose");
        List<String> names = mips.stream().map(SolverEngine::name).toList();
        counts.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            long first = Long.getLong("planner.scale.firstSeed", 0);
            for (long seed = first; seed < first + e.getValue(); seed++) {
                long t0 = System.nanoTime();
                c.check(ScaleCorpus.generate(e.getKey(), seed), e.getKey(), fast, mips);
                if (verbose) {
                    System.out.printf("%d/%d %.1f s%n", e.getKey(), seed, (System.nanoTime() - t0) / 1e9);
                }
            }
            // the table so far after each size: a long run cut short still reports what it did
            System.out.println("after " + e.getKey() + " sites (fast's limit " + fastLimit + ")\n" + c.table(names));
        });
        return c;
    }
}
