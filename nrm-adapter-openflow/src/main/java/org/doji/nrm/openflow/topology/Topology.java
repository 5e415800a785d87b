package org.doji.nrm.openflow.topology;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.doji.rm.spi.BackendInventory.NetLink;

/**
 * The private topology of the domain: switches, switch-to-switch links and endpoint attachments.
 * Graph vertices are endpoint names and switch vertices {@code sw-<hex dpid>}; link ids are
 * {@link SwitchLink#id()} and {@link EndpointAttachment#linkId()}.
 */
public record Topology(Set<Long> switches, List<SwitchLink> links, List<EndpointAttachment> endpoints) {

    public Topology {
        switches = Set.copyOf(switches);
        links = links.stream().sorted(Comparator.comparing(SwitchLink::a)).toList();
        endpoints = List.copyOf(endpoints);
        Set<String> names = new TreeSet<>();
        for (EndpointAttachment e : endpoints) {
            if (!names.add(e.name())) {
                throw new IllegalArgumentException("duplicate endpoint " + e.name());
            }
        }
    }

    public static String vertex(long dpid) {
        return "sw-" + Long.toHexString(dpid);
    }

    /** Inventory links (endpoint access links and switch links) priced at {@code unitPrice}. */
    public List<NetLink> netLinks(double unitPrice) {
        List<NetLink> out = new ArrayList<>();
        for (EndpointAttachment e : endpoints) {
            out.add(new NetLink(e.linkId(), e.name(), vertex(e.port().dpid()), e.capacityMbps(), unitPrice,
                    e.latencyMs()));
        }
        for (SwitchLink l : links) {
            out.add(new NetLink(l.id(), vertex(l.a().dpid()), vertex(l.b().dpid()), l.capacityMbps(), unitPrice,
                    l.latencyMs()));
        }
        return out;
    }

    public EndpointAttachment endpoint(String name) {
        return endpoints.stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown endpoint " + name));
    }

    /** Switch links by id. */
    public Map<String, SwitchLink> linksById() {
        return links.stream().collect(Collectors.toMap(SwitchLink::id, Function.identity()));
    }

    /** The switch link leaving {@code port}, if any (used by monitoring to attribute flow bytes). */
    public Map<PortRef, String> linkIdByPort() {
        Map<PortRef, String> m = new HashMap<>();
        for (SwitchLink l : links) {
            m.put(l.a(), l.id());
            m.put(l.b(), l.id());
        }
        for (EndpointAttachment e : endpoints) {
            m.put(e.port(), e.linkId());
        }
        return m;
    }

    /**
     * Turns a route (link ids in order from endpoint {@code from}) into the switch hops of the
     * direction from {@code from} to the route's other end.
     */
    public List<Hop> hops(String from, List<String> linkIds) {
        Map<String, SwitchLink> byId = linksById();
        Map<String, EndpointAttachment> eps = endpoints.stream()
                .collect(Collectors.toMap(EndpointAttachment::linkId, Function.identity()));
        List<PortRef> ports = new ArrayList<>(); // alternating: in-port, out-port of each switch
        String at = from;
        for (String id : linkIds) {
            EndpointAttachment ep = eps.get(id);
            if (ep != null) {
                ports.add(ep.port());
                at = at.equals(ep.name()) ? vertex(ep.port().dpid()) : ep.name();
                continue;
            }
            SwitchLink l = byId.get(id);
            if (l == null) {
                throw new IllegalArgumentException("unknown link " + id);
            }
            PortRef near = vertex(l.a().dpid()).equals(at) ? l.a() : l.b();
            PortRef far = near == l.a() ? l.b() : l.a();
            ports.add(near);
            ports.add(far);
            at = vertex(far.dpid());
        }
        List<Hop> hops = new ArrayList<>();
        for (int i = 0; i + 1 < ports.size(); i += 2) {
            PortRef in = ports.get(i);
            PortRef out = ports.get(i + 1);
            if (in.dpid() != out.dpid()) {
                throw new IllegalArgumentException("route " + linkIds + " is not contiguous at " + in);
            }
            hops.add(new Hop(in.dpid(), in.port(), out.port()));
        }
        return hops;
    }
}
