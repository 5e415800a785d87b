package org.doji.rm.model;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Static description of an RM (the describe operation): sites, abstract topology, countables, prices. */
public record ResourceInventory(
        String rmId,
        RmKind kind,
        String domain,
        String backend,
        List<Site> sites,
        List<Endpoint> endpoints,
        List<Path> paths,
        List<Countable> countables,
        Duration holdTimeout) {

    public ResourceInventory {
        sites = List.copyOf(sites);
        endpoints = List.copyOf(endpoints);
        paths = List.copyOf(paths);
        countables = List.copyOf(countables);
    }

    public record Site(String name, int totalCores, int nodes, double unitPrice, Map<String, String> attributes) {
        public Site {
            attributes = Map.copyOf(attributes);
        }
    }

    /**
     * @param group the endpoint's edge group (the endpoints hanging off one edge switch), an opaque label unique
     *              within the RM; null when the endpoint is not attached to a single switch
     */
    public record Endpoint(String name, boolean exchangePoint, String group) {
        public Endpoint(String name, boolean exchangePoint) {
            this(name, exchangePoint, null);
        }
    }

    /** An edge of the abstract graph; both directions share its capacity. */
    public record Path(String from, String to, long capacityMbps, double unitPrice, Double latencyMs) {
    }

    public record Countable(String name, long total, double unitPrice) {
    }
}
