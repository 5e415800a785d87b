package org.doji.nrm.openflow.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.nrm.openflow.FakeSwitchClient;
import org.doji.nrm.openflow.Fixtures;
import org.doji.nrm.openflow.topology.Topology;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFFlowStatsReply;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.OFPort;

/** Used bandwidth from recorded real flow statistics (before and after 20 pings of 1000 bytes). */
class BandwidthMonitorTest {

    private final Topology topo = Fixtures.fatTree();

    @Test
    void usedBandwidthIsTheByteCountDeltaOverTheInterval() {
        FakeSwitchClient fake = new FakeSwitchClient();
        topo.switches().forEach(fake::connect);
        List<Fixtures.Recorded> before = Fixtures.messages("flow-stats-before.txt");
        List<Fixtures.Recorded> after = Fixtures.messages("flow-stats-after.txt");
        before.forEach(r -> fake.answerStats(r.dpid(), List.of((OFStatsReply) r.message())));
        after.forEach(r -> fake.answerStats(r.dpid(), List.of((OFStatsReply) r.message())));
        SettableClock clock = new SettableClock(Instant.parse("2026-11-22T02:00:00Z"));
        SimpleMeterRegistry metrics = new SimpleMeterRegistry();
        BandwidthMonitor m = new BandwidthMonitor(fake, () -> topo, clock, Duration.ofSeconds(10), metrics);

        m.poll();
        assertThat(m.usage().values()).allSatisfy(u -> assertThat(u.usedMbps()).isZero());
        clock.advance(Duration.ofSeconds(10));
        m.poll();

        // expected from the fixture: bytes entering on site1's access port at its edge switch (0x301)
        long delta = bytesIn(after, 0x301, 1) - bytesIn(before, 0x301, 1)
                + bytesOut(after, 0x301, 1) - bytesOut(before, 0x301, 1);
        assertThat(delta).isPositive();
        double expected = delta * 8 / 10.0 / 1e6;
        LinkUsage site1 = m.usage("ep-site1");
        assertThat(site1.usedMbps()).isCloseTo(expected, within(1e-9));
        assertThat(site1.availableMbps()).isCloseTo(1000 - expected, within(1e-9));
        assertThat(m.usage("ep-site3").usedMbps()).isPositive();
        assertThat(m.usage("ep-site2").usedMbps()).isZero();
        List<String> route = Fixtures.lines("flow-stats-route.txt");
        route.forEach(id -> assertThat(m.usage(id).usedMbps()).as(id).isPositive());
        m.usage().keySet().stream().filter(id -> !route.contains(id))
                .forEach(id -> assertThat(m.usage(id).usedMbps()).as(id).isZero());
        assertThat(metrics.get("doji.nrm.link.used").tag("link", "ep-site1").gauge().value())
                .isCloseTo(expected, within(1e-9));
        assertThat(m.available("ep-site1")).isEqualTo((long) (1000 - expected));
    }

    private static long bytesIn(List<Fixtures.Recorded> recs, long dpid, int port) {
        return entries(recs, dpid).stream().filter(e -> OFPort.of(port).equals(e.getMatch().get(MatchField.IN_PORT)))
                .mapToLong(e -> e.getByteCount().getValue()).sum();
    }

    private static long bytesOut(List<Fixtures.Recorded> recs, long dpid, int port) {
        return entries(recs, dpid).stream().filter(e -> e.getInstructions().toString().contains("port=" + port + ","))
                .mapToLong(e -> e.getByteCount().getValue()).sum();
    }

    private static List<OFFlowStatsEntry> entries(List<Fixtures.Recorded> recs, long dpid) {
        Map<Long, List<OFFlowStatsEntry>> m = new HashMap<>();
        recs.forEach(r -> m.computeIfAbsent(r.dpid(), k -> new java.util.ArrayList<>())
                .addAll(((OFFlowStatsReply) r.message()).getEntries()));
        return m.getOrDefault(dpid, List.of());
    }
}
