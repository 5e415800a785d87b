package org.doji.grc.cli;

import java.util.concurrent.Callable;
import org.doji.contract.types.CoAllocationDocument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code doji cancel}: cancel a co-allocation at every RM (two-phase). */
@Command(name = "cancel", description = "Cancel a co-allocation at every RM (two-phase: all or none).")
class CancelCommand implements Callable<Integer> {

    private final DojiCli root;

    @Parameters(paramLabel = "KEY|EPR-ADDRESS", description = "The co-allocation's key or its EPR address")
    String ref;

    @Option(names = "--correlation-id", paramLabel = "ID", description = "Idempotency key of the call")
    String correlationId;

    CancelCommand(DojiCli root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        GrcClient client = root.client();
        CoAllocationDocument doc = client.cancel(client.ref(ref), correlationId);
        root.output().result(() -> Views.document(doc), w -> TextViews.document(w, doc));
        return ExitCode.OK.code();
    }
}
