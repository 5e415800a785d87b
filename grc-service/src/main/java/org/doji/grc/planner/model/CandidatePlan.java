package org.doji.grc.planner.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One feasible plan for one slot.
 *
 * @param placement requested site id → resource site name
 * @param cost      money: (Σ core price·cores + Σ path price·bandwidth over every hop) × hours of the slot; prices
 *                  are per core-hour and per Mbps-hour (admin terms excluded)
 * @param quality   quality score in (0, 1], higher is better (see PLANNER.md)
 */
public record CandidatePlan(int slotIndex, Instant start, Instant end, Map<String, String> placement,
                            List<RoutedLink> routes, double cost, double quality) {
    public CandidatePlan {
        placement = Map.copyOf(placement);
        routes = List.copyOf(routes);
    }
}
