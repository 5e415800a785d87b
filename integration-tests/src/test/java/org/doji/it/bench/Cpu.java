package org.doji.it.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time other processes used so far, from /proc (Linux), in nanoseconds. */
final class Cpu {

    private Cpu() {
    }

    /** utime + stime of one process. */
    static long ofProcess(long pid) throws IOException {
        return ofStat(Files.readString(Path.of("/proc/" + pid + "/stat")));
    }

    /** Every PostgreSQL process together (the server and its backends). */
    static long ofPostgres() {
        long total = 0;
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String stat = Files.readString(proc.resolve("stat"));
                    if (stat.contains("(postgres)")) {
                        total += ofStat(stat);
                    }
                } catch (IOException gone) {
                    // a backend that ended between list and read
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
        return total;
    }

    /** utime + stime of one /proc/PID/stat line (USER_HZ = 100 on Linux). */
    static long ofStat(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
    }
}
