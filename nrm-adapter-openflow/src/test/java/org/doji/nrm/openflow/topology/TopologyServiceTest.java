package org.doji.nrm.openflow.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.doji.nrm.openflow.FakeSwitchClient;
import org.doji.nrm.openflow.Fixtures;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFPacketIn;

class TopologyServiceTest {

    private static final Instant T0 = Instant.parse("2026-11-29T07:00:00Z");

    /**
     * Virtual time that moves 200 ms at every reading; the switches connect at 3 s and the LLDP probes are answered
     * (the recorded packet-ins) at 4 s, as when the switches' connection backoff outlasts the quiet period.
     */
    private static final class LateSwitches extends Clock {
        private final FakeSwitchClient fake;
        private final Topology topology;
        private Instant now = T0;
        private boolean connected;
        private boolean answered;

        LateSwitches(FakeSwitchClient fake, Topology topology) {
            this.fake = fake;
            this.topology = topology;
        }

        @Override
        public Instant instant() {
            now = now.plusMillis(200);
            if (!connected && !now.isBefore(T0.plusSeconds(3))) {
                connected = true;
                topology.switches().forEach(fake::connect);
            }
            if (!answered && !now.isBefore(T0.plusSeconds(4))) {
                answered = true;
                for (Fixtures.Recorded r : Fixtures.messages("lldp-packet-ins.txt")) {
                    fake.packetIn(r.dpid(), (OFPacketIn) r.message());
                }
            }
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    @Test
    void switchesThatConnectAfterTheQuietPeriodHaveTheirLinksWaitedFor() {
        FakeSwitchClient fake = new FakeSwitchClient();
        Topology expected = Fixtures.fatTree();
        Clock clock = new LateSwitches(fake, expected);
        LinkDiscovery discovery = new LinkDiscovery(fake, clock, Duration.ofSeconds(16));
        TopologyService service = new TopologyService(null, discovery, fake, List.of(), 1000, 0.1);

        Topology found = service.awaitDiscovery(expected.switches().size(), Duration.ofSeconds(2), Duration.ofSeconds(30), clock);

        assertThat(found.switches()).containsExactlyInAnyOrderElementsOf(expected.switches());
        assertThat(found.links()).as("links found by LLDP after the switches connected").hasSize(expected.links().size());
    }
}
