package org.doji.nrm.openflow;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import org.doji.nrm.openflow.config.OpenFlowNrmProperties;
import org.doji.nrm.openflow.controller.OpenFlowController;
import org.doji.nrm.openflow.flow.FlowInstaller;
import org.doji.nrm.openflow.monitor.BandwidthMonitor;
import org.doji.nrm.openflow.policy.AllocationPolicy;
import org.doji.nrm.openflow.policy.BandwidthPolicy;
import org.doji.nrm.openflow.policy.FatTreePolicy;
import org.doji.nrm.openflow.policy.HopPolicy;
import org.doji.nrm.openflow.policy.PolicyRegistry;
import org.doji.nrm.openflow.topology.EndpointAttachment;
import org.doji.nrm.openflow.topology.LinkDiscovery;
import org.doji.nrm.openflow.topology.LinkHealth;
import org.doji.nrm.openflow.topology.LinkWatch;
import org.doji.nrm.openflow.topology.PortRef;
import org.doji.nrm.openflow.topology.TopologyFile;
import org.doji.nrm.openflow.topology.TopologyService;
import org.doji.rm.util.PeriodicTask;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the OpenFlow NRM: controller, discovery, topology, flow installer, monitor, policies (every
 * {@link AllocationPolicy} bean is registered by its name) and the {@link OpenFlowBackend}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(OpenFlowNrmProperties.class)
public class OpenFlowNrmConfiguration {

    @Bean(destroyMethod = "close")
    OpenFlowController openFlowController(OpenFlowNrmProperties p) {
        OpenFlowController c = new OpenFlowController(p.echoInterval(), p.requestTimeout());
        c.start(p.listenAddress(), p.listenPort());
        return c;
    }

    /**
     * Link liveness and measured use are about real packets over real time: they run on the system clock,
     * not on the kernel's (which may be virtual: simulations, time-shifted tests).
     */
    @Bean
    LinkDiscovery linkDiscovery(OpenFlowController c, OpenFlowNrmProperties p) {
        return new LinkDiscovery(c, Clock.systemUTC(), p.linkTimeout());
    }

    @Bean
    LinkHealth linkHealth(OpenFlowController c, LinkDiscovery d, OpenFlowNrmProperties p) {
        // with a topology file LLDP does not decide which links exist; ports and switches are still watched
        return p.topologyFile() == null ? new LinkHealth(c, d::staleLinks) : new LinkHealth(c);
    }

    /** Re-probes LLDP every lldp-interval and logs links going down or coming back. */
    @Bean
    PeriodicTask openFlowLinkWatch(LinkDiscovery d, LinkHealth h, TopologyService t, OpenFlowNrmProperties p) {
        return new PeriodicTask("openflow-lldp", p.lldpInterval(),
                new LinkWatch(p.topologyFile() == null ? d : null, h, t));
    }

    @Bean
    TopologyService topologyService(OpenFlowNrmProperties p, LinkDiscovery d, OpenFlowController c) {
        List<EndpointAttachment> eps = p.endpoints().stream().map(e -> new EndpointAttachment(e.name(),
                e.exchangePoint(), new PortRef(TopologyFile.dpid(e.dpid()), e.port()), e.prefix(), e.capacityMbps(),
                e.latencyMs())).toList();
        TopologyService t = new TopologyService(p.topologyFile() == null ? null : TopologyFile.read(p.topologyFile()),
                d, c, eps, p.linkCapacityMbps(), p.linkLatencyMs());
        t.awaitDiscovery(p.expectedSwitches(), p.discoveryQuietPeriod(), p.discoveryTimeout(),
                Clock.systemUTC()); // a real wait for real switches, whatever the kernel's clock
        return t;
    }

    @Bean
    FlowInstaller flowInstaller(OpenFlowController c, OpenFlowNrmProperties p) {
        return new FlowInstaller(c, p.requestTimeout(), p.reservedDscp());
    }

    @Bean
    BandwidthMonitor bandwidthMonitor(OpenFlowController c, TopologyService t, OpenFlowNrmProperties p,
                                      ObjectProvider<MeterRegistry> metrics) {
        return new BandwidthMonitor(c, t::current, Clock.systemUTC(), p.pollInterval(), metrics.getIfAvailable());
    }

    /** Polls the flow statistics every poll interval; like the kernel's periodic tasks, a stop lets a round finish. */
    @Bean
    PeriodicTask openFlowMonitoring(BandwidthMonitor m) {
        return new PeriodicTask("openflow-monitor", m.interval(), m::pollQuietly);
    }

    @Bean
    HopPolicy hopPolicy() {
        return new HopPolicy();
    }

    @Bean
    BandwidthPolicy bandwidthPolicy() {
        return new BandwidthPolicy();
    }

    @Bean
    FatTreePolicy fatTreePolicy(BandwidthMonitor monitor) {
        return new FatTreePolicy(monitor::available);
    }

    @Bean
    PolicyRegistry policyRegistry(List<AllocationPolicy> policies, OpenFlowNrmProperties p) {
        return new PolicyRegistry(policies, p.defaultPolicy());
    }

    @Bean
    OpenFlowBackend openFlowBackend(OpenFlowNrmProperties p, TopologyService t, FlowInstaller i, PolicyRegistry r,
                                    BandwidthMonitor m, OpenFlowController c, LinkHealth h) {
        return new OpenFlowBackend(p.domain(), p.unitPrice(), t, i, r, m, c, h);
    }
}
