package org.doji.nrm.openflow.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.doji.nrm.openflow.Fixtures;
import org.doji.nrm.openflow.StaticFreeView;
import org.doji.nrm.openflow.policy.FatTreePolicy;
import org.doji.rm.model.NetworkDemand;
import org.junit.jupiter.api.Test;

/** Routes on the recorded topology become per-switch hops; the JSON form round-trips. */
class TopologyTest {

    private final Topology topo = Fixtures.fatTree();

    @Test
    void aRouteBecomesContiguousHopsInBothDirections() {
        List<String> route = new FatTreePolicy().route(new NetworkDemand("site1", "site3", 10, null, null),
                new StaticFreeView(topo.netLinks(1))).orElseThrow();
        List<Hop> forward = topo.hops("site1", route);
        assertThat(forward).hasSize(5);
        assertThat(forward.get(0)).satisfies(h -> {
            assertThat(h.dpid()).isEqualTo(topo.endpoint("site1").port().dpid());
            assertThat(h.inPort()).isEqualTo(topo.endpoint("site1").port().port());
        });
        assertThat(forward.get(4).outPort()).isEqualTo(topo.endpoint("site3").port().port());
        // every hop leaves on the port whose link enters the next hop
        for (int i = 0; i + 1 < forward.size(); i++) {
            PortRef out = new PortRef(forward.get(i).dpid(), forward.get(i).outPort());
            PortRef in = new PortRef(forward.get(i + 1).dpid(), forward.get(i + 1).inPort());
            assertThat(topo.linkIdByPort().get(out)).isEqualTo(topo.linkIdByPort().get(in));
        }
        List<String> back = new ArrayList<>(route);
        Collections.reverse(back);
        List<Hop> reverse = topo.hops("site3", back);
        for (int i = 0; i < forward.size(); i++) {
            Hop f = forward.get(i);
            Hop r = reverse.get(forward.size() - 1 - i);
            assertThat(r).isEqualTo(new Hop(f.dpid(), f.outPort(), f.inPort()));
        }
        assertThatThrownBy(() -> topo.hops("site1", List.of("ep-site1", "ep-site3")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void jsonRoundTrips() throws IOException {
        String json = TopologyFile.write(topo);
        Topology again = TopologyFile.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
        assertThat(again).isEqualTo(topo);
        assertThat(TopologyFile.port("0000000000000301:2")).isEqualTo(new PortRef(0x301, 2));
        assertThat(TopologyFile.dpid("00:00:00:00:00:00:03:01")).isEqualTo(0x301);
    }
}
