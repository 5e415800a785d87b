package org.doji.nrm.openflow.topology;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.doji.nrm.openflow.controller.SwitchListener;
import org.projectfloodlight.openflow.protocol.OFPortConfig;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortReason;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which links cannot carry traffic now, and why: a switch that is not connected, a port administratively
 * down, without link, or removed (PORT_DESC at connect, then PORT_STATUS), or — with LLDP discovery — a
 * switch link whose probes are no longer seen in both directions (gone or re-cabled).
 */
public final class LinkHealth implements SwitchListener {

    private static final Logger log = LoggerFactory.getLogger(LinkHealth.class);

    public static final String SWITCH_DISCONNECTED = "switch not connected";
    /** A switch that has not connected since the controller started: not (yet) a failure. */
    public static final String SWITCH_NOT_YET_CONNECTED = "switch not connected yet";
    public static final String PORT_DOWN = "port down";
    public static final String LLDP_LOST = "LLDP probes not seen";

    private final SwitchClient client;
    private final Supplier<Set<List<PortRef>>> staleLinks;
    private final Set<PortRef> downPorts = ConcurrentHashMap.newKeySet();
    private final Set<Long> everConnected = ConcurrentHashMap.newKeySet();
    private volatile Map<String, String> lastReported = Map.of();

    /** Without LLDP liveness (a topology file). */
    public LinkHealth(SwitchClient client) {
        this(client, Set::of);
    }

    /** @param staleLinks switch links LLDP no longer confirms, as (lower port, higher port) pairs */
    public LinkHealth(SwitchClient client, Supplier<Set<List<PortRef>>> staleLinks) {
        this.client = client;
        this.staleLinks = staleLinks;
        client.addListener(this);
    }

    @Override
    public void switchConnected(long dpid) {
        everConnected.add(dpid);
        downPorts.removeIf(p -> p.dpid() == dpid);
        client.ports(dpid).forEach(p -> update(dpid, p, false));
    }

    @Override
    public void portStatus(long dpid, OFPortStatus status) {
        update(dpid, status.getDesc(), status.getReason() == OFPortReason.DELETE);
    }

    private void update(long dpid, OFPortDesc p, boolean deleted) {
        PortRef ref = new PortRef(dpid, p.getPortNo().getPortNumber());
        if (deleted || p.getConfig().contains(OFPortConfig.PORT_DOWN) || p.getState().contains(OFPortState.LINK_DOWN)) {
            downPorts.add(ref);
        } else {
            downPorts.remove(ref);
        }
    }

    /**
     * Ids of the links that failed, of those {@link #down} reports: down now, except behind a switch that has not
     * connected since the start (at a restart the switches come one by one; their links are not failures, and the
     * reservations over them must not be moved or failed).
     */
    public static Set<String> failed(Map<String, String> down) {
        Set<String> failed = new java.util.TreeSet<>();
        down.forEach((id, why) -> {
            if (!SWITCH_NOT_YET_CONNECTED.equals(why)) {
                failed.add(id);
            }
        });
        return failed;
    }

    /** The topology's links that are down now, by id (sorted), with the reason. */
    public Map<String, String> down(Topology t) {
        Set<Long> connected = client.connectedSwitches();
        Set<List<PortRef>> stale = staleLinks.get();
        Map<String, String> down = new TreeMap<>();
        for (SwitchLink l : t.links()) {
            String why = why(l.a(), connected);
            why = why != null ? why : why(l.b(), connected);
            why = why != null ? why : stale.contains(List.of(l.a(), l.b())) ? LLDP_LOST : null;
            if (why != null) {
                down.put(l.id(), why);
            }
        }
        for (EndpointAttachment e : t.endpoints()) {
            String why = why(e.port(), connected);
            if (why != null) {
                down.put(e.linkId(), why);
            }
        }
        return down;
    }

    /**
     * Evaluates the links now and logs every change since the last call (run periodically, so that
     * links going away or coming back are noticed even when nobody asks). Returns the down links.
     */
    public Map<String, String> refresh(Topology t) {
        Map<String, String> now = down(t);
        Map<String, String> before = lastReported;
        now.forEach((id, why) -> {
            if (!why.equals(before.get(id))) {
                log.warn("link {} down: {}", id, why);
            }
        });
        before.keySet().stream().filter(id -> !now.containsKey(id)).forEach(id -> log.info("link {} up again", id));
        lastReported = Map.copyOf(now);
        return now;
    }

    private String why(PortRef p, Set<Long> connected) {
        if (!connected.contains(p.dpid())) {
            return everConnected.contains(p.dpid()) ? SWITCH_DISCONNECTED : SWITCH_NOT_YET_CONNECTED;
        }
        return downPorts.contains(p) ? PORT_DOWN : null;
    }
}
