package org.doji.rm.spi;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.doji.rm.model.RmKind;

/**
 * Physical inventory of one RM. Compute RMs list sites with nodes; network RMs list endpoints (sites
 * and exchange points of the domain) and internal links between endpoints and switches. Abstract paths
 * exported to coordinators are derived from the links by the kernel; the links themselves stay private.
 */
public record BackendInventory(
        RmKind kind,
        String domain,
        List<ComputeSite> sites,
        List<NetEndpoint> endpoints,
        List<NetLink> links,
        List<CountableResource> countables,
        List<CapacityChange> capacityChanges) {

    public BackendInventory {
        Objects.requireNonNull(kind, "kind");
        sites = List.copyOf(sites);
        endpoints = List.copyOf(endpoints);
        links = List.copyOf(links);
        countables = List.copyOf(countables);
        capacityChanges = List.copyOf(capacityChanges);
    }

    public record ComputeSite(String name, double unitPrice, Map<String, String> attributes, List<Node> nodes) {
        public ComputeSite {
            attributes = Map.copyOf(attributes);
            nodes = List.copyOf(nodes);
        }

        public int totalCores() {
            return nodes.stream().mapToInt(Node::cores).sum();
        }
    }

    /** A compute node; reservations take whole nodes (as a queue's host list does). */
    public record Node(String name, int cores) {
    }

    public record NetEndpoint(String name, boolean exchangePoint) {
    }

    /** An internal link between two vertices (endpoints or switches); both directions share the capacity. */
    public record NetLink(String id, String a, String b, long capacityMbps, double unitPrice, Double latencyMs) {
        public String other(String vertex) {
            return vertex.equals(a) ? b : a;
        }
    }

    public record CountableResource(String name, long total, double unitPrice) {
    }

    /** Planned capacity change (maintenance): {@code resourceId} (node name, link id or countable) loses
     *  {@code reduction} units over [from, to). A node with any reduction is unavailable then. */
    public record CapacityChange(String resourceId, Instant from, Instant to, long reduction) {
    }
}
