package org.doji.grc.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.doji.contract.grc.CoAllocationList;
import org.doji.contract.types.CoAllocationState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code doji list}: the caller's co-allocations, filtered by state and time. */
@Command(name = "list", sortOptions = false, description = "Your co-allocations, filtered by state and by overlap "
        + "with a time range.")
class ListCommand implements Callable<Integer> {

    private final DojiCli root;

    @Option(names = "--state", paramLabel = "STATE", split = ",",
            description = "Only these states (repeatable or comma-separated): ${COMPLETION-CANDIDATES}")
    List<CoAllocationState> states = new ArrayList<>();

    @Option(names = "--from", paramLabel = "TIME", description = "Only those whose window ends after TIME")
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "Only those whose window starts before TIME")
    String to;

    @Option(names = "--max", paramLabel = "N", description = "At most N (1..10000, default 1000)")
    Integer max;

    ListCommand(DojiCli root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        Instant f = from == null ? null : TimeArgs.instant("--from", from, root.ctx.clock());
        Instant t = to == null ? null : TimeArgs.instant("--to", to, root.ctx.clock());
        if (f != null && t != null && !t.isAfter(f)) {
            throw CliException.badArguments("--to " + t + " is not after --from " + f);
        }
        if (max != null && (max < 1 || max > 10_000)) {
            throw CliException.badArguments("--max: between 1 and 10000, was " + max);
        }
        CoAllocationList list = root.client().list(states, f, t, max);
        root.output().result(() -> list.getCoAllocation().stream().map(Views::summary).toList(),
                w -> TextViews.list(w, list));
        return ExitCode.OK.code();
    }
}
