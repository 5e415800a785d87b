package org.doji.grc.planner;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.doji.grc.planner.engine.Deadline;
import org.doji.grc.planner.engine.SolverEngine;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;

/**
 * Runs {@link ScaleCorpus} instances through {@code fast} and the MIP engines and tallies, per size bucket,
 * how each MIP answer relates to fast's: proven equal (the MIP proved its optimum or infeasibility and fast
 * agrees), not finished (the MIP hit its limit: its incumbent, if any, is no cheaper than fast's answer), or a
 * disagreement. Every plan of every engine, incumbents included, goes through {@link PlanVerifier}.
 */
final class ScaleCrossCheck {
    /** Counts of one size bucket for one MIP engine, and the instance counts shared by all. */
    static final class Bucket {
        int instances;
        int feasible;
        int fastNotProven;
        final Map<String, int[]> byEngine = new TreeMap<>();

        int[] of(String engine) {
            return byEngine.computeIfAbsent(engine, e -> new int[3]);
        }
    }

    static final int EQUAL = 0;
    static final int NOT_FINISHED = 1;
    static final int DISAGREE = 2;

    final Map<Integer, Bucket> buckets = new TreeMap<>();
    final List<String> problems = new ArrayList<>();
    private final Clock clock;
    private final Duration fastLimit;

    /** @param fastLimit fast's plan timeout per instance (on {@code clock}) */
    ScaleCrossCheck(Clock clock, Duration fastLimit) {
        this.clock = clock;
        this.fastLimit = fastLimit;
    }

    /** Checks one instance against every MIP engine given (none: fast and the verifier only). */
    void check(Instance in, int size, SolverEngine fast, List<SolverEngine> mips) {
        Bucket b = buckets.computeIfAbsent(size, s -> new Bucket());
        b.instances++;
        SlotProblem p = in.compile();
        SlotSolution f = fast.solve(p, Deadline.after(clock, fastLimit));
        verify(in, p, f, fast.name());
        b.feasible += f.feasible() ? 1 : 0;
        b.fastNotProven += f.proven() ? 0 : 1;
        for (SolverEngine mip : mips) {
            SlotSolution m;
            try {
                m = mip.solve(p);
            } catch (RuntimeException e) {
                b.of(mip.name())[DISAGREE]++;
                problem(in.name() + " " + mip.name() + " failed: " + e);
                continue;
            }
            verify(in, p, m, mip.name());
            String verdict = compare(f, m);
            if (verdict != null) {
                b.of(mip.name())[DISAGREE]++;
                problem(in.name() + " " + mip.name() + ": " + verdict);
            } else {
                b.of(mip.name())[m.proven() && f.proven() ? EQUAL : NOT_FINISHED]++;
            }
        }
    }

    /**
     * Null when fast's answer is consistent with the MIP's, else what is wrong. A proven answer must equal the
     * other's proven answer; no proven optimum may be worse than the other engine's solution (incumbent or not).
     */
    static String compare(SlotSolution fast, SlotSolution mip) {
        String both = "fast " + describe(fast) + ", MIP " + describe(mip);
        if (fast.proven() && mip.proven() && fast.feasible() != mip.feasible()) {
            return "feasibility differs: " + both;
        }
        if (fast.proven() && !fast.feasible() && mip.feasible()) {
            return "fast proved infeasible but the MIP has a solution: " + both;
        }
        if (mip.proven() && !mip.feasible() && fast.feasible()) {
            return "the MIP proved infeasible but fast has a solution: " + both;
        }
        if (fast.feasible() && mip.feasible() && !close(fast.objective(), mip.objective())) {
            boolean fastWorse = fast.objective() > mip.objective();
            if (fastWorse ? fast.proven() : mip.proven()) {
                return (fastWorse ? "fast's proven optimum is worse than the MIP's solution: "
                        : "the MIP's proven optimum is worse than fast's solution: ") + both;
            }
        }
        return null;
    }

    private void verify(Instance in, SlotProblem p, SlotSolution s, String engine) {
        if (!s.feasible()) {
            return;
        }
        CandidatePlan plan = PlanDecoder.decode(in.graph(), in.slot(), p, s);
        List<String> v = PlanVerifier.violations(in, plan);
        if (!v.isEmpty()) {
            problem(in.name() + " " + engine + ": " + v);
        }
        double obj = PlanVerifier.objective(in, plan);
        if (!close(obj, s.objective())) {
            problem(in.name() + " " + engine + ": reported objective " + s.objective() + ", verifier " + obj);
        }
    }

    private void problem(String s) {
        if (problems.size() < 50) {
            problems.add(s);
        }
    }

    private static String describe(SlotSolution s) {
        return (s.feasible() ? String.valueOf(s.objective()) : "infeasible") + (s.proven() ? " (proven)" : " (not proven)");
    }

    static boolean close(double x, double y) {
        return EngineCrossCheckTest.close(x, y);
    }

    int total(String engine, int kind) {
        return buckets.values().stream().mapToInt(b -> b.of(engine)[kind]).sum();
    }

    /** The summary table: one row per size bucket. */
    String table(List<String> engines) {
        StringBuilder t = new StringBuilder("| sites | instances | feasible | fast not proven");
        for (String e : engines) {
            t.append(" | ").append(e).append(" proven equal | ").append(e).append(" not finished (fast no worse) | ")
                    .append(e).append(" disagreements");
        }
        t.append(" |\n");
        buckets.forEach((size, b) -> {
            t.append("| ").append(size).append(" | ").append(b.instances).append(" | ").append(b.feasible).append(" | ")
                    .append(b.fastNotProven);
            for (String e : engines) {
                int[] c = b.of(e);
                t.append(" | ").append(c[EQUAL]).append(" | ").append(c[NOT_FINISHED]).append(" | ").append(c[DISAGREE]);
            }
            t.append(" |\n");
        });
        return t.toString();
    }
}
