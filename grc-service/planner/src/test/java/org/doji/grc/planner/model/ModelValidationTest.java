package org.doji.grc.planner.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.doji.common.Requirement;
import org.junit.jupiter.api.Test;

class ModelValidationTest {
    private static final SiteVertex A = new SiteVertex("A", "crmA", 8, 1);

    @Test
    void graphRejectsDanglingAndDuplicateElements() {
        assertThatThrownBy(() -> new ResourceGraph(List.of(A), List.of(), List.of(new PathEdge("p", "A", "Z", "n", 1, 1, null))))
                .hasMessageContaining("unknown vertex");
        assertThatThrownBy(() -> new ResourceGraph(List.of(A, A), List.of(), List.of()))
                .hasMessageContaining("duplicate vertex A");
        assertThatThrownBy(() -> new ResourceGraph(List.of(A), List.of("A"), List.of()))
                .hasMessageContaining("duplicate vertex A");
        assertThatThrownBy(() -> new PathEdge("p", "A", "A", "n", 1, 1, null)).hasMessageContaining("loop");
        assertThatThrownBy(() -> new PathEdge("p", "A", "B", "n", 1, -1, null)).hasMessageContaining("unitPrice");
    }

    @Test
    void requestRejectsUnknownSitesAndBadNumbers() {
        assertThatThrownBy(() -> new PlanningRequest(List.of(new RequestedSite("a", 1)),
                List.of(new RequestedLink("a", "b", 1)), Map.of(), Policy.CHEAPEST)).hasMessageContaining("unknown requested site");
        assertThatThrownBy(() -> new PlanningRequest(List.of(), List.of(), Map.of(), Policy.CHEAPEST))
                .hasMessageContaining("at least one site");
        assertThatThrownBy(() -> new RequestedSite("a", 0)).hasMessageContaining("cores > 0");
        assertThatThrownBy(() -> new RequestedLink("a", "a", 1)).hasMessageContaining("to itself");
        assertThatThrownBy(() -> new Requirement("mem", "lots", true)).hasMessageContaining("must be a decimal number");
        assertThat(new PlanningRequest(List.of(new RequestedSite("a", 1)), null, null, null).policy())
                .isEqualTo(Policy.CHEAPEST);
    }

    @Test
    void requirementsMatchByEqualityOrAtLeast() {
        Map<String, String> attrs = Map.of("os", "linux", "memoryGb", "64");
        assertThat(Requirement.equalTo("os", "linux").matches(attrs)).isTrue();
        assertThat(Requirement.equalTo("os", "bsd").matches(attrs)).isFalse();
        assertThat(Requirement.atLeast("memoryGb", 64).matches(attrs)).isTrue();
        assertThat(Requirement.atLeast("memoryGb", 65).matches(attrs)).isFalse();
        assertThat(Requirement.equalTo("arch", "x86").matches(attrs)).isFalse();
    }

    @Test
    void slotAndAdminPolicyAreValidated() {
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        assertThatThrownBy(() -> new SlotCapacity(0, t, t, Map.of(), Map.of(), Map.of())).hasMessageContaining("start < end");
        assertThatThrownBy(() -> new AdminPolicy(0, Map.of(), Map.of("B", 1.5), 1)).hasMessageContaining("[0, 1]");
        AdminPolicy admin = new AdminPolicy(0, Map.of("crmA", 0.5, "A", 0.25), Map.of("B", 0.5), 1);
        assertThat(admin.shareOf("B")).isEqualTo(0.5);
        assertThat(admin.shareOf("A")).isEqualTo(1.0);
        assertThat(admin.weightOf("A", "crmA")).isEqualTo(0.25);
        assertThat(admin.weightOf("A2", "crmA")).isEqualTo(0.5);
        assertThat(admin.weightOf("Z", "crmZ")).isEqualTo(1.0);
        assertThatThrownBy(() -> new PlannerSettings(0, null, null)).hasMessageContaining("slots");
        assertThat(PlannerSettings.defaults().slots()).isEqualTo(10);
        assertThat(PlannerSettings.defaults().engine()).isEqualTo("fast");
    }
}
