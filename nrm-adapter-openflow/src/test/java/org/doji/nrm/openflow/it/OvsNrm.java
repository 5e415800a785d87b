package org.doji.nrm.openflow.it;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.doji.nrm.openflow.OpenFlowBackend;
import org.doji.nrm.openflow.config.OpenFlowNrmProperties;
import org.doji.nrm.openflow.controller.OpenFlowController;
import org.doji.nrm.openflow.flow.FlowInstaller;
import org.doji.nrm.openflow.monitor.BandwidthMonitor;
import org.doji.nrm.openflow.policy.FatTreePolicy;
import org.doji.nrm.openflow.policy.PolicyRegistry;
import org.doji.nrm.openflow.topology.EndpointAttachment;
import org.doji.nrm.openflow.topology.LinkDiscovery;
import org.doji.nrm.openflow.topology.LinkHealth;
import org.doji.nrm.openflow.topology.LinkWatch;
import org.doji.nrm.openflow.topology.PortRef;
import org.doji.nrm.openflow.topology.TopologyFile;
import org.doji.nrm.openflow.topology.TopologyService;
import org.doji.rm.util.PeriodicTask;

/** The NRM wired by hand (no Spring) against the real switches of scripts/start.sh. */
public final class OvsNrm implements AutoCloseable {

    public final OpenFlowController controller;
    public final LinkDiscovery discovery;
    public final TopologyService topology;
    public final FlowInstaller installer;
    public final BandwidthMonitor monitor;
    public final PolicyRegistry policies;
    public final OpenFlowBackend backend;
    public final LinkHealth health;
    /** LLDP re-probing every 0.5 s (links not confirmed for 3 s are down), as the service does every lldp-interval */
    public final PeriodicTask linkWatch;

    public OvsNrm(Clock clock) {
        OpenFlowNrmProperties p = OpenFlowNrmProperties.defaults(Ovs.CONTROLLER_PORT, Ovs.ENDPOINTS);
        controller = new OpenFlowController(Duration.ofSeconds(5), Duration.ofSeconds(10));
        discovery = new LinkDiscovery(controller, Clock.systemUTC(), Duration.ofSeconds(3));
        health = new LinkHealth(controller, discovery::staleLinks);
        installer = new FlowInstaller(controller, Duration.ofSeconds(10));
        controller.start("127.0.0.1", Ovs.CONTROLLER_PORT);
        List<EndpointAttachment> eps = p.endpoints().stream().map(e -> new EndpointAttachment(e.name(), false,
                new PortRef(TopologyFile.dpid(e.dpid()), e.port()), e.prefix(), e.capacityMbps(), null)).toList();
        topology = new TopologyService(null, discovery, controller, eps, 1000, 0.1);
        topology.awaitDiscovery(10, Duration.ofSeconds(2), Duration.ofSeconds(30), Clock.systemUTC());
        monitor = new BandwidthMonitor(controller, topology::current, clock, Duration.ofSeconds(10), null);
        policies = new PolicyRegistry(PolicyRegistry.builtIn(new FatTreePolicy(monitor::available)), "bandwidth");
        backend = new OpenFlowBackend("ovs-test", 1.0, topology, installer, policies, monitor, controller, health);
        linkWatch = new PeriodicTask("openflow-lldp", Duration.ofMillis(500), new LinkWatch(discovery, health, topology));
        linkWatch.start();
    }

    @Override
    public void close() {
        linkWatch.stop();
        controller.close();
    }
}
