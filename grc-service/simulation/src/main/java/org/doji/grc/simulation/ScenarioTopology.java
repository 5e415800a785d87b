package org.doji.grc.simulation;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The grid of a scenario: network domains, each with its compute sites (cores) and exchange points; inside a
 * domain the sites form a complete graph of site paths, and every exchange point of the domain is joined to
 * every site by an exchange path. Prices are per core-hour and per Gbps-hour (as everywhere in Doji).
 */
public record ScenarioTopology(@DefaultValue("1.0") double corePricePerCoreHour, List<Domain> domains, PathClass sitePaths,
                               PathClass exchangePaths) {

    public ScenarioTopology {
        if (!(corePricePerCoreHour >= 0)) {
            throw new IllegalArgumentException("topology.core-price-per-core-hour must not be negative");
        }
        domains = Checks.nonEmpty(domains, "topology.domains");
        Checks.present(sitePaths, "topology.site-paths");
        Checks.present(exchangePaths, "topology.exchange-paths");
        Checks.unique(domains.stream().map(Domain::name).toList(), "topology.domains[].name");
    }

    /** A domain: its name (the sites are named NAME1, NAME2, ...), each site's cores, its exchange points. */
    public record Domain(String name, List<Integer> siteCores, List<String> exchangePoints) {
        public Domain {
            Checks.text(name, "topology.domains[].name");
            siteCores = Checks.positive(siteCores, "topology.domains[" + name + "].site-cores");
            exchangePoints = exchangePoints == null ? List.of() : List.copyOf(exchangePoints);
        }

        public List<String> sites() {
            List<String> out = new ArrayList<>();
            for (int i = 1; i <= siteCores.size(); i++) {
                out.add(name + i);
            }
            return out;
        }
    }

    /** Capacity and unit price of one class of paths. */
    public record PathClass(double gbps, double pricePerGbpsHour) {
        public PathClass {
            if (!(gbps > 0) || !(pricePerGbpsHour >= 0)) {
                throw new IllegalArgumentException("topology paths need gbps > 0 and price-per-gbps-hour >= 0");
            }
        }

        public long mbps() {
            return Math.round(gbps * 1000);
        }

        /** Doji's network prices are per Mbps-hour. */
        public double pricePerMbpsHour() {
            return pricePerGbpsHour / 1000;
        }
    }

    /** The names of every path, as the network RMs name their links: SITE--SITE and SITE--EXCHANGE. */
    public java.util.Set<String> linkIds() {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (Domain d : domains) {
            List<String> sites = d.sites();
            for (int a = 0; a < sites.size(); a++) {
                for (int b = a + 1; b < sites.size(); b++) {
                    out.add(sites.get(a) + "--" + sites.get(b));
                }
            }
            for (String x : d.exchangePoints()) {
                sites.forEach(s -> out.add(s + "--" + x));
            }
        }
        return out;
    }

    public int siteCount() {
        return domains.stream().mapToInt(d -> d.siteCores().size()).sum();
    }

    public int totalCores() {
        return domains.stream().flatMap(d -> d.siteCores().stream()).mapToInt(Integer::intValue).sum();
    }

    /** Site-site paths and site-exchange paths of every domain, each counted once, in Mbps. */
    public long totalPathMbps() {
        long total = 0;
        for (Domain d : domains) {
            int n = d.siteCores().size();
            total += (long) n * (n - 1) / 2 * sitePaths.mbps() + (long) n * d.exchangePoints().size() * exchangePaths.mbps();
        }
        return total;
    }
}
