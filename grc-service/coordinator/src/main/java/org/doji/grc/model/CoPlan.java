package org.doji.grc.model;

import java.util.List;
import org.doji.rm.model.TimeWindow;

/** A candidate plan for one slot: where each requested site goes and which NRM paths carry each link. */
public record CoPlan(int slot, TimeWindow window, List<PlacedSite> sites, List<RoutedLink> links, double cost,
                     double quality) {

    public CoPlan {
        sites = List.copyOf(sites);
        links = List.copyOf(links);
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
