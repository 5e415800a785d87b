package org.doji.nrm.openflow.topology;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.doji.nrm.openflow.controller.SwitchListener;
import org.projectfloodlight.openflow.protocol.OFPortConfig;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortReason;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.protocol.OFPortStatus;

/**
 * Which links cannot carry traffic now: a port administratively down, without link, or removed
 * (PORT_DESC at connect, then PORT_STATUS), or a switch that is not connected.
 */
public final class LinkHealth implements SwitchListener {

    private final SwitchClient client;
    private final Set<PortRef> downPorts = ConcurrentHashMap.newKeySet();

    public LinkHealth(SwitchClient client) {
        this.client = client;
        client.addListener(this);
    }

    @Override
    public void switchConnected(long dpid) {
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

    /** Ids of the topology's links that are down now, sorted. */
    public Set<String> downLinks(Topology t) {
        Set<Long> connected = client.connectedSwitches();
        Set<String> down = new TreeSet<>();
        for (SwitchLink l : t.links()) {
            if (!up(l.a(), connected) || !up(l.b(), connected)) {
                down.add(l.id());
            }
        }
        for (EndpointAttachment e : t.endpoints()) {
            if (!up(e.port(), connected)) {
                down.add(e.linkId());
            }
        }
        return down;
    }

    private boolean up(PortRef p, Set<Long> connected) {
        return connected.contains(p.dpid()) && !downPorts.contains(p);
    }
}
