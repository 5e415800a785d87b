package org.doji.grc.planner.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.doji.grc.planner.engine.FastEngine;
import org.doji.grc.planner.problem.SlotProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code planner/two-sites.lp} is the reviewed export of {@link LpGolden#twoSites()}: the direct
 * path breaks the 3 ms bound, so the link goes B→X→A; optimum 2·2 + 4·1 + 100 + 100 = 208.
 */
class LpGoldenTest {
    private static String golden() throws Exception {
        try (var in = LpGoldenTest.class.getResourceAsStream("/planner/two-sites.lp")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void exportIsStable() throws Exception {
        SlotProblem p = LpGolden.twoSites().compile();
        assertThat(LpExporter.export(p)).isEqualTo(golden());
        assertThat(new FastEngine().solve(p).objective()).isEqualTo(208.0);
    }

    @Test
    void glpsolSolvesTheGoldenFile(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/glpsol")), "glpsol (glpk-utils) not installed");
        Path lp = Files.writeString(dir.resolve("two-sites.lp"), golden());
        Path out = dir.resolve("out.txt");
        Process proc = new ProcessBuilder("glpsol", "--lp", lp.toString(), "-o", out.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile()).start();
        assertThat(proc.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readString(out)).contains("INTEGER OPTIMAL").containsPattern("obj = 208 \\(MINimum\\)");
    }
}
