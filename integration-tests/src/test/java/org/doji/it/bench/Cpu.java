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
        return ofPostgres(null);
    }

    /**
     * The server's own processes and the backends of {@code database} (null: of every database): a server shared
     * with other runs serves their databases too.
     */
    static long ofPostgres(String database) {
        long total = 0;
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String stat = Files.readString(proc.resolve("stat"));
                    if (stat.contains("(postgres)") && (database == null
                            || countsFor(Files.readString(proc.resolve("cmdline")).replace('\0', ' ').trim(), database))) {
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

    /**
     * Whether the process titled {@code title} counts for {@code database}: a backend's title is "postgres: [15/main: ]USER
     * DATABASE HOST(PORT) state", the server's own processes' "postgres: [15/main: ]checkpointer" (they serve all).
     */
    static boolean countsFor(String title, String database) {
        String[] t = title.replaceFirst("^postgres: ", "").replaceFirst("^\\S+: ", "").split(" +");
        boolean backend = t.length >= 3 && (t[2].contains("(") || t[2].equals("[local]"));
        return !backend || t[1].equals(database);
    }

    /**
     * utime + stime of the threads of one process whose name begins with one of {@code names} (e.g. HotSpot's
     * "C2 CompilerThre", its compiler threads' names cut to 15 characters). A thread that ended takes its time with
     * it: count only threads that live as long as the process.
     */
    static long ofThreads(long pid, String... names) {
        long total = 0;
        try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    for (String n : names) {
                        if (name.startsWith(n)) {
                            total += ofStat(stat);
                            break;
                        }
                    }
                } catch (IOException gone) {
                    // a thread that ended between list and read
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list the threads of " + pid, e);
        }
        return total;
    }

    /** utime + stime of one /proc/PID/stat line (USER_HZ = 100 on Linux). */
    static long ofStat(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
    }
}
