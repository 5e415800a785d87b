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
 * @param optimality PROVEN when optimal for its slot, INCUMBENT when the slot's planning time limit ran out first
 */
public record CandidatePlan(int slotIndex, Instant start, Instant end, Map<String, String> placement,
                            List<RoutedLink> routes, double cost, double quality, Optimality optimality) {
    public CandidatePlan {
        placement = Map.copyOf(placement);
        routes = List.copyOf(routes);
        optimality = optimality == null ? Optimality.PROVEN : optimality;
    }

    /** A proven-optimal plan. */
    public CandidatePlan(int slotIndex, Instant start, Instant end, Map<String, String> placement,
                         List<RoutedLink> routes, double cost, double quality) {
        this(slotIndex, start, end, placement, routes, cost, quality, Optimality.PROVEN);
    }
}
