package org.doji.grc.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class GrcPropertiesTest {

    private static GrcProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("doji.grc", GrcProperties.class);
    }

    @Test
    void defaultsAsDocumented() {
        GrcProperties p = bind(Map.of());
        assertThat(p.slots()).isEqualTo(10);
        assertThat(p.maxPlans()).isEqualTo(5);
        assertThat(p.planningBatch()).isEqualTo(32);
        assertThat(p.workers()).isEqualTo(8);
        assertThat(p.planTimeout()).isEqualTo(java.time.Duration.ofSeconds(2));
        assertThat(p.stopGrace()).isEqualTo(java.time.Duration.ofSeconds(10));
        assertThat(p.rms()).isEmpty();
    }

    @Test
    void boundFromKebabCaseProperties() {
        GrcProperties p = bind(Map.of("doji.grc.planning-batch", "1", "doji.grc.workers", "16",
                "doji.grc.plan-timeout", "500ms", "doji.grc.rms[0].id", "crm1", "doji.grc.rms[0].url", "http://crm1:8081/services/rm"));
        assertThat(p.planningBatch()).isEqualTo(1);
        assertThat(p.workers()).isEqualTo(16);
        assertThat(p.planTimeout()).isEqualTo(java.time.Duration.ofMillis(500));
        assertThat(p.rms()).extracting(GrcProperties.Rm::id).containsExactly("crm1");
    }

    @Test
    void outOfRangeValuesAreRefusedWithThePropertyName() {
        for (var bad : Map.of("doji.grc.planning-batch", "0", "doji.grc.workers", "0", "doji.grc.slots", "1001",
                "doji.grc.max-plans", "0", "doji.grc.plan-timeout", "PT0S", "doji.grc.stop-grace", "-PT1S").entrySet()) {
            assertThatThrownBy(() -> bind(Map.of(bad.getKey(), bad.getValue()))).as(bad.getKey())
                    .isInstanceOf(BindException.class).rootCause().hasMessageContaining(bad.getKey());
        }
        assertThatThrownBy(() -> bind(Map.of("doji.grc.rms[0].id", "a", "doji.grc.rms[0].url", "http://x",
                "doji.grc.rms[1].id", "a", "doji.grc.rms[1].url", "http://y"))).rootCause().hasMessageContaining("listed twice");
    }

    private static AdminProperties admin(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("doji.grc.admin", AdminProperties.class);
    }

    @Test
    void theAdministratorsPoliciesAreBoundIntoThePlannersTerms() {
        assertThat(admin(Map.of()).policy()).isEqualTo(org.doji.grc.planner.model.AdminPolicy.NONE);
        AdminProperties a = admin(Map.of("doji.grc.admin.load-spread-weight", "0.5", "doji.grc.admin.preferences.EAST1", "0.8",
                "doji.grc.admin.preferences[nrm-east:EAST1--X]", "2", "doji.grc.admin.preferences.crm-west", "3"));
        var policy = a.policy();
        assertThat(policy.loadSpreadWeight()).isEqualTo(0.5);
        assertThat(policy.weightOf("EAST1", "crm-east")).isEqualTo(0.8);
        assertThat(policy.weightOf("nrm-east:EAST1--X", "nrm-east")).isEqualTo(2.0);
        assertThat(policy.weightOf("WEST1", "crm-west")).as("a site falls back to its RM's factor").isEqualTo(3.0);
        assertThat(policy.weightOf("NORTH1", "crm-north")).isEqualTo(1.0);
        assertThat(policy.shareOf("anyone")).as("service levels are per user, not here").isEqualTo(1.0);
    }

    @Test
    void badPoliciesAreRefusedWithThePropertyName() {
        for (var bad : Map.of("doji.grc.admin.load-spread-weight", "-1", "doji.grc.admin.preferences.EAST1", "0",
                "doji.grc.admin.preferences.WEST1", "-2", "doji.grc.admin.preferences.X", "NaN").entrySet()) {
            assertThatThrownBy(() -> admin(Map.of(bad.getKey(), bad.getValue()))).as(bad.getKey())
                    .isInstanceOf(BindException.class).rootCause()
                    .hasMessageContaining(bad.getKey().replace("[", ".").replace("]", ""));
        }
    }
}
