package org.doji.grc.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.Policy;
import org.doji.grc.planner.model.RequestedLink;
import org.doji.grc.planner.model.RequestedSite;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SlotCapacity;
import org.junit.jupiter.api.Test;

/**
 * One price model: unit prices are per core-hour and per Mbps-hour, so a plan's cost is the hourly rate times
 * the slot's hours (as every RM's allocation cost is): 2 h cost twice 1 h, 4 h four times.
 */
class PlanCostTest {

    private static final ResourceGraph G = ReferenceTopology.graph();
    private static final Instant T0 = Instant.parse("2026-03-01T13:00:00Z");

    private static double cost(long hours) {
        SlotCapacity free = ReferenceTopology.allFree(G, 0, T0.plusSeconds(3600 * hours));
        SlotCapacity slot = new SlotCapacity(0, T0, T0.plusSeconds(3600 * hours), free.freeCores(), free.freeBandwidthMbps(),
                Map.of());
        PlanningRequest request = new PlanningRequest(List.of(new RequestedSite("a", 8), new RequestedSite("b", 8)),
                List.of(new RequestedLink("a", "b", 1000)), Map.of(), Policy.CHEAPEST);
        return new Planner(EngineRegistry.withDefaults(), PlannerSettings.defaults(), Runnable::run).plan(G, request, List.of(slot))
                .ranked().get(0).cost();
    }

    @Test
    void costIsTheHourlyRateTimesTheHours() {
        // 16 cores at 1 per core-hour + 1000 Mbps on one intra-domain path at 5 per Mbps-hour = 5016 per hour
        assertThat(cost(1)).isEqualTo(5016.0, offset(1e-9));
        assertThat(cost(2)).isEqualTo(2 * 5016.0, offset(1e-9));
        assertThat(cost(4)).isEqualTo(4 * 5016.0, offset(1e-9));
    }
}
