package org.doji.nrm.openflow.bench;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.doji.nrm.openflow.topology.EndpointAttachment;
import org.doji.nrm.openflow.topology.PortRef;
import org.doji.nrm.openflow.topology.SwitchLink;
import org.doji.nrm.openflow.topology.Topology;

/**
 * A k-ary fat-tree (Al-Fares et al.): k pods of k/2 edge and k/2 aggregation switches, (k/2)^2 cores,
 * k/2 hosts per edge switch (each an endpoint), every link {@code capacityMbps}.
 */
public final class FatTreeGenerator {

    private FatTreeGenerator() {
    }

    public static Topology build(int k, long capacityMbps) {
        if (k < 2 || k % 2 != 0) {
            throw new IllegalArgumentException("k must be even and >= 2");
        }
        int h = k / 2;
        Set<Long> switches = new HashSet<>();
        List<SwitchLink> links = new ArrayList<>();
        List<EndpointAttachment> eps = new ArrayList<>();
        for (int c = 0; c < h * h; c++) {
            switches.add(core(c));
        }
        for (int p = 0; p < k; p++) {
            for (int i = 0; i < h; i++) {
                switches.add(agg(p, i));
                switches.add(edge(p, i));
                for (int j = 0; j < h; j++) {
                    // edge i uplink j -> agg j downlink i
                    links.add(new SwitchLink(new PortRef(edge(p, i), h + j + 1), new PortRef(agg(p, j), i + 1),
                            capacityMbps, 0.01));
                    // agg i uplink j -> core i*h+j, port p+1
                    links.add(new SwitchLink(new PortRef(agg(p, i), h + j + 1), new PortRef(core(i * h + j), p + 1),
                            capacityMbps, 0.01));
                    eps.add(new EndpointAttachment("h-" + p + "-" + i + "-" + j, false, new PortRef(edge(p, i), j + 1),
                            null, capacityMbps, null));
                }
            }
        }
        return new Topology(switches, links, eps);
    }

    private static long core(int c) {
        return 0x10000L + c;
    }

    private static long agg(int p, int i) {
        return 0x20000L + p * 256L + i;
    }

    private static long edge(int p, int i) {
        return 0x30000L + p * 256L + i;
    }
}
