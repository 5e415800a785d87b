package org.doji.grc.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.grc.planner.engine.Deadline;
import org.doji.grc.planner.engine.FastEngine;
import org.doji.grc.planner.lp.LpExporter;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bandwidth-bound families ({@link HardFamilies}) are solved to a proof within the default plan
 * timeout counted in virtual time: a {@link StepClock} advances 1 µs per deadline check, so PT2S means two
 * million checks of the search on any machine (no wall-clock threshold). Before the capped router passes,
 * dense seeds 2, 14, 30, 31, 32 ran for more than 3 s of CPU each without a first plan.
 *
 * <p>glpsol cross-checks every instance it can finish in a second: the same optimum, or, when it stops
 * with an incumbent, one no cheaper than ours (glpsol is much slower than {@code fast} here).
 */
class HardFamiliesTest {
    static final int SEEDS = 30;
    private static final Pattern OBJECTIVE = Pattern.compile("Objective:\\s+obj = (\\S+)");
    private static final Pattern STATUS = Pattern.compile("Status:\\s+(.+)");

    @ParameterizedTest
    @ValueSource(strings = {"dense", "sparse", "hub"})
    void everyInstanceIsSolvedToAProofWithinTheDefaultLimit(String family) {
        List<String> problems = new ArrayList<>();
        int feasible = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            Instance in = HardFamilies.generate(family, seed);
            SlotProblem p = in.compile();
            SlotSolution s = new FastEngine().solve(p, Deadline.after(new StepClock(Duration.ofNanos(1_000)),
                    Duration.ofSeconds(2)));
            if (!s.proven()) {
                problems.add(in.name() + ": not proven within the limit (" + s + ")");
            } else if (s.feasible()) {
                feasible++;
                CandidatePlan plan = PlanDecoder.decode(in.graph(), in.slot(), p, s);
                List<String> v = PlanVerifier.violations(in, plan);
                if (!v.isEmpty() || !EngineCrossCheckTest.close(PlanVerifier.objective(in, plan), s.objective())) {
                    problems.add(in.name() + ": " + v);
                }
            }
        }
        assertThat(problems).isEmpty();
        assertThat(feasible).as("feasible instances").isGreaterThan(SEEDS / 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dense", "sparse", "hub"})
    void glpsolAgreesWhereItFinishes(String family, @TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/glpsol")), "glpsol (glpk-utils) not installed");
        List<String> problems = new ArrayList<>();
        int optimal = 0;
        for (long seed = 0; seed < 8; seed++) {
            SlotProblem p = HardFamilies.generate(family, seed).compile();
            SlotSolution s = new FastEngine().solve(p);
            String[] g = glpsol(dir, LpExporter.export(p));
            if (g[0].startsWith("INTEGER OPTIMAL")) {
                optimal++;
                if (!s.feasible() || !EngineCrossCheckTest.close(Double.parseDouble(g[1]), s.objective())) {
                    problems.add(family + "-" + seed + ": glpsol " + g[1] + ", fast " + s.objective());
                }
            } else if (g[0].startsWith("INTEGER NON-OPTIMAL")) {
                // glpsol's incumbent is feasible: the optimum cannot be dearer
                if (!s.feasible() || s.objective() > Double.parseDouble(g[1]) + 1e-6) {
                    problems.add(family + "-" + seed + ": glpsol incumbent " + g[1] + ", fast " + s.objective());
                }
            } else if (g[0].contains("NO") && s.feasible()) {
                problems.add(family + "-" + seed + ": glpsol " + g[0] + ", fast " + s.objective());
            }
        }
        assertThat(problems).isEmpty();
        System.out.println(family + ": glpsol proved " + optimal + " of 8 optima within 1 s");
    }

    private static String[] glpsol(Path dir, String lp) throws IOException, InterruptedException {
        Path in = dir.resolve("p.lp");
        Path out = dir.resolve("p.out");
        Files.writeString(in, lp);
        Files.deleteIfExists(out);
        Process proc = new ProcessBuilder("glpsol", "--lp", in.toString(), "--tmlim", "1", "-o", out.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile()).start();
        assertThat(proc.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String text = Files.exists(out) ? Files.readString(out) : "";
        Matcher st = STATUS.matcher(text);
        Matcher ob = OBJECTIVE.matcher(text);
        if (!st.find()) {
            return new String[] {"NO SOLUTION", "NaN"};
        }
        return new String[] {st.group(1).trim(), ob.find() ? ob.group(1) : "NaN"};
    }
}
