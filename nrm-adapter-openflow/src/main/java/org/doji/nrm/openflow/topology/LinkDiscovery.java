package org.doji.nrm.openflow.topology;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.doji.nrm.openflow.controller.SwitchListener;
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
 * every physical port as PACKET_OUTs (at connect, and every probe interval through {@link #probeAll});
 * a probe arriving as PACKET_IN on another switch is a link (seen from one side; a link counts once both
 * directions were seen). Links once confirmed stay known ({@link #links()}: the inventory the kernel's
 * calendars were built from must keep resolving); a known link whose probes have not been seen in both
 * directions within the link timeout, or whose port now leads elsewhere (re-cabled), is
 * {@link #staleLinks() stale}: gone from the network, reported down and given no new path.
 */
public final class LinkDiscovery implements SwitchListener {

    private static final Logger log = LoggerFactory.getLogger(LinkDiscovery.class);
    /** Cookie of the LLDP punt flow; distinct from the reservation flows' tag. */
    public static final U64 LLDP_COOKIE = U64.of(0xD1_00_0000_0000_0001L);

    private final SwitchClient client;
    private final Clock clock;
    private final Duration linkTimeout;
    /** latest directed observation per sending port: where its probe arrived, and when */
    private final Map<PortRef, Observation> seen = new ConcurrentHashMap<>();
    /** links confirmed in both directions at some time, as (lower port, higher port) */
    private final Set<List<PortRef>> known = ConcurrentHashMap.newKeySet();

    private record Observation(PortRef to, Instant at) {
    }

    /** @param linkTimeout a link not confirmed by probes in both directions for this long is stale */
    public LinkDiscovery(SwitchClient client, Clock clock, Duration linkTimeout) {
        if (linkTimeout == null || linkTimeout.isZero() || linkTimeout.isNegative()) {
            throw new IllegalArgumentException("LLDP link timeout must be positive, was " + linkTimeout);
        }
        this.client = client;
        this.clock = clock;
        this.linkTimeout = linkTimeout;
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
            Observation before = seen.put(from, new Observation(to, clock.instant()));
            if (before == null || !before.to().equals(to)) {
                log.info("LLDP: {} -> {}{}", from, to, before == null ? "" : " (was -> " + before.to() + ")");
            }
            Observation back = seen.get(to);
            if (back != null && back.to().equals(from) && known.add(pair(from, to))) {
                log.info("link discovered {} <-> {}", from, to);
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

    /** Undirected links ever seen in both directions, as (lower port, higher port) pairs. */
    public Set<List<PortRef>> links() {
        return Set.copyOf(known);
    }

    /**
     * Known links not confirmed in both directions within the link timeout (or re-cabled): gone from the
     * network as far as LLDP can tell. Sorted, as (lower port, higher port) pairs.
     */
    public Set<List<PortRef>> staleLinks() {
        Instant oldest = clock.instant().minus(linkTimeout);
        Set<List<PortRef>> stale = new TreeSet<>((x, y) -> {
            int c = x.get(0).compareTo(y.get(0));
            return c != 0 ? c : x.get(1).compareTo(y.get(1));
        });
        for (List<PortRef> l : known) {
            if (!fresh(l.get(0), l.get(1), oldest) || !fresh(l.get(1), l.get(0), oldest)) {
                stale.add(l);
            }
        }
        return stale;
    }

    private boolean fresh(PortRef from, PortRef to, Instant oldest) {
        Observation o = seen.get(from);
        return o != null && o.to().equals(to) && !o.at().isBefore(oldest);
    }

    private static List<PortRef> pair(PortRef x, PortRef y) {
        return x.compareTo(y) < 0 ? List.of(x, y) : List.of(y, x);
    }
}
