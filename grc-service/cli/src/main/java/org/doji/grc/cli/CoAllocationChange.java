package org.doji.grc.cli;

import org.doji.contract.types.CoAllocationDocument;

/**
 * What a command changing an existing co-allocation shares (modify, cancel): the client, the watcher (its wait
 * options checked before anything is sent), the co-allocation addressed, and following the change until nothing is
 * in progress.
 */
final class CoAllocationChange {

    final GrcClient client;
    final GrcRef target;
    private final ProgressWatcher watcher;

    /** @param ref the co-allocation's key or its EPR address, as given on the command line */
    CoAllocationChange(DojiCli root, WaitOptions waiting, String ref) {
        this.client = root.client();
        this.watcher = waiting.watcher(client, root.ctx, root.output());
        this.target = client.ref(ref);
    }

    /** The GRC's answer, followed until nothing is in progress any more unless told not to wait. */
    CoAllocationDocument settle(CoAllocationDocument answer, boolean noWait) {
        return noWait || ProgressWatcher.settled(answer.getState()) ? answer : watcher.follow(target, answer);
    }
}
