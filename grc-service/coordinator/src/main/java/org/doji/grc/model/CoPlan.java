package org.doji.grc.model;

import java.util.List;
import org.doji.rm.model.TimeWindow;

/**
 * A candidate plan for one slot: where each requested site goes, which NRM paths carry each link, and which RM's
 * pool provides each countable resource.
 */
public record CoPlan(int slot, TimeWindow window, List<PlacedSite> sites, List<RoutedLink> links,
                     List<PlacedCountable> countables, double cost, double quality) {

    public CoPlan {
        sites = List.copyOf(sites);
        links = List.copyOf(links);
        countables = List.copyOf(countables == null ? List.of() : countables);
    }

    public CoPlan(int slot, TimeWindow window, List<PlacedSite> sites, List<RoutedLink> links, double cost,
                  double quality) {
        this(slot, window, sites, links, List.of(), cost, quality);
    }

    /** A countable resource of the request (e.g. licences), taken from the pool of one RM. */
    public record PlacedCountable(String name, long amount, String rmId) {
    }

    public record PlacedSite(String requestSite, String site, String rmId, int cores) {
    }

    /** A requested link routed over one or more NRM paths (hops across exchange points). */
    public record RoutedLink(String requestFrom, String requestTo, long bandwidthMbps, List<Hop> hops) {
        public RoutedLink {
            hops = List.copyOf(hops);
        }
    }

    public record Hop(String rmId, String from, String to) {
    }
}
