package org.doji.grc.cli;

import java.util.concurrent.Callable;
import org.doji.contract.types.CoAllocationDocument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code doji cancel}: cancel a co-allocation at every RM (two-phase). The co-allocation is Cancelling until every
 * RM has acknowledged; the command follows it until Cancelled unless told not to wait.
 */
@Command(name = "cancel", description = "Cancel a co-allocation at every RM (two-phase: all or none).")
class CancelCommand implements Callable<Integer> {

    private final DojiCli root;

    @Parameters(paramLabel = "KEY|EPR-ADDRESS", description = "The co-allocation's key or its EPR address")
    String ref;

    @Option(names = "--correlation-id", paramLabel = "ID", description = "Idempotency key of the call")
    String correlationId;

    @Option(names = "--no-wait", description = "Do not wait until every RM has acknowledged the cancel")
    boolean noWait;

    @Mixin
    WaitOptions waiting = new WaitOptions();

    CancelCommand(DojiCli root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        CoAllocationChange change = new CoAllocationChange(root, waiting, ref);
        CoAllocationDocument done = change.settle(change.client.cancel(change.target, correlationId), noWait);
        root.output().result(() -> Views.document(done), w -> TextViews.document(w, done));
        return ExitCode.OK.code();
    }
}
