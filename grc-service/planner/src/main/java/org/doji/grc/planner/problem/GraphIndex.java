package org.doji.grc.planner.problem;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SiteVertex;

/**
 * The slot-independent part of compiling a graph for one administrator policy: vertex and path indices and the
 * weighted unit prices. The planner builds it once per request and compiles every slot from it: at 1,000 sites
 * (6,600 paths) these lookups were a third of a slot's compile time. Immutable; its arrays are shared by the
 * slots' {@link SlotProblem}s, which never write them.
 */
public final class GraphIndex {
    final ResourceGraph graph;
    final AdminPolicy admin;
    final String[] vertexNames;
    final Map<String, Integer> vertexIndex;
    final String[] pathIds;
    final int[] pathU;
    final int[] pathV;
    final double[] pathLatency;
    /** site i: unit price × preference factor (B). */
    final double[] siteWeight;
    /** path k: unit price × preference factor (B), the CHEAPEST weight per Mbps. */
    final double[] pathWeight;
    /** path k: the QUALITY penalty per hop. */
    final double[] pathPenalty;

    private GraphIndex(ResourceGraph g, AdminPolicy admin) {
        this.graph = g;
        this.admin = admin;
        List<SiteVertex> sites = g.sites();
        int ns = sites.size();
        vertexNames = new String[ns + g.exchangePoints().size()];
        vertexIndex = new HashMap<>();
        siteWeight = new double[ns];
        for (int i = 0; i < ns; i++) {
            SiteVertex s = sites.get(i);
            vertexNames[i] = s.name();
            vertexIndex.put(s.name(), i);
            siteWeight[i] = s.unitPrice() * admin.weightOf(s.name(), s.rmId());
        }
        for (int x = 0; x < g.exchangePoints().size(); x++) {
            vertexNames[ns + x] = g.exchangePoints().get(x);
            vertexIndex.put(g.exchangePoints().get(x), ns + x);
        }
        List<PathEdge> paths = g.paths();
        int np = paths.size();
        pathIds = new String[np];
        pathU = new int[np];
        pathV = new int[np];
        pathLatency = new double[np];
        pathWeight = new double[np];
        pathPenalty = new double[np];
        for (int k = 0; k < np; k++) {
            PathEdge p = paths.get(k);
            pathIds[k] = p.id();
            pathU[k] = vertexIndex.get(p.from());
            pathV[k] = vertexIndex.get(p.to());
            pathLatency[k] = p.latencyMs() == null ? Double.NaN : p.latencyMs();
            pathWeight[k] = p.unitPrice() * admin.weightOf(p.id(), p.rmId());
            pathPenalty[k] = QualityScore.latencyPenalty(p);
        }
    }

    public static GraphIndex of(ResourceGraph g, AdminPolicy admin) {
        return new GraphIndex(g, admin);
    }

    public ResourceGraph graph() {
        return graph;
    }

    public AdminPolicy admin() {
        return admin;
    }
}
