package org.doji.grc.demo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A grid of simulated RMs to start in one process: each RM is its {@code doji.rm.*} properties. Used by
 * the demo and by end-to-end tests.
 */
public record GridTopology(List<RmDef> rms) {

    public GridTopology {
        rms = List.copyOf(rms);
    }

    public record RmDef(String id, Map<String, String> properties) {
        public RmDef {
            properties = Map.copyOf(properties);
        }
    }

    /** Builds RM definitions fluently. */
    public static final class Builder {
        private final List<RmDef> rms = new ArrayList<>();

        /** A compute RM managing one site of {@code nodes} nodes with {@code coresPerNode} cores each. */
        public Builder crm(String id, String site, String domain, int nodes, int coresPerNode, double price,
                           Map<String, String> attributes) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("doji.rm.kind", "COMPUTE");
            p.put("doji.rm.domain", domain);
            p.put("doji.rm.simulated.sites[0].name", site);
            p.put("doji.rm.simulated.sites[0].nodes", Integer.toString(nodes));
            p.put("doji.rm.simulated.sites[0].cores-per-node", Integer.toString(coresPerNode));
            p.put("doji.rm.simulated.sites[0].unit-price", Double.toString(price));
            attributes.forEach((k, v) -> p.put("doji.rm.simulated.sites[0].attributes." + k, v));
            rms.add(new RmDef(id, p));
            return this;
        }

        /** Gives the RM {@code id} (defined before) a pool of {@code total} units of a countable resource (licences). */
        public Builder countable(String id, String name, long total, double price) {
            for (int i = 0; i < rms.size(); i++) {
                RmDef rm = rms.get(i);
                if (rm.id().equals(id)) {
                    Map<String, String> p = new LinkedHashMap<>(rm.properties());
                    int n = (int) p.keySet().stream().filter(k -> k.matches("doji\\.rm\\.simulated\\.countables\\[\\d+]\\.name"))
                            .count();
                    String prefix = "doji.rm.simulated.countables[" + n + "].";
                    p.put(prefix + "name", name);
                    p.put(prefix + "total", Long.toString(total));
                    p.put(prefix + "unit-price", Double.toString(price));
                    rms.set(i, new RmDef(id, p));
                    return this;
                }
            }
            throw new IllegalArgumentException("no RM " + id + " defined before its countable " + name);
        }

        /**
         * A network RM for one domain: its endpoints form a complete graph of direct paths; paths to exchange
         * points use the exchange capacity and price.
         */
        public Builder nrm(String id, String domain, List<String> sites, List<String> exchangePoints,
                           long siteMbps, double sitePrice, long exchangeMbps, double exchangePrice) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("doji.rm.kind", "NETWORK");
            p.put("doji.rm.domain", domain);
            List<String> endpoints = new ArrayList<>(sites);
            endpoints.addAll(exchangePoints);
            for (int i = 0; i < endpoints.size(); i++) {
                p.put("doji.rm.simulated.endpoints[" + i + "].name", endpoints.get(i));
                p.put("doji.rm.simulated.endpoints[" + i + "].exchange-point", Boolean.toString(i >= sites.size()));
            }
            int link = 0;
            for (int i = 0; i < endpoints.size(); i++) {
                for (int j = i + 1; j < endpoints.size(); j++) {
                    boolean exchange = i >= sites.size() || j >= sites.size();
                    if (i >= sites.size() && j >= sites.size()) {
                        continue; // exchange points are joined through the domains, not directly
                    }
                    String prefix = "doji.rm.simulated.links[" + link++ + "].";
                    p.put(prefix + "a", endpoints.get(i));
                    p.put(prefix + "b", endpoints.get(j));
                    p.put(prefix + "capacity-mbps", Long.toString(exchange ? exchangeMbps : siteMbps));
                    p.put(prefix + "unit-price", Double.toString(exchange ? exchangePrice : sitePrice));
                }
            }
            rms.add(new RmDef(id, p));
            return this;
        }

        public GridTopology build() {
            return new GridTopology(rms);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The demo grid: two domains (EAST, WEST) joined at exchange point X1, four compute sites, one NRM per
     * domain. Prices follow the reference evaluation (cores 1; paths 0.005 per Mbps inside a domain,
     * 0.003 to exchange points).
     */
    public static GridTopology demo() {
        return builder()
                .crm("crm-east1", "EAST1", "EAST", 2, 4, 1.0, Map.of("os", "linux", "arch", "x86_64"))
                .crm("crm-east2", "EAST2", "EAST", 4, 4, 1.0, Map.of("os", "linux", "arch", "x86_64"))
                .crm("crm-west1", "WEST1", "WEST", 2, 4, 1.0, Map.of("os", "linux", "arch", "aarch64"))
                .crm("crm-west2", "WEST2", "WEST", 8, 4, 1.0, Map.of("os", "linux", "arch", "x86_64"))
                .nrm("nrm-east", "EAST", List.of("EAST1", "EAST2"), List.of("X1"), 10_000, 0.005, 20_000, 0.003)
                .nrm("nrm-west", "WEST", List.of("WEST1", "WEST2"), List.of("X1"), 10_000, 0.005, 20_000, 0.003)
                .build();
    }
}
