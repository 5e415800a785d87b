package org.doji.nrm.openflow.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.doji.nrm.openflow.FakeSwitchClient;
import org.doji.nrm.openflow.Fixtures;
import org.doji.nrm.openflow.topology.PortRef;
import org.doji.nrm.openflow.topology.SwitchLink;
import org.doji.nrm.openflow.topology.Topology;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFPacketIn;

/** LLDP discovery fed with the packet-ins the real switches sent. */
class LinkDiscoveryTest {

    @Test
    void recordedPacketInsYieldTheRecordedLinks() {
        FakeSwitchClient fake = new FakeSwitchClient();
        LinkDiscovery d = new LinkDiscovery(fake);
        Topology expected = Fixtures.fatTree();
        expected.switches().forEach(fake::connect);
        for (Fixtures.Recorded r : Fixtures.messages("lldp-packet-ins.txt")) {
            fake.packetIn(r.dpid(), (OFPacketIn) r.message());
        }
        Set<List<PortRef>> want = expected.links().stream().map(l -> List.of(l.a(), l.b())).collect(Collectors.toSet());
        assertThat(d.links()).isEqualTo(want);
        // every switch got the LLDP punt flow
        expected.switches().forEach(s -> assertThat(fake.sentTo(s)).anySatisfy(m ->
                assertThat(m).isInstanceOf(OFFlowAdd.class)));
    }

    @Test
    void aLinkSeenFromOneSideOnlyIsNotALink() {
        FakeSwitchClient fake = new FakeSwitchClient();
        LinkDiscovery d = new LinkDiscovery(fake);
        Fixtures.Recorded first = Fixtures.messages("lldp-packet-ins.txt").get(0);
        fake.packetIn(first.dpid(), (OFPacketIn) first.message());
        assertThat(d.links()).isEmpty();
    }

    @Test
    void lldpFramesRoundTripAndForeignFramesAreIgnored() {
        PortRef p = new PortRef(0xabcdef0123L, 7);
        byte[] frame = Lldp.frame(p, new byte[] {2, 0, 0, 0, 0, 1});
        assertThat(frame.length).isGreaterThanOrEqualTo(60);
        assertThat(Lldp.parse(frame)).contains(p);
        frame[12] = 0x08;
        frame[13] = 0x00;
        assertThat(Lldp.parse(frame)).isEmpty();
        assertThat(new SwitchLink(new PortRef(2, 1), new PortRef(1, 3), 10, null).a()).isEqualTo(new PortRef(1, 3));
    }
}
