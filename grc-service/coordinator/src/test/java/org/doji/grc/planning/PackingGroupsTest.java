package org.doji.grc.planning;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.junit.jupiter.api.Test;

/** Which edge groups the GRC's planner packs a request's sites into: only with fat-tree, from network RMs that answered. */
class PackingGroupsTest {

    private static final Instant T = Instant.parse("2030-01-01T00:00:00Z");

    private static CoRequest request(String pathPolicy) {
        return new CoRequest(List.of(new CoRequest.Site("s1", 4, Set.of(), List.of(), Map.of())), List.of(), List.of(),
                new CoRequest.Time(T, T, Duration.ofHours(1), true), Policy.CHEAPEST, List.of(), null, null, pathPolicy);
    }

    private static ResourceInventory rm(String id, RmKind kind, String site, String group) {
        return new ResourceInventory(id, kind, "D", "simulated", List.of(),
                List.of(new ResourceInventory.Endpoint(site, false, group)), List.of(), List.of(), Duration.ofMinutes(2));
    }

    @Test
    void onlyWithFatTreeAndOnlyFromNetworkRmsAndChildGrcsThatAnswered() {
        Map<String, ResourceInventory> d = Map.of(
                "nrm-a", rm("nrm-a", RmKind.NETWORK, "A1", "edge-1"),
                "nrm-b", rm("nrm-b", RmKind.NETWORK, "B1", "edge-1"),
                "grc-c", rm("grc-c", RmKind.COORDINATOR, "C1", "nrm-c/edge-2"),
                "nrm-silent", rm("nrm-silent", RmKind.NETWORK, "S1", "edge-1"),
                "nrm-flat", rm("nrm-flat", RmKind.NETWORK, "F1", null));
        Set<String> answered = Set.of("nrm-a", "nrm-b", "grc-c", "nrm-flat");
        assertThat(IntegerProgramPlanner.packingGroups(request("fat-tree"), d, answered))
                .isEqualTo(Map.of("A1", "nrm-a/edge-1", "B1", "nrm-b/edge-1", "C1", "grc-c/nrm-c/edge-2"));
        assertThat(IntegerProgramPlanner.packingGroups(request("hop"), d, answered)).isEmpty();
        assertThat(IntegerProgramPlanner.packingGroups(request(null), d, answered)).isEmpty();
    }
}
