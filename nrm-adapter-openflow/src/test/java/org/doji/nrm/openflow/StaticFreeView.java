package org.doji.nrm.openflow;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.rm.spi.BackendInventory.NetLink;
import org.doji.rm.spi.LinkFreeView;

/** A free-bandwidth view for tests: capacity minus what the test booked. */
public final class StaticFreeView implements LinkFreeView {

    private final List<NetLink> links;
    private final Map<String, Long> free = new HashMap<>();

    public StaticFreeView(List<NetLink> links) {
        this.links = List.copyOf(links);
        links.forEach(l -> free.put(l.id(), l.capacityMbps()));
    }

    public StaticFreeView book(List<String> route, long mbps) {
        route.forEach(id -> free.merge(id, -mbps, Long::sum));
        return this;
    }

    @Override
    public Collection<NetLink> links() {
        return links;
    }

    @Override
    public long freeMbps(String linkId) {
        return free.getOrDefault(linkId, 0L);
    }
}
