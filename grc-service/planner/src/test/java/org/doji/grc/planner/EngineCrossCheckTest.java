package org.doji.grc.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.engine.SolverEngine;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.junit.jupiter.api.Test;

/**
 * The cross-check corpus: seeded random instances ({@link CorpusGenerator}) on which the
 * default engine must match an exact reference (same optimum within 1e-6 relative, same
 * infeasibility), and every returned plan must pass the independent {@link PlanVerifier}.
 */
class EngineCrossCheckTest {
    static final int CORPUS = 10_000;
    static final EngineRegistry ENGINES = EngineRegistry.withDefaults();

    @Test
    void fastMatchesGlpkOnTheWholeCorpus() {
        assumeTrue(ENGINES.isAvailable("glpk"), "libglpk-java not installed");
        Tally t = crossCheck(ENGINES.get("fast"), ENGINES.get("glpk"), LongStream.range(0, CORPUS));
        assertThat(t.problems).isEmpty();
        assertThat(t.infeasible).as("infeasible instances").isGreaterThan(CORPUS / 10);
        assertThat(t.feasible).as("feasible instances").isGreaterThan(CORPUS / 3);
    }

    @Test
    void fastMatchesOrToolsOnASubset() {
        // OR-Tools costs ~40 ms a solve: every 40th instance of the corpus
        Tally t = crossCheck(ENGINES.get("fast"), ENGINES.get("ortools"), LongStream.range(0, CORPUS).filter(s -> s % 40 == 7));
        assertThat(t.problems).isEmpty();
        assertThat(t.feasible + t.infeasible).isEqualTo(CORPUS / 40);
    }

    @Test
    void glpkMatchesOrToolsOnASubset() {
        assumeTrue(ENGINES.isAvailable("glpk"), "libglpk-java not installed");
        Tally t = crossCheck(ENGINES.get("glpk"), ENGINES.get("ortools"), LongStream.range(0, CORPUS).filter(s -> s % 100 == 3));
        assertThat(t.problems).isEmpty();
    }

    /** Without GLPK the whole corpus still runs through the default engine and the verifier. */
    @Test
    void everyFastPlanOfTheCorpusVerifies() {
        Tally t = crossCheck(ENGINES.get("fast"), null, LongStream.range(0, CORPUS));
        assertThat(t.problems).isEmpty();
    }

    static final class Tally {
        final List<String> problems = new ArrayList<>();
        int feasible;
        int infeasible;

        void problem(String s) {
            if (problems.size() < 20) {
                problems.add(s);
            }
        }
    }

    static Tally crossCheck(SolverEngine a, SolverEngine b, LongStream seeds) {
        Tally t = new Tally();
        seeds.forEach(seed -> {
            Instance in = CorpusGenerator.generate(seed);
            SlotProblem p = in.compile();
            SlotSolution sa = a.solve(p);
            check(in, p, sa, a.name(), seed, t);
            if (b != null) {
                SlotSolution sb = b.solve(p);
                check(in, p, sb, b.name(), seed, t);
                if (sa.feasible() != sb.feasible()) {
                    t.problem("seed " + seed + ": " + a.name() + " feasible=" + sa.feasible() + ", " + b.name()
                            + " feasible=" + sb.feasible());
                } else if (sa.feasible() && !close(sa.objective(), sb.objective())) {
                    t.problem("seed " + seed + ": objective " + a.name() + "=" + sa.objective() + " " + b.name() + "="
                            + sb.objective());
                }
            }
            if (sa.feasible()) {
                t.feasible++;
            } else {
                t.infeasible++;
            }
        });
        return t;
    }

    private static void check(Instance in, SlotProblem p, SlotSolution s, String engine, long seed, Tally t) {
        if (!s.feasible()) {
            return;
        }
        CandidatePlan plan = PlanDecoder.decode(in.graph(), in.slot(), p, s);
        List<String> v = PlanVerifier.violations(in, plan);
        if (!v.isEmpty()) {
            t.problem("seed " + seed + " " + engine + ": " + v);
        }
        double obj = PlanVerifier.objective(in, plan);
        if (!close(obj, s.objective())) {
            t.problem("seed " + seed + " " + engine + ": reported objective " + s.objective() + ", verifier " + obj);
        }
    }

    static boolean close(double x, double y) {
        return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.max(Math.abs(x), Math.abs(y)));
    }
}
