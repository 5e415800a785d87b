package org.doji.grc.planner.model;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A co-allocation request as the planner sees it: requested sites, links, countables, policy.
 *
 * @param packingGroups site → its edge group, when the request asks for the fat-tree path policy: among plans of
 *                      equal cost, the sites go to the group whose free sites fit the request most tightly (DESIGN
 *                      §8; PLANNER.md). Empty: no packing.
 */
public record PlanningRequest(List<RequestedSite> sites, List<RequestedLink> links, Map<String, Long> countables,
                              Policy policy, Map<String, String> packingGroups) {
    public PlanningRequest(List<RequestedSite> sites, List<RequestedLink> links, Map<String, Long> countables,
                           Policy policy) {
        this(sites, links, countables, policy, Map.of());
    }

    public PlanningRequest {
        packingGroups = packingGroups == null ? Map.of() : Map.copyOf(packingGroups);
        Checks.noNulls(sites, "requested sites");
        if (sites.isEmpty()) {
            throw new IllegalArgumentException("a request needs at least one site");
        }
        links = links == null ? List.of() : links;
        Checks.noNulls(links, "requested links");
        countables = countables == null ? Map.of() : Map.copyOf(countables);
        countables.forEach((k, v) -> Checks.nonNegative(v, "countable " + k));
        sites = List.copyOf(sites);
        links = List.copyOf(links);
        policy = policy == null ? Policy.CHEAPEST : policy;
        Set<String> ids = new HashSet<>();
        for (RequestedSite s : sites) {
            if (!ids.add(s.id())) {
                throw new IllegalArgumentException("duplicate requested site " + s.id());
            }
        }
        for (RequestedLink l : links) {
            if (!ids.contains(l.from()) || !ids.contains(l.to())) {
                throw new IllegalArgumentException("link " + l.from() + "-" + l.to() + " names an unknown requested site");
            }
        }
    }
}
