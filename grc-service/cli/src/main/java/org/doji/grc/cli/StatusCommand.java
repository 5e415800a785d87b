package org.doji.grc.cli;

import java.util.concurrent.Callable;
import org.doji.contract.types.CoAllocationDocument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code doji status}: a co-allocation's state document. */
@Command(name = "status", description = "A co-allocation's state, plan (sites, nodes, queue names, paths, cost) "
        + "and what every RM answered.")
class StatusCommand implements Callable<Integer> {

    private final DojiCli root;

    @Parameters(paramLabel = "KEY|EPR-ADDRESS", description = "The co-allocation's key or its EPR address (…?res=KEY)")
    String ref;

    StatusCommand(DojiCli root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        GrcClient client = root.client();
        CoAllocationDocument doc = client.document(client.ref(ref));
        root.output().result(() -> Views.document(doc), w -> TextViews.document(w, doc));
        return ExitCode.OK.code();
    }
}
