package org.doji.grc.planner.model;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Static resource graph G = (V, E): compute sites and exchange points joined by NRM paths. */
public record ResourceGraph(List<SiteVertex> sites, List<String> exchangePoints, List<PathEdge> paths) {
    public ResourceGraph {
        Checks.noNulls(sites, "sites");
        exchangePoints = exchangePoints == null ? List.of() : exchangePoints;
        paths = paths == null ? List.of() : paths;
        Checks.noNulls(exchangePoints, "exchangePoints");
        Checks.noNulls(paths, "paths");
        sites = List.copyOf(sites);
        exchangePoints = List.copyOf(exchangePoints);
        paths = List.copyOf(paths);
        Set<String> vertices = new HashSet<>();
        for (SiteVertex s : sites) {
            if (!vertices.add(s.name())) {
                throw new IllegalArgumentException("duplicate vertex " + s.name());
            }
        }
        for (String x : exchangePoints) {
            if (!vertices.add(Checks.name(x, "exchange point"))) {
                throw new IllegalArgumentException("duplicate vertex " + x);
            }
        }
        Set<String> ids = new HashSet<>();
        for (PathEdge p : paths) {
            if (!ids.add(p.id())) {
                throw new IllegalArgumentException("duplicate path id " + p.id());
            }
            if (!vertices.contains(p.from()) || !vertices.contains(p.to())) {
                throw new IllegalArgumentException("path " + p.id() + " joins unknown vertex " + p.from() + "/" + p.to());
            }
        }
    }
}
