package org.doji.crm.sge.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.doji.crm.batch.CommandRunner;
import org.doji.crm.batch.CommandRunner.Result;
import org.doji.crm.sge.cli.GridEngineException.Reason;
import org.doji.crm.sge.cli.GridEngineModel.AdvanceReservation;
import org.doji.crm.sge.cli.GridEngineModel.ClusterStatus;
import org.doji.crm.sge.cli.GridEngineModel.ConfigObject;
import org.doji.crm.sge.cli.GridEngineModel.Host;

/**
 * Typed access to the Grid Engine command line. Calls the binaries in {@code binDir} directly (the
 * /usr/bin wrapper scripts cost ~20x more per call) and can batch several qconf operations into one process.
 */
public class GridEngineClient {

    private final CommandRunner runner;
    private final Path binDir;
    private final Path fileDir;
    private final boolean batchQconf;
    /** Our Unix user when it may switch to job owners (root with resubmit-as-owner), else null. */
    private final String switchingUser;
    private final AtomicLong fileSeq = new AtomicLong();

    /**
     * @param switchingUser the adapter's Unix user if it may run commands as job owners (root, with
     *                      {@code resubmit-as-owner}), else null
     */
    public GridEngineClient(CommandRunner runner, Path binDir, Path fileDir, boolean batchQconf, String switchingUser) {
        this.runner = runner;
        this.binDir = binDir;
        this.fileDir = fileDir;
        this.batchQconf = batchQconf;
        this.switchingUser = "root".equals(switchingUser) ? switchingUser : null;
    }

    public List<Host> hosts() {
        // -F slots adds each host's own slot limit (complex_values slots=N), for the inventory
        return GridEngineParsers.hosts(check("qhost", run("qhost", List.of("-F", "slots", "-xml"))).stdout());
    }

    public ClusterStatus status() {
        return GridEngineParsers.status(check("qstat", run("qstat", List.of("-xml", "-u", "*", "-f", "-r"))).stdout());
    }

    public List<String> queueNames() {
        Result r = run("qconf", List.of("-sql"));
        if (!r.ok() && r.message().contains("no cqueue list defined")) {
            return List.of();
        }
        return GridEngineParsers.names(check("qconf -sql", r).stdout());
    }

    public Optional<ConfigObject> queue(String name) {
        return config(List.of("-sq", name));
    }

    public Optional<ConfigObject> userSet(String name) {
        return config(List.of("-su", name));
    }

    public List<AdvanceReservation> reservations() {
        return GridEngineParsers.reservations(check("qrstat", run("qrstat", List.of("-xml"))).stdout());
    }

    /**
     * Runs qconf operations (each a list of arguments, e.g. {@code -Aq FILE}): one process for all when
     * batching is on. qconf goes on after a failed operation, so the combined output tells every failure.
     */
    public Result qconf(List<List<String>> operations) {
        if (operations.isEmpty()) {
            return new Result(0, "", "");
        }
        if (batchQconf) {
            return run("qconf", operations.stream().flatMap(List::stream).toList());
        }
        int exit = 0;
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        for (List<String> op : operations) {
            Result r = run("qconf", op);
            exit = Math.max(exit, r.exitCode());
            out.append(r.stdout());
            err.append(r.stderr());
        }
        return new Result(exit, out.toString(), err.toString());
    }

    /** qmod with any options, e.g. {@code -e q -d a@h1,a@h2} in one call. */
    public Result qmod(List<String> args) {
        return run("qmod", args);
    }

    public Result suspendJobs(Collection<Long> ids) {
        return run("qmod", prepend("-sj", ids));
    }

    /** Copies jobs as new jobs; run as their owner when we are root, or the copies would belong to root. */
    public Result resubmit(String owner, Collection<Long> ids) {
        List<String> argv = new ArrayList<>();
        if (switchingUser != null && !owner.equals(switchingUser)) {
            argv.addAll(List.of("runuser", "-u", owner, "--"));
        }
        argv.add(binDir.resolve("qresub").toString());
        ids.forEach(id -> argv.add(Long.toString(id)));
        return runner.run(argv);
    }

    public Result deleteJobs(Collection<Long> ids) {
        return run("qdel", prepend("-f", ids));
    }

    public Result qrsub(List<String> args) {
        return run("qrsub", args);
    }

    public Result qrdel(long id) {
        return run("qrdel", List.of(Long.toString(id)));
    }

    /** Writes a configuration file for qconf -A/-M (the file name matters only for -Aconf). */
    public Path writeFile(String prefix, String content) {
        try {
            Files.createDirectories(fileDir);
            Path f = fileDir.resolve(prefix + "-" + ProcessHandle.current().pid() + "-" + fileSeq.incrementAndGet());
            Files.writeString(f, content);
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void deleteFile(Path f) {
        try {
            Files.deleteIfExists(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Throws unless the command succeeded or failed only for one of the {@code tolerated} reasons. */
    public static Result check(String what, Result r, Reason... tolerated) {
        if (r.ok()) {
            return r;
        }
        Set<Reason> ok = tolerated.length == 0 ? EnumSet.noneOf(Reason.class) : EnumSet.copyOf(List.of(tolerated));
        // success lines classify as OTHER; every recognised failure line must be one we tolerate
        Set<Reason> failures = EnumSet.noneOf(Reason.class);
        r.message().lines().map(GridEngineException::classify).filter(x -> x != Reason.OTHER).forEach(failures::add);
        if (!failures.isEmpty() && ok.containsAll(failures)) {
            return r;
        }
        throw new GridEngineException(what, r);
    }

    private Optional<ConfigObject> config(List<String> args) {
        Result r = run("qconf", args);
        if (!r.ok() && GridEngineException.classify(r.message()) == Reason.NOT_FOUND) {
            return Optional.empty();
        }
        return Optional.of(GridEngineParsers.config(check("qconf " + args.get(0), r).stdout()));
    }

    private Result run(String tool, List<String> args) {
        List<String> argv = new ArrayList<>(args.size() + 1);
        argv.add(binDir.resolve(tool).toString());
        argv.addAll(args);
        return runner.run(argv);
    }

    private static List<String> prepend(String option, Collection<Long> ids) {
        List<String> args = new ArrayList<>();
        args.add(option);
        ids.forEach(id -> args.add(Long.toString(id)));
        return args;
    }
}
