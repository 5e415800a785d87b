package org.doji.grc.cli;

import java.util.concurrent.Callable;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code doji modify}: change a co-allocation. The contract's modify replaces the whole request, so the
 * current request is read first and the parts given on the command line replace its parts.
 */
@Command(name = "modify", sortOptions = false,
        description = {"Change a co-allocation (replanned and applied at every RM with two-phase commit; if that "
                + "fails the old reservation stays). Options given replace those parts of the current request: "
                + "sites (and links), links, time, policy, description."},
        footerHeading = "%nExample:%n", footer = "  doji modify co-1234 --start +2h --duration 3h")
class ModifyCommand implements Callable<Integer> {

    private final DojiCli root;

    @Parameters(paramLabel = "KEY|EPR-ADDRESS", description = "The co-allocation's key or its EPR address")
    String ref;

    @Mixin
    RequestOptions request = new RequestOptions();

    @Option(names = "--no-wait", description = "Do not follow a modification the GRC applies asynchronously")
    boolean noWait;

    @Mixin
    WaitOptions waiting = new WaitOptions();

    @Option(names = "--correlation-id", paramLabel = "ID", description = "Idempotency key of the call")
    String correlationId;

    ModifyCommand(DojiCli root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        CoAllocationChange change = new CoAllocationChange(root, waiting, ref);
        RequestMapper mapper = new RequestMapper(root.ctx.clock(), change.client::knownSites);
        mapper.checkModifiable(request);
        CoAllocationDocument current = change.client.document(change.target);
        CoAllocationRequest changed = mapper.modified(current.getRequest(), request);
        Output out = root.output();
        CoAllocationDocument answer;
        try {
            answer = change.client.modify(change.target, changed, correlationId);
        } catch (CliException e) {
            throw refused(e);
        }
        CoAllocationDocument doc = change.settle(answer, noWait);
        if (ReserveCommand.holds(doc)) {
            out.progress("co-allocation " + doc.getKey() + " modified: " + TextViews.windowAndCost(doc));
        }
        return ReserveCommand.settled(out, doc);
    }

    /**
     * A modification the GRC could not plan or hold (MODIFY_REFUSED: the co-allocation is unchanged) is a failed
     * request, exit code 1 as for a reserve with no feasible plan; other faults keep theirs.
     */
    static CliException refused(CliException e) {
        if ("ResourceUnavailableFault".equals(e.faultKind())) {
            return new CliException(ExitCode.FAILED, "modification failed, the co-allocation is unchanged: " + e.getMessage(),
                    e.faultKind(), e.errorCode(), e);
        }
        return e;
    }
}
