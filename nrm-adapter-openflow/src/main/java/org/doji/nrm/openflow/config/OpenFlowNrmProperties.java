package org.doji.nrm.openflow.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Configuration of the OpenFlow NRM ({@code doji.nrm.openflow.*}).
 *
 * @param topologyFile     JSON topology (see TopologyFile); when absent the topology comes from LLDP discovery
 * @param expectedSwitches discovery waits for this many switches (0: until links stop changing)
 * @param endpoints        the domain's sites and exchange points and the switch ports they hang off
 * @param lldpInterval     LLDP probes go out of every port this often (links that appear or disappear are noticed)
 * @param linkTimeout      a discovered link not confirmed by probes in both directions for this long is down
 * @param reservedDscp     when set (0-63), a reservation's IPv4 packets are marked with this DSCP where they enter
 *                         its path, so that the links' queues can serve them before best-effort traffic (none: no
 *                         marking)
 */
@ConfigurationProperties("doji.nrm.openflow")
public record OpenFlowNrmProperties(
        @DefaultValue("openflow") String domain,
        @DefaultValue("127.0.0.1") String listenAddress,
        @DefaultValue("6653") int listenPort,
        Path topologyFile,
        @DefaultValue("0") int expectedSwitches,
        @DefaultValue("30s") Duration discoveryTimeout,
        @DefaultValue("2s") Duration discoveryQuietPeriod,
        @DefaultValue("1000") long linkCapacityMbps,
        @DefaultValue("0.1") double linkLatencyMs,
        @DefaultValue("1.0") double unitPrice,
        @DefaultValue("bandwidth") String defaultPolicy,
        @DefaultValue("10s") Duration pollInterval,
        @DefaultValue("5s") Duration lldpInterval,
        @DefaultValue("16s") Duration linkTimeout,
        @DefaultValue("5s") Duration echoInterval,
        @DefaultValue("10s") Duration requestTimeout,
        List<Endpoint> endpoints,
        Integer reservedDscp) {

    /** @param dpid hex datapath id; @param prefix CIDR of the endpoint's addresses (null: whole port) */
    public record Endpoint(String name, @DefaultValue("false") boolean exchangePoint, String dpid, int port,
                           String prefix, @DefaultValue("1000") long capacityMbps, Double latencyMs) {
        public Endpoint {
            if (name == null || name.isBlank() || dpid == null || dpid.isBlank() || port <= 0) {
                throw new IllegalArgumentException("endpoint needs name, dpid and a positive port: " + name);
            }
            if (capacityMbps <= 0) {
                throw new IllegalArgumentException("endpoint " + name + " needs a positive capacityMbps");
            }
        }
    }

    public OpenFlowNrmProperties {
        endpoints = endpoints == null ? List.of() : List.copyOf(endpoints);
        if (reservedDscp != null && (reservedDscp < 0 || reservedDscp > 63)) {
            throw new IllegalArgumentException("doji.nrm.openflow.reserved-dscp must be 0-63, was " + reservedDscp);
        }
        if (listenPort < 0 || listenPort > 65535) {
            throw new IllegalArgumentException("doji.nrm.openflow.listen-port out of range: " + listenPort);
        }
        if (linkCapacityMbps <= 0) {
            throw new IllegalArgumentException("doji.nrm.openflow.link-capacity-mbps must be positive");
        }
        if (pollInterval.isZero() || pollInterval.isNegative()) {
            throw new IllegalArgumentException("doji.nrm.openflow.poll-interval must be positive");
        }
        if (lldpInterval.isZero() || lldpInterval.isNegative()) {
            throw new IllegalArgumentException("doji.nrm.openflow.lldp-interval must be positive");
        }
        if (linkTimeout.compareTo(lldpInterval.multipliedBy(2)) < 0) {
            // one lost probe (the userspace datapath drops some under load) must not take a link down
            throw new IllegalArgumentException("doji.nrm.openflow.link-timeout (" + linkTimeout
                    + ") must be at least twice lldp-interval (" + lldpInterval + ")");
        }
    }

    /** Defaults, for code that builds the NRM without Spring. */
    public static OpenFlowNrmProperties defaults(int listenPort, List<Endpoint> endpoints) {
        return new OpenFlowNrmProperties("openflow", "127.0.0.1", listenPort, null, 0, Duration.ofSeconds(30),
                Duration.ofSeconds(2), 1000, 0.1, 1.0, "bandwidth", Duration.ofSeconds(10), Duration.ofSeconds(5),
                Duration.ofSeconds(16), Duration.ofSeconds(5),
                Duration.ofSeconds(10), endpoints, null);
    }
}
