package org.doji.nrm.openflow.monitor;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.doji.rm.model.StatusProperty;
import org.doji.rm.spi.BackendInventory.NetLink;

/**
 * What the NRM knows about one link now (DESIGN §8 monitoring, exposed as the RM's status properties):
 * capacity, bandwidth reserved by the reservations active now, bandwidth used by the byte-count formula
 * over the last polling interval, available = capacity − used (0 while the link is down), and whether it
 * is up (with the reason when not).
 *
 * @param usedMbps   null until a polling round has measured the link
 * @param measuredAt end of the polling interval {@code usedMbps} covers, or null
 * @param downReason null while the link is up
 */
public record LinkStatus(String linkId, String from, String to, long capacityMbps, long reservedMbps,
                         Double usedMbps, double availableMbps, Instant measuredAt, String downReason) {

    private static final String MBPS = "Mbps";

    public boolean up() {
        return downReason == null;
    }

    /**
     * As the RM's status properties about this link: capacity, reservedBandwidth, usedBandwidth (once
     * measured), availableBandwidth (Mbps) and up (1 or 0).
     */
    public List<StatusProperty> properties() {
        List<StatusProperty> out = new ArrayList<>();
        out.add(StatusProperty.about(linkId, "capacity", capacityMbps, MBPS));
        out.add(StatusProperty.about(linkId, "reservedBandwidth", reservedMbps, MBPS));
        if (usedMbps != null) {
            out.add(StatusProperty.about(linkId, "usedBandwidth", usedMbps, MBPS));
        }
        out.add(StatusProperty.about(linkId, "availableBandwidth", availableMbps, MBPS));
        out.add(StatusProperty.about(linkId, "up", up() ? 1 : 0, null));
        return out;
    }

    /**
     * @param links    the topology's links (ids, ends, capacities)
     * @param usage    the monitor's last measurement per link id
     * @param down     links down now, with the reason
     * @param reserved bandwidth of the active reservations per link id
     */
    public static List<LinkStatus> of(List<NetLink> links, Map<String, LinkUsage> usage, Map<String, String> down,
                                      Map<String, Long> reserved) {
        List<LinkStatus> out = new ArrayList<>();
        for (NetLink l : links) {
            LinkUsage u = usage.get(l.id());
            Double used = u == null ? null : u.usedMbps();
            String why = down.get(l.id());
            double available = why != null ? 0 : Math.max(0, l.capacityMbps() - (used == null ? 0 : used));
            out.add(new LinkStatus(l.id(), l.a(), l.b(), l.capacityMbps(), reserved.getOrDefault(l.id(), 0L), used,
                    available, u == null ? null : u.at(), why));
        }
        return out;
    }
}
