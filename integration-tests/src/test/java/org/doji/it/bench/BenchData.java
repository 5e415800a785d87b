package org.doji.it.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.springframework.util.FileSystemUtils;

/**
 * The databases a benchmark run leaves: 0.3 to 4 GB a run of the coordinator benchmark (14 H2 files), so a series
 * of runs filled this machine's disk. Removed at the end of the run unless {@code -Dbench.keep-data=true}.
 */
final class BenchData {

    private BenchData() {
    }

    static void discard(Path dir, PrintWriter out) {
        if (Boolean.getBoolean("bench.keep-data")) {
            out.printf("data kept in %s (bench.keep-data)%n", dir);
            return;
        }
        try {
            FileSystemUtils.deleteRecursively(dir);
            out.printf("data in %s removed (-Dbench.keep-data=true keeps it)%n", dir);
        } catch (IOException e) {
            out.printf("could not remove %s: %s%n", dir, e);
        }
    }
}
