package org.doji.it.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChaosTrailTest {

    @TempDir
    Path dir;

    @Test
    void theLinesOfEveryProcessNamingTheKeysAreMergedInTimeOrder() throws Exception {
        String co = "co-1a21f8a0b8a490f36f0d";
        String part = "r-1a21f8a6fa05e7fd26f3";
        Files.write(dir.resolve("grc-1.log"), List.of(
                "2026-11-27T18:00:01.100Z  INFO 1 --- [w] o.d.g.c.CoAllocationService : co-allocation " + co + " accepted",
                "2026-11-27T18:00:03.000Z  INFO 1 --- [w] unrelated co-999999999999999999ff",
                "2026-11-27T18:00:04.500Z  WARN 1 --- [w] o.d.g.t.TransactionEngine : " + co + ":1 cannot complete"));
        Files.write(dir.resolve("crm-a2.log"), List.of(
                "2026-11-27T18:00:02.000Z  INFO 7 --- [h] reservation " + part + ": timeout",
                "\tat a continuation line without a key"));
        Files.write(dir.resolve("notes.txt"), List.of("2026-11-27T18:00:00.000Z " + co));

        Set<String> keys = ChaosTrail.keys(List.of("(a all-or-nothing) " + co + " is FAILED but crm-a2 still has " + part));
        List<String> trail = ChaosTrail.trail(dir, keys);

        assertThat(keys).containsExactly(co, part);
        assertThat(trail).hasSize(3);
        assertThat(trail.get(0)).startsWith("grc-1").contains("accepted");
        assertThat(trail.get(1)).startsWith("crm-a2").contains("timeout");
        assertThat(trail.get(2)).startsWith("grc-1").contains("cannot complete");
    }
}
