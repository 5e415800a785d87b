package org.doji.nrm.openflow.policy;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.spi.BackendInventory.NetLink;
import org.doji.rm.spi.LinkFreeView;
import org.doji.rm.spi.NetworkRouting;

/** Runs a policy over the links that are up: links reported down are hidden from the free view. */
public final class UpLinksRouting implements NetworkRouting {

    private final NetworkRouting policy;
    private final Supplier<Set<String>> downLinks;

    public UpLinksRouting(NetworkRouting policy, Supplier<Set<String>> downLinks) {
        this.policy = policy;
        this.downLinks = downLinks;
    }

    @Override
    public Optional<List<String>> route(NetworkDemand demand, LinkFreeView free) {
        return policy.route(demand, upOnly(free));
    }

    @Override
    public long bestBandwidth(String from, String to, LinkFreeView free) {
        return policy.bestBandwidth(from, to, upOnly(free));
    }

    private LinkFreeView upOnly(LinkFreeView free) {
        Set<String> down = downLinks.get();
        if (down.isEmpty()) {
            return free;
        }
        List<NetLink> up = free.links().stream().filter(l -> !down.contains(l.id())).toList();
        return new LinkFreeView() {
            @Override
            public Collection<NetLink> links() {
                return up;
            }

            @Override
            public long freeMbps(String linkId) {
                return down.contains(linkId) ? 0 : free.freeMbps(linkId);
            }
        };
    }
}
