package org.doji.grc.fault;

import org.doji.grc.coallocation.CoordinationListener;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Registers the crash-point listener only when {@code doji.grc.fault.halt-at} is set; without it nothing
 * of this package is active. Picked up by the GRC application's component scan.
 */
@Configuration
@EnableConfigurationProperties(FaultProperties.class)
public class FaultInjectionConfiguration {

    @Bean
    @ConditionalOnProperty(prefix = "doji.grc.fault", name = "halt-at")
    public CoordinationListener grcHaltingListener(FaultProperties props) {
        CrashPoint point = props.crashPoint();
        if (point == null) {
            throw new IllegalArgumentException("doji.grc.fault.halt-at is empty; remove it to turn fault injection off");
        }
        return new HaltingListener(point, props.attempt(), props.exitStatus(), status -> Runtime.getRuntime().halt(status));
    }
}
