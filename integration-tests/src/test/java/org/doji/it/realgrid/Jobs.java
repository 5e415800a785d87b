package org.doji.it.realgrid;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jobs submitted to the three batch systems the way their users do, with only what the GRC returned (a site's
 * handle and nodes). Every job runs one script ({@code job.sh NAME ROLE ARGS}) that records where and when it
 * started ({@code NAME.start}: host name and epoch seconds) and then plays its part: sleep, an iperf3 server, or an
 * iperf3 client towards another node's data address (JSON report in {@code NAME.json}); the client tries again for
 * up to about 30 s while the server is not listening yet (the two jobs start together, in no set order).
 */
final class Jobs {

    static final String SCRIPT = """
            #!/bin/sh
            # job.sh NAME ROLE [ARGS]: records where and when it started, then plays its part
            d=@DIR@
            echo "$(hostname) $(date +%s.%N)" > "$d/$1.start"
            case "$2" in
              sleep) sleep "$3" ;;
              server) iperf3 -s -1 -p "$3" > "$d/$1.iperf" 2>&1 ;;
              client) i=0; while [ $i -lt 150 ]; do
                        # the server's job may start a moment later; iperf3 -J exits 0 even when refused, so the
                        # report says whether to try again
                        iperf3 -c "$3" -p "$4" -t "$5" -i 1 -J > "$d/$1.json" 2>&1
                        grep -q '"error":.*Connection refused' "$d/$1.json" || break
                        i=$((i + 1)); sleep 0.2; done ;;
            esac
            echo "$(date +%s.%N)" > "$d/$1.end"
            """;

    /** Where and when a job started. */
    record Start(String host, Instant at) {
    }

    private final Path dir;

    Jobs(Path dir) throws IOException {
        this.dir = dir;
        Path script = dir.resolve("job.sh");
        // the batch systems run a copy of the script from their own spool: the directory is written into it
        Files.writeString(script, SCRIPT.replace("@DIR@", dir.toString()));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    Path dir() {
        return dir;
    }

    private String script() {
        return dir.resolve("job.sh").toString();
    }

    /** Grid Engine: {@code qsub -ar AR_ID ...} into the advance reservation (the handle the GRC returned). */
    String gridEngine(String arId, String name, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Shell.SGE + "qsub", "-ar", arId, "-b", "y", "-N", name, "-o", dir.toString(), "-j", "y", script(), name));
        cmd.addAll(List.of(args));
        return submitted(Shell.as(RealGrid.USER, cmd.toArray(String[]::new)), "Your job (\\d+)");
    }

    /** Grid Engine, not bound: {@code qsub -pe mpi SLOTS -l h_rt=...}. */
    String gridEngineUnbound(int slots, int seconds, String name, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Shell.SGE + "qsub", "-pe", "mpi", Integer.toString(slots), "-l", "h_rt=" + seconds,
                "-b", "y", "-N", name, "-o", dir.toString(), "-j", "y", script(), name));
        cmd.addAll(List.of(args));
        return submitted(Shell.as(RealGrid.USER, cmd.toArray(String[]::new)), "Your job (\\d+)");
    }

    /** TORQUE: {@code qsub -A HANDLE -l nodes=N:ppn=C,walltime=...} (Doji, TORQUE's scheduler, binds it by the account). */
    String torque(String handle, String resources, String name, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Shell.TORQUE + "qsub", "-N", name, "-l", resources, "-o", dir.toString(), "-j", "oe"));
        if (handle != null) {
            cmd.addAll(List.of("-A", handle));
        }
        cmd.addAll(List.of("-F", String.join(" ", prepend(name, args)), script()));
        return submitted(Shell.as(RealGrid.USER, cmd.toArray(String[]::new)), "^(\\S+)");
    }

    /** Slurm: {@code sbatch --reservation=NAME ...} (null: not bound). */
    String slurm(String reservation, String options, String name, String... args) {
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable", "-J", name, "-o", dir.resolve(name + ".out").toString()));
        if (reservation != null) {
            cmd.add("--reservation=" + reservation);
        }
        cmd.addAll(List.of(options.split(" ")));
        cmd.add(script());
        cmd.addAll(prepend(name, args));
        return submitted(Shell.as(RealGrid.USER, cmd.toArray(String[]::new)), "^(\\d+)");
    }

    private static List<String> prepend(String name, String... args) {
        List<String> all = new ArrayList<>(List.of(name));
        all.addAll(List.of(args));
        return all;
    }

    private static String submitted(Shell.Result r, String idPattern) {
        Matcher m = Pattern.compile(idPattern, Pattern.MULTILINE).matcher(r.out().trim());
        if (!r.ok() || !m.find()) {
            throw new IllegalStateException("submission refused (exit " + r.exit() + "): " + r.out());
        }
        return m.group(1);
    }

    /** Where and when job {@code name} started (null: not started). */
    Start started(String name) throws IOException {
        Path f = dir.resolve(name + ".start");
        if (!Files.exists(f)) {
            return null;
        }
        String[] parts = Files.readString(f).trim().split("\\s+");
        if (parts.length < 2) {
            return null;
        }
        BigDecimal s = new BigDecimal(parts[1]);
        return new Start(parts[0], Instant.ofEpochSecond(s.longValue(), s.remainder(BigDecimal.ONE).movePointRight(9).longValue()));
    }

    boolean ended(String name) {
        return Files.exists(dir.resolve(name + ".end"));
    }

    Path report(String name) {
        return dir.resolve(name + ".json");
    }

    /** A node's address on the grid's data network (scripts/realgrid/network.sh): site S's node N is 10.80.S.N. */
    static String dataAddress(String site, String node) {
        int s = switch (site) {
            case "sge" -> 1;
            case "torque" -> 2;
            case "slurm" -> 3;
            default -> throw new IllegalArgumentException("not a site of the real grid: " + site);
        };
        Matcher m = Pattern.compile("(\\d+)$").matcher(node);
        if (!m.find()) {
            throw new IllegalArgumentException("no node number in " + node);
        }
        return "10.80." + s + "." + m.group(1);
    }

    /** The network namespace a site's node runs in (each adapter's scripts/start.sh makes them). */
    static String namespace(String site, String node) {
        return switch (site) {
            case "sge" -> "sge-" + node;
            case "torque" -> "doji-" + node;
            case "slurm" -> "doji-slurm-" + node;
            default -> throw new IllegalArgumentException("not a site of the real grid: " + site);
        };
    }
}
