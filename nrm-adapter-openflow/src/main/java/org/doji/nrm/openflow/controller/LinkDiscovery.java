package org.doji.nrm.openflow.controller;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.doji.nrm.openflow.topology.PortRef;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.OFBufferId;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.U64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * LLDP link discovery: on every switch a flow sends LLDP frames to the controller; probes go out of
 * every physical port as PACKET_OUTs; a probe arriving as PACKET_IN on another switch is a link
 * (seen from one side; a link counts once both directions were seen).
 */
public final class LinkDiscovery implements SwitchListener {

    private static final Logger log = LoggerFactory.getLogger(LinkDiscovery.class);
    /** Cookie of the LLDP punt flow; distinct from the reservation flows' tag. */
    public static final U64 LLDP_COOKIE = U64.of(0xD1_00_0000_0000_0001L);

    private final SwitchClient client;
    /** directed observation: sending port -> receiving port */
    private final Map<PortRef, PortRef> seen = new ConcurrentHashMap<>();

    public LinkDiscovery(SwitchClient client) {
        this.client = client;
        client.addListener(this);
    }

    @Override
    public void switchConnected(long dpid) {
        OFFlowAdd punt = SwitchClient.FACTORY.buildFlowAdd().setPriority(65000).setCookie(LLDP_COOKIE)
                .setMatch(SwitchClient.FACTORY.buildMatch().setExact(MatchField.ETH_TYPE, EthType.of(Lldp.ETH_TYPE))
                        .build())
                .setInstructions(List.of(SwitchClient.FACTORY.instructions().applyActions(List.of(
                        SwitchClient.FACTORY.actions().output(OFPort.CONTROLLER, 0xffff)))))
                .build();
        client.send(dpid, List.of(punt)).whenComplete((v, e) -> {
            if (e != null) {
                log.warn("cannot install LLDP punt flow on {}: {}", Long.toHexString(dpid), e.toString());
            } else {
                probeAll(); // links need both ends connected: probe every switch again
            }
        });
    }

    @Override
    public void switchDisconnected(long dpid) {
        // Links stay known: a switch that reconnects keeps its cabling; liveness is reported separately.
    }

    @Override
    public void packetIn(long dpid, OFPacketIn pi) {
        Lldp.parse(pi.getData()).ifPresent(from -> {
            OFPort in = pi.getMatch().get(MatchField.IN_PORT);
            PortRef to = new PortRef(dpid, in.getPortNumber());
            if (!to.equals(seen.put(from, to))) {
                log.info("link discovered {} -> {}", from, to);
            }
        });
    }

    /** Sends one probe out of every physical port of every connected switch. */
    public void probeAll() {
        for (long dpid : client.connectedSwitches()) {
            List<OFMessage> outs = new ArrayList<>();
            for (OFPortDesc p : client.ports(dpid)) {
                int no = p.getPortNo().getPortNumber();
                if (no <= 0) {
                    continue; // LOCAL and reserved ports
                }
                byte[] data = Lldp.frame(new PortRef(dpid, no), p.getHwAddr().getBytes());
                outs.add(SwitchClient.FACTORY.buildPacketOut().setBufferId(OFBufferId.NO_BUFFER)
                        .setInPort(OFPort.CONTROLLER)
                        .setActions(List.of(SwitchClient.FACTORY.actions().output(p.getPortNo(), 0xffff)))
                        .setData(data).build());
            }
            if (!outs.isEmpty()) {
                client.send(dpid, outs).exceptionally(e -> {
                    log.debug("probe of {} failed: {}", Long.toHexString(dpid), e.toString());
                    return null;
                });
            }
        }
    }

    /** Undirected links seen in both directions, as (lower port, higher port) pairs. */
    public Set<List<PortRef>> links() {
        Set<List<PortRef>> out = ConcurrentHashMap.newKeySet();
        seen.forEach((from, to) -> {
            if (from.equals(seen.get(to))) {
                out.add(from.compareTo(to) < 0 ? List.of(from, to) : List.of(to, from));
            }
        });
        return out;
    }
}
