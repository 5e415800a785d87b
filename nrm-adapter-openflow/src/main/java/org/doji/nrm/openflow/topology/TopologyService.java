package org.doji.nrm.openflow.topology;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The current topology: a configured file, or what LLDP discovery found, plus the configured endpoints.
 */
public final class TopologyService {

    private static final Logger log = LoggerFactory.getLogger(TopologyService.class);

    private final Topology fromFile;
    private final LinkDiscovery discovery;
    private final SwitchClient client;
    private final List<EndpointAttachment> endpoints;
    private final long linkCapacityMbps;
    private final Double linkLatencyMs;
    private final Set<Long> everSeen = new HashSet<>();

    /** @param fromFile null for discovery */
    public TopologyService(Topology fromFile, LinkDiscovery discovery, SwitchClient client,
                           List<EndpointAttachment> endpoints, long linkCapacityMbps, Double linkLatencyMs) {
        this.fromFile = fromFile;
        this.discovery = discovery;
        this.client = client;
        this.endpoints = List.copyOf(endpoints);
        this.linkCapacityMbps = linkCapacityMbps;
        this.linkLatencyMs = linkLatencyMs;
    }

    public synchronized Topology current() {
        List<EndpointAttachment> eps = new ArrayList<>(endpoints);
        if (fromFile != null) {
            fromFile.endpoints().stream().filter(e -> eps.stream().noneMatch(c -> c.name().equals(e.name())))
                    .forEach(eps::add);
            return new Topology(fromFile.switches(), fromFile.links(), eps);
        }
        everSeen.addAll(client.connectedSwitches());
        List<SwitchLink> links = discovery.links().stream()
                .map(p -> new SwitchLink(p.get(0), p.get(1), linkCapacityMbps, linkLatencyMs)).toList();
        return new Topology(everSeen, links, eps);
    }

    /**
     * Waits (bounded) until discovery has seen {@code expectedSwitches} switches (if positive), every
     * endpoint's switch, and the connected switches and the link set stayed unchanged for {@code quiet}. No-op with
     * a topology file.
     */
    public Topology awaitDiscovery(int expectedSwitches, Duration quiet, Duration timeout, Clock clock) {
        if (fromFile != null) {
            return current();
        }
        Instant deadline = clock.instant().plus(timeout);
        int lastLinks = -1;
        int lastSwitches = -1;
        Instant stableSince = clock.instant();
        while (clock.instant().isBefore(deadline)) {
            Set<Long> connected = client.connectedSwitches();
            int links = discovery.links().size();
            // a switch that connects late is probed, and its links are waited for from then on: quiet measured
            // before it connected would end the wait with none of its links
            if (links != lastLinks || connected.size() != lastSwitches) {
                lastLinks = links;
                lastSwitches = connected.size();
                stableSince = clock.instant();
                discovery.probeAll();
            }
            boolean switchesOk = expectedSwitches <= 0 ? !connected.isEmpty() : connected.size() >= expectedSwitches;
            boolean endpointsOk = endpoints.stream().allMatch(e -> connected.contains(e.port().dpid()));
            if (switchesOk && endpointsOk && !clock.instant().isBefore(stableSince.plus(quiet))) {
                break;
            }
            LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
        }
        Topology t = current();
        log.info("topology: {} switches, {} links, {} endpoints", t.switches().size(), t.links().size(),
                t.endpoints().size());
        return t;
    }
}
