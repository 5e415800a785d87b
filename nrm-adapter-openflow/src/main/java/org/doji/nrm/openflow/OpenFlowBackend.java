package org.doji.nrm.openflow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.doji.nrm.openflow.flow.FlowInstaller;
import org.doji.nrm.openflow.flow.PathDirection;
import org.doji.nrm.openflow.monitor.BandwidthMonitor;
import org.doji.nrm.openflow.monitor.LinkStatus;
import org.doji.nrm.openflow.monitor.LinkUsage;
import org.doji.nrm.openflow.policy.AllocationPolicy;
import org.doji.nrm.openflow.policy.PolicyRegistry;
import org.doji.nrm.openflow.topology.EndpointAttachment;
import org.doji.nrm.openflow.topology.LinkHealth;
import org.doji.nrm.openflow.topology.Topology;
import org.doji.nrm.openflow.topology.TopologyService;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.StatusProperty;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.NetworkRouting;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.spi.ResourceBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The OpenFlow NRM backend: inventory = the domain's endpoints and the internal links; at start the
 * reserved paths' flows (both directions, metered at ingress) go onto the switches, at end/cancel they
 * are removed; path computation by the named allocation policy.
 */
public final class OpenFlowBackend implements ResourceBackend {

    private static final Logger log = LoggerFactory.getLogger(OpenFlowBackend.class);

    private final String domain;
    private final double unitPrice;
    private final TopologyService topology;
    private final FlowInstaller installer;
    private final PolicyRegistry policies;
    private final BandwidthMonitor monitor;
    private final SwitchClient client;
    private final LinkHealth health;
    /** network allocations of the reservations whose flows are installed (active now), by key */
    private final Map<String, List<NetworkAllocation>> active = new ConcurrentHashMap<>();

    public OpenFlowBackend(String domain, double unitPrice, TopologyService topology, FlowInstaller installer,
                           PolicyRegistry policies, BandwidthMonitor monitor, SwitchClient client, LinkHealth health) {
        this.domain = domain;
        this.unitPrice = unitPrice;
        this.topology = topology;
        this.installer = installer;
        this.policies = policies;
        this.monitor = monitor;
        this.client = client;
        this.health = health;
    }

    @Override
    public String name() {
        return "openflow";
    }

    @Override
    public BackendInventory inventory() {
        Topology t = topology.current();
        List<BackendInventory.NetEndpoint> eps = t.endpoints().stream()
                .map(e -> new BackendInventory.NetEndpoint(e.name(), e.exchangePoint())).toList();
        return new BackendInventory(RmKind.NETWORK, domain, List.of(), eps, t.netLinks(unitPrice), List.of(),
                List.of());
    }

    @Override
    public LiveState liveState() {
        Topology t = topology.current();
        Set<Long> missing = new HashSet<>(t.switches());
        missing.removeAll(client.connectedSwitches());
        Map<String, String> down = health.down(t);
        if (missing.isEmpty() && down.isEmpty()) {
            return LiveState.HEALTHY;
        }
        // the kernel routes reservations off failed links (or fails them); a switch not yet connected is no failure
        return new LiveState(missing.isEmpty(), Set.of(), LinkHealth.failed(down), "switches not connected: "
                + missing.stream().map(Topology::vertex).sorted().toList() + "; links down: " + down);
    }

    /** Links are found by LLDP while running (with discovery): the kernel takes new ones in without a restart. */
    @Override
    public boolean discoversLinks() {
        return true;
    }

    @Override
    public void onStart(ReservationContext ctx) {
        install(ctx);
    }

    @Override
    public void onEnd(ReservationContext ctx) {
        remove(ctx);
    }

    @Override
    public void onCancel(ReservationContext ctx) {
        remove(ctx);
    }

    @Override
    public void onAbort(ReservationContext ctx) {
        // Flows are only installed at start; an aborted hold never had any.
    }

    @Override
    public org.doji.rm.model.Allocation onModify(ReservationContext before, ReservationContext after) {
        if (after.lifecycle() == LifecycleState.Active) {
            if (before.allocation() != null) {
                before.allocation().network().forEach(na -> policyOf(before, na).delRoute(before.key(), na.links()));
            }
            install(after); // replaces the old flows (install removes the key's flows first)
        }
        return after.allocation();
    }

    @Override
    public void reconcile(List<ReservationContext> expected) {
        installer.wipe();
        active.clear();
        for (ReservationContext ctx : expected) {
            if (ctx.lifecycle() == LifecycleState.Active) {
                install(ctx);
            }
        }
        log.info("reconciled: {} active reservations re-installed", installer.installedKeys().size());
    }

    /** Path computation by the named policy; the kernel hides the links that are down (live state) from it. */
    @Override
    public NetworkRouting routing(String policy) {
        return policies.get(policy);
    }

    /** Measured link use from the last monitoring round (link id -> usage). */
    public Map<String, LinkUsage> linkUsage() {
        return monitor.usage();
    }

    /**
     * The RM's status properties (DESIGN §8 monitoring): per link capacity, reserved, used (byte-count
     * formula over the last Δt), available and up; for the RM the connected switches, links down and
     * active reservations. Cheap: the last measurement, nothing is asked of the switches here. Internal
     * link ids appear here (an operator's view), never in describe or the availability answers.
     */
    @Override
    public List<StatusProperty> status() {
        List<LinkStatus> links = linkStatus();
        List<StatusProperty> out = new ArrayList<>();
        out.add(StatusProperty.of("switchesConnected", client.connectedSwitches().size(), null));
        out.add(StatusProperty.of("linksDown", links.stream().filter(l -> !l.up()).count(), null));
        out.add(StatusProperty.of("activeReservations", active.size(), null));
        links.forEach(l -> out.addAll(l.properties()));
        return out;
    }

    /** Per link of the topology: capacity, reserved by active reservations, measured use, available, up. */
    public List<LinkStatus> linkStatus() {
        Topology t = topology.current();
        Map<String, Long> reserved = new HashMap<>();
        active.values().forEach(nas -> nas.forEach(na -> na.links().forEach(id ->
                reserved.merge(id, na.bandwidthMbps(), Long::sum))));
        return LinkStatus.of(t.netLinks(unitPrice), monitor.usage(), health.down(t), reserved);
    }

    private void install(ReservationContext ctx) {
        Topology t = topology.current();
        List<List<PathDirection>> paths = new ArrayList<>();
        for (NetworkAllocation na : ctx.allocation().network()) {
            EndpointAttachment a = t.endpoint(na.from());
            EndpointAttachment b = t.endpoint(na.to());
            List<String> back = new ArrayList<>(na.links());
            java.util.Collections.reverse(back);
            paths.add(List.of(new PathDirection(a, b, t.hops(na.from(), na.links()), na.bandwidthMbps()),
                    new PathDirection(b, a, t.hops(na.to(), back), na.bandwidthMbps())));
        }
        installer.install(ctx.key(), paths);
        active.put(ctx.key(), List.copyOf(ctx.allocation().network()));
        ctx.allocation().network().forEach(na -> policyOf(ctx, na).setRoute(ctx.key(), na.links()));
    }

    private void remove(ReservationContext ctx) {
        installer.remove(ctx.key());
        active.remove(ctx.key());
        if (ctx.allocation() != null) {
            ctx.allocation().network().forEach(na -> policyOf(ctx, na).delRoute(ctx.key(), na.links()));
        }
    }

    private AllocationPolicy policyOf(ReservationContext ctx, NetworkAllocation na) {
        String name = ctx.spec() == null ? null : ctx.spec().network().stream()
                .filter(d -> d.from().equals(na.from()) && d.to().equals(na.to())).findFirst()
                .map(NetworkDemand::policy).orElse(null); // a demand without a policy: the default one
        return policies.get(name);
    }
}
