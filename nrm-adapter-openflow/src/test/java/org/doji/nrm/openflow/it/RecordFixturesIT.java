package org.doji.nrm.openflow.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.doji.nrm.openflow.StaticFreeView;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.doji.nrm.openflow.controller.SwitchListener;
import org.doji.nrm.openflow.flow.Cookies;
import org.doji.nrm.openflow.topology.TopologyFile;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowStatsReply;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.types.OFGroup;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;

/**
 * Records the unit tests' fixtures from the real network: the discovered topology, the LLDP packet-ins,
 * and flow statistics replies before and after traffic. Runs only with -Ddoji.record=true.
 */
class RecordFixturesIT {

    private static final Path DIR = Path.of("src/test/resources/fixtures");

    @Test
    void record() throws IOException {
        assumeTrue(Boolean.getBoolean("doji.record"), "recording only with -Ddoji.record=true");
        Ovs.requireRunning();
        List<String> packetIns = new CopyOnWriteArrayList<>();
        try (OvsNrm nrm = new OvsNrm(Clock.systemUTC())) {
            nrm.controller.addListener(new SwitchListener() {
                @Override
                public void packetIn(long dpid, OFPacketIn pi) {
                    packetIns.add(Long.toHexString(dpid) + " " + hex(pi));
                }
            });
            nrm.discovery.probeAll();
            org.awaitility.Awaitility.await().until(() -> packetIns.size() >= 24);
            Files.createDirectories(DIR);
            Files.writeString(DIR.resolve("ovs-fattree-topology.json"), TopologyFile.write(nrm.topology.current()));
            Files.write(DIR.resolve("lldp-packet-ins.txt"), packetIns);

            nrm.backend.reconcile(List.of());
            NetworkDemand d = new NetworkDemand("site1", "site3", 100, null, "fat-tree");
            List<String> route = nrm.backend.routing("fat-tree")
                    .route(d, new StaticFreeView(nrm.backend.inventory().links())).orElseThrow();
            var now = java.time.Instant.now();
            ReservationContext ctx = new ReservationContext("rec-1", "alice", List.of(), new ReservationSpec(
                    new TimeWindow(now, now.plusSeconds(60)), List.of(), List.of(d), List.of(), List.of(), "g"),
                    new Allocation(List.of(), List.of(new NetworkAllocation("site1", "site3", 100, route, List.of())),
                            List.of(), 0), LifecycleState.Active);
            nrm.backend.onStart(ctx);
            List<String> before = flowStats(nrm);
            Ovs.run("ip", "netns", "exec", "h1", "ping", "-c", "20", "-i", "0.05", "-s", "1000", "10.0.0.3");
            List<String> after = flowStats(nrm);
            Files.write(DIR.resolve("flow-stats-before.txt"), before);
            Files.write(DIR.resolve("flow-stats-after.txt"), after);
            Files.writeString(DIR.resolve("flow-stats-route.txt"), String.join("\n", route) + "\n");
            nrm.backend.onEnd(ctx);
            assertThat(after).isNotEmpty();
        }
    }

    private static List<String> flowStats(OvsNrm nrm) {
        List<String> lines = new ArrayList<>();
        for (long dpid : nrm.controller.connectedSwitches()) {
            for (OFFlowStatsReply r : nrm.controller.stats(dpid, SwitchClient.FACTORY.buildFlowStatsRequest()
                    .setTableId(TableId.ALL).setOutPort(OFPort.ANY).setOutGroup(OFGroup.ANY)
                    .setCookie(U64.of(Cookies.TAG)).setCookieMask(Cookies.TAG_MASK)
                    .setMatch(SwitchClient.FACTORY.buildMatch().build()).build()).join()) {
                lines.add(Long.toHexString(dpid) + " " + hex(r));
            }
        }
        return lines;
    }

    static String hex(OFMessage m) {
        ByteBuf b = Unpooled.buffer();
        m.writeTo(b);
        return ByteBufUtil.hexDump(b);
    }
}
