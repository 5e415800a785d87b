package org.doji.grc.planner;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SiteVertex;
import org.doji.grc.planner.model.SlotCapacity;

/**
 * DESIGN §9: domains JN (4 sites), JS (3), US (3); X1 joins all three, X2 joins JN and JS.
 * Sites and exchange points of a domain form a complete graph; site–site paths 10 Gbps at 5,
 * paths touching an exchange point 20 Gbps at 3; core price 1.
 */
public final class ReferenceTopology {
    private ReferenceTopology() {
    }

    public static ResourceGraph graph() {
        Map<String, int[]> domains = new java.util.LinkedHashMap<>();
        domains.put("JN", new int[] {8, 16, 32, 64});
        domains.put("JS", new int[] {8, 16, 32});
        domains.put("US", new int[] {8, 16, 32});
        Map<String, List<String>> xps = Map.of("JN", List.of("X1", "X2"), "JS", List.of("X1", "X2"),
                "US", List.of("X1"));
        List<SiteVertex> sites = new ArrayList<>();
        List<PathEdge> paths = new ArrayList<>();
        for (Map.Entry<String, int[]> d : domains.entrySet()) {
            List<String> members = new ArrayList<>();
            int n = 1;
            for (int cores : d.getValue()) {
                String name = d.getKey() + n++;
                sites.add(new SiteVertex(name, "crm-" + name, cores, 1.0, Map.of("os", "linux")));
                members.add(name);
            }
            int siteCount = members.size();
            members.addAll(xps.get(d.getKey()));
            for (int a = 0; a < members.size(); a++) {
                for (int b = a + 1; b < members.size(); b++) {
                    boolean xp = a >= siteCount || b >= siteCount;
                    paths.add(new PathEdge(d.getKey() + ":" + members.get(a) + "-" + members.get(b), members.get(a),
                            members.get(b), "nrm-" + d.getKey(), xp ? 20_000 : 10_000, xp ? 3.0 : 5.0, xp ? 5.0 : 2.0));
                }
            }
        }
        return new ResourceGraph(sites, List.of("X1", "X2"), paths);
    }

    /** Everything free in slot {@code index}. */
    public static SlotCapacity allFree(ResourceGraph g, int index, Instant start) {
        Map<String, Integer> cores = new HashMap<>();
        g.sites().forEach(s -> cores.put(s.name(), s.totalCores()));
        Map<String, Long> bw = new HashMap<>();
        g.paths().forEach(p -> bw.put(p.id(), p.capacityMbps()));
        return new SlotCapacity(index, start, start.plusSeconds(3600), cores, bw, Map.of());
    }
}
