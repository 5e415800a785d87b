package org.doji.nrm.openflow.topology;


/**
 * One round of link watching, run every LLDP interval: probe every port again (with discovery), so that
 * links that disappear go stale and new ones are found, then evaluate and log which links are down.
 */
public final class LinkWatch implements Runnable {

    private final LinkDiscovery discovery;
    private final LinkHealth health;
    private final TopologyService topology;

    /** @param discovery null with a topology file (nothing to probe; ports and switches are still watched) */
    public LinkWatch(LinkDiscovery discovery, LinkHealth health, TopologyService topology) {
        this.discovery = discovery;
        this.health = health;
        this.topology = topology;
    }

    @Override
    public void run() {
        if (discovery != null) {
            discovery.probeAll();
        }
        health.refresh(topology.current());
    }
}
