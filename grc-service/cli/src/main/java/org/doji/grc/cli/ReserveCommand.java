package org.doji.grc.cli;

import java.util.concurrent.Callable;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code doji reserve}: create a co-allocation and follow it until it is Reserved or Failed. */
@Command(name = "reserve", sortOptions = false,
        description = {"Co-allocate sites and links: the GRC plans over N candidate slots and reserves the best plan "
                + "at every RM with two-phase commit. Prints each state change, then the plan."},
        footerHeading = "%nExamples:%n",
        footer = {"  doji reserve --sites 3 --cores 8 --mesh 1000 \\",
                "       --est +1h --lst +4h --duration 2h --policy CHEAPEST",
                "  doji reserve --site a:8 --site b:16:os=linux --link a-b:1000 \\",
                "       --start 2026-11-23T13:00Z --end 2026-11-23T15:00Z",
                "  doji reserve --expr \"(ClustA:10 | ClustB:8) & ClustC:4 & Lic:5\" \\",
                "       --link s1-s2:500 --start +1h --duration 1h"})
class ReserveCommand implements Callable<Integer> {

    private final DojiCli root;

    @Mixin
    RequestOptions request = new RequestOptions();

    @Option(names = "--no-wait", description = "Return after the GRC accepted the request (prints its key)")
    boolean noWait;

    @Mixin
    WaitOptions waiting = new WaitOptions();

    @Option(names = "--correlation-id", paramLabel = "ID",
            description = "Idempotency key: repeating the call with the same id returns the same co-allocation")
    String correlationId;

    ReserveCommand(DojiCli root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        GrcClient client = root.client();
        Output out = root.output();
        ProgressWatcher watcher = waiting.watcher(client, root.ctx, out);
        CoAllocationRequest r = new RequestMapper(root.ctx.clock(), client::knownSites).request(request);
        GrcRef ref;
        try {
            ref = client.create(r, correlationId);
        } catch (CliException e) {
            throw request.explain(e);
        }
        out.progress("co-allocation " + ref.key() + " accepted: " + ref.address());
        if (noWait) {
            out.result(() -> java.util.Map.of("key", ref.key(), "address", ref.address()), w -> { });
            return ExitCode.OK.code();
        }
        CoAllocationDocument doc = watcher.follow(ref, null);
        return settled(out, doc);
    }

    /** Whether the co-allocation holds (or held) its resources. */
    static boolean holds(CoAllocationDocument doc) {
        return doc.getState() == CoAllocationState.RESERVED || doc.getState() == CoAllocationState.ACTIVE
                || doc.getState() == CoAllocationState.COMPLETED;
    }

    /** Prints the settled co-allocation; 0 when it holds its resources, 1 when it failed. */
    static int settled(Output out, CoAllocationDocument doc) {
        boolean ok = holds(doc);
        out.result(() -> Views.document(doc), w -> {
            if (ok) {
                TextViews.document(w, doc);
            } else {
                ProgressWatcher.reasons(w, doc);
            }
        });
        return ok ? ExitCode.OK.code() : ExitCode.FAILED.code();
    }
}
