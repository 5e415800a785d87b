package org.doji.grc.cli;

import java.util.concurrent.Callable;
import org.doji.contract.grc.PlanResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code doji plan}: the GRC's ranked candidate plans for a request, nothing reserved. */
@Command(name = "plan", sortOptions = false,
        description = {"Dry run: the ranked plans the GRC would try, as a table (rank, slot start/end, cost, "
                + "sites -> site/RM, paths). Nothing is reserved. Takes the same request options as reserve."})
class PlanCommand implements Callable<Integer> {

    private final DojiCli root;

    @Mixin
    RequestOptions request = new RequestOptions();

    @Option(names = "--max-plans", paramLabel = "N", description = "At most N plans (1..1000, default: all)")
    Integer maxPlans;

    PlanCommand(DojiCli root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        if (maxPlans != null && (maxPlans < 1 || maxPlans > 1000)) {
            throw CliException.badArguments("--max-plans: between 1 and 1000, was " + maxPlans);
        }
        GrcClient client = root.client();
        var r = new RequestMapper(root.ctx.clock(), client::knownSites).request(request);
        PlanResult result;
        try {
            result = client.plan(r, maxPlans);
        } catch (CliException e) {
            throw request.explain(e);
        }
        root.output().result(() -> Views.planResult(result), w -> TextViews.planResult(w, result));
        return result.getPlan().isEmpty() ? ExitCode.FAILED.code() : ExitCode.OK.code();
    }
}
