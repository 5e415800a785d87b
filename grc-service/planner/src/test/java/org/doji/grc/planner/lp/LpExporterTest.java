package org.doji.grc.planner.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.grc.planner.CorpusGenerator;
import org.doji.grc.planner.engine.FastEngine;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LpExporterTest {
    private static final Pattern OBJECTIVE = Pattern.compile("Objective:\\s+obj = (\\S+)");
    private static final Pattern STATUS = Pattern.compile("Status:\\s+(.+)");

    @Test
    void writesTheCplexLpSections() {
        SlotProblem p = CorpusGenerator.generate(3).compile();
        String lp = LpExporter.export(p);
        assertThat(lp).contains("Minimize\n obj:").contains("Subject To\n assign_0:").contains("Binaries\n")
                .endsWith("End\n").doesNotContain("E-").doesNotContain("Infinity").doesNotContain("NaN");
    }

    @Test
    void numbersAreExactDecimals() {
        assertThat(LpExporter.num(5000)).isEqualTo("5000");
        assertThat(LpExporter.num(0.1)).isEqualTo("0.1");
        assertThat(LpExporter.num(1e-7)).isEqualTo("0.00000010");
        assertThat(Double.parseDouble(LpExporter.num(1.0 / 3))).isEqualTo(1.0 / 3);
    }

    /** glpsol reads every export and finds the default engine's optimum (or agrees it is infeasible). */
    @Test
    void glpsolFindsTheSameOptimum(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/glpsol")), "glpsol (glpk-utils) not installed");
        List<String> problems = new ArrayList<>();
        int feasible = 0;
        for (long seed = 0; seed < 150; seed++) {
            SlotProblem p = CorpusGenerator.generate(seed).compile();
            SlotSolution s = new FastEngine().solve(p);
            String[] result = glpsol(dir, LpExporter.export(p));
            boolean glpkFeasible = result[0].startsWith("INTEGER OPTIMAL");
            if (glpkFeasible != s.feasible()) {
                problems.add("seed " + seed + ": glpsol " + result[0] + ", fast feasible=" + s.feasible());
            } else if (s.feasible()) {
                feasible++;
                double obj = Double.parseDouble(result[1]);
                if (Math.abs(obj - s.objective()) > 1e-6 * Math.max(1, Math.abs(obj))) {
                    problems.add("seed " + seed + ": glpsol " + obj + ", fast " + s.objective());
                }
            }
        }
        assertThat(problems).isEmpty();
        assertThat(feasible).isGreaterThan(30);
    }

    private static String[] glpsol(Path dir, String lp) throws IOException, InterruptedException {
        Path in = dir.resolve("p.lp");
        Path out = dir.resolve("p.out");
        Files.writeString(in, lp);
        Files.deleteIfExists(out);
        Process proc = new ProcessBuilder("glpsol", "--lp", in.toString(), "-o", out.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile()).start();
        assertThat(proc.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String text = Files.exists(out) ? Files.readString(out) : "";
        Matcher st = STATUS.matcher(text);
        Matcher ob = OBJECTIVE.matcher(text);
        if (!st.find()) {
            // glpsol writes no solution when presolve proves infeasibility
            return new String[] {"NO SOLUTION: " + Files.readString(dir.resolve("log")).lines()
                    .filter(l -> l.contains("SOLUTION")).findFirst().orElse("?"), "NaN"};
        }
        return new String[] {st.group(1).trim(), ob.find() ? ob.group(1) : "NaN"};
    }
}
