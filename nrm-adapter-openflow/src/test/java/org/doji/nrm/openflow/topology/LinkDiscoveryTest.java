package org.doji.nrm.openflow.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.doji.nrm.openflow.FakeSwitchClient;
import org.doji.nrm.openflow.Fixtures;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPacketInReason;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.OFBufferId;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;

/** LLDP discovery fed with the packet-ins the real switches sent. */
class LinkDiscoveryTest {

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-22T10:00:00Z"));

    private static void replay(FakeSwitchClient fake) {
        for (Fixtures.Recorded r : Fixtures.messages("lldp-packet-ins.txt")) {
            fake.packetIn(r.dpid(), (OFPacketIn) r.message());
        }
    }

    /** The PACKET_IN a switch sends when the probe of {@code from} arrives at {@code at}. */
    private static OFPacketIn probe(PortRef from, PortRef at) {
        return SwitchClient.FACTORY.buildPacketIn().setBufferId(OFBufferId.NO_BUFFER).setReason(OFPacketInReason.ACTION)
                .setTableId(TableId.of(0)).setCookie(LinkDiscovery.LLDP_COOKIE)
                .setMatch(SwitchClient.FACTORY.buildMatch().setExact(MatchField.IN_PORT, OFPort.of(at.port())).build())
                .setData(Lldp.frame(from, new byte[] {2, 0, 0, 0, 0, 1})).build();
    }

    @Test
    void linksWhoseProbesStopArrivingGoStaleAndComeBackWhenSeenAgain() {
        FakeSwitchClient fake = new FakeSwitchClient();
        LinkDiscovery d = new LinkDiscovery(fake, clock, Duration.ofSeconds(16));
        LinkHealth health = new LinkHealth(fake, d::staleLinks);
        Topology t = Fixtures.fatTree();
        t.switches().forEach(fake::connect);
        replay(fake);
        assertThat(d.staleLinks()).isEmpty();
        assertThat(health.down(t)).isEmpty();

        clock.advance(Duration.ofSeconds(15));
        assertThat(d.staleLinks()).as("within the timeout").isEmpty();
        clock.advance(Duration.ofSeconds(2));
        assertThat(d.links()).as("links stay known (the kernel's calendars use them)").hasSize(t.links().size());
        assertThat(d.staleLinks()).hasSize(t.links().size());
        assertThat(health.down(t)).hasSize(t.links().size()).containsValue(LinkHealth.LLDP_LOST);
        assertThat(health.down(t).keySet()).containsExactlyInAnyOrderElementsOf(
                t.links().stream().map(SwitchLink::id).toList());

        replay(fake); // the next probe round
        assertThat(d.staleLinks()).isEmpty();
        assertThat(health.refresh(t)).isEmpty();
    }

    @Test
    void aRecabledPortMakesItsOldLinkStaleAtOnceAndTheNewLinkAppears() {
        FakeSwitchClient fake = new FakeSwitchClient();
        LinkDiscovery d = new LinkDiscovery(fake, clock, Duration.ofSeconds(16));
        Topology t = Fixtures.fatTree();
        t.switches().forEach(fake::connect);
        replay(fake);
        SwitchLink l1 = t.links().get(0);
        SwitchLink l2 = t.links().stream().filter(l -> l.a().dpid() != l1.a().dpid() && l.b().dpid() != l1.b().dpid()
                && l.a().dpid() != l1.b().dpid() && l.b().dpid() != l1.a().dpid()).findFirst().orElseThrow();
        // the cables of l1 = (p, q) and l2 = (r, s) are swapped: p-r and q-s
        PortRef p = l1.a();
        PortRef q = l1.b();
        PortRef r = l2.a();
        PortRef s2 = l2.b();
        fake.packetIn(r.dpid(), probe(p, r));
        assertThat(d.staleLinks()).as("p's probe now arrives elsewhere").contains(List.of(l1.a(), l1.b()));
        fake.packetIn(p.dpid(), probe(r, p));
        fake.packetIn(s2.dpid(), probe(q, s2));
        fake.packetIn(q.dpid(), probe(s2, q));
        List<PortRef> pr = p.compareTo(r) < 0 ? List.of(p, r) : List.of(r, p);
        List<PortRef> qs = q.compareTo(s2) < 0 ? List.of(q, s2) : List.of(s2, q);
        assertThat(d.links()).contains(pr, qs, List.of(l1.a(), l1.b()), List.of(l2.a(), l2.b()));
        assertThat(d.staleLinks()).containsExactlyInAnyOrder(List.of(l1.a(), l1.b()), List.of(l2.a(), l2.b()));
    }

    @Test
    void theLinkTimeoutMustBePositive() {
        assertThatThrownBy(() -> new LinkDiscovery(new FakeSwitchClient(), clock, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("timeout");
    }

    @Test
    void recordedPacketInsYieldTheRecordedLinks() {
        FakeSwitchClient fake = new FakeSwitchClient();
        LinkDiscovery d = new LinkDiscovery(fake, clock, Duration.ofSeconds(16));
        Topology expected = Fixtures.fatTree();
        expected.switches().forEach(fake::connect);
        replay(fake);
        Set<List<PortRef>> want = expected.links().stream().map(l -> List.of(l.a(), l.b())).collect(Collectors.toSet());
        assertThat(d.links()).isEqualTo(want);
        // every switch got the LLDP punt flow
        expected.switches().forEach(s -> assertThat(fake.sentTo(s)).anySatisfy(m ->
                assertThat(m).isInstanceOf(OFFlowAdd.class)));
    }

    @Test
    void aLinkSeenFromOneSideOnlyIsNotALink() {
        FakeSwitchClient fake = new FakeSwitchClient();
        LinkDiscovery d = new LinkDiscovery(fake, clock, Duration.ofSeconds(16));
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
