package org.doji.crm.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code doji.slurm.*} binds with its defaults, and a wrong value is refused with the property's name. */
class SlurmPropertiesTest {

    private static SlurmProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("doji.slurm", SlurmProperties.class);
    }

    @Test
    void defaultsBind() {
        SlurmProperties p = bind(Map.of());
        assertThat(p).isEqualTo(SlurmProperties.defaults());
        assertThat(p.liveStateTtl()).isEqualTo(Duration.ofSeconds(5));
        assertThat(bind(Map.of("doji.slurm.bind-to", "ACCOUNTS", "doji.slurm.default-users", "a,b")).defaultUsers())
                .containsExactly("a", "b");
    }

    @Test
    void wrongValuesNameTheirProperty() {
        for (Map.Entry<String, String> bad : Map.of("doji.slurm.reservation-prefix", "doji res",
                "doji.slurm.command-timeout", "PT0S", "doji.slurm.live-state-ttl", "-PT1S", "doji.slurm.time-zone", "Mars/Base",
                "doji.slurm.flags", "ignore jobs", "doji.slurm.unit-price", "-1").entrySet()) {
            assertThatThrownBy(() -> bind(Map.of(bad.getKey(), bad.getValue()))).as(bad.getKey())
                    .isInstanceOf(BindException.class).rootCause().hasMessageContaining(bad.getKey());
        }
    }
}
