package org.doji.grc.planner.lp;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.planner.Instance;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.Policy;
import org.doji.grc.planner.model.RequestedLink;
import org.doji.grc.planner.model.RequestedSite;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SiteVertex;
import org.doji.grc.planner.model.SlotCapacity;

/** The instance behind {@code src/test/resources/planner/two-sites.lp}: o pinned to B, p to A, via X or direct. */
public final class LpGolden {
    private LpGolden() {
    }

    public static Instance twoSites() {
        ResourceGraph g = new ResourceGraph(List.of(new SiteVertex("A", "a", 8, 1), new SiteVertex("B", "b", 8, 2)),
                List.of("X"), List.of(new PathEdge("AB", "A", "B", "n", 1000, 3, 4.0),
                        new PathEdge("AX", "A", "X", "n", 1000, 1, 1.0), new PathEdge("XB", "X", "B", "n", 1000, 1, 1.0)));
        PlanningRequest r = new PlanningRequest(List.of(new RequestedSite("o", 2, Set.of("B"), List.of()),
                new RequestedSite("p", 4)), List.of(new RequestedLink("o", "p", 100, 3.0)), Map.of("Lic", 1L),
                Policy.CHEAPEST);
        Instant t = Instant.parse("2026-03-01T00:00:00Z");
        SlotCapacity slot = new SlotCapacity(0, t, t.plusSeconds(3600), Map.of("A", 8, "B", 8),
                Map.of("AB", 1000L, "AX", 1000L, "XB", 1000L), Map.of("Lic", 2L));
        return new Instance("two-sites", g, r, slot, AdminPolicy.NONE, 1);
    }
}
