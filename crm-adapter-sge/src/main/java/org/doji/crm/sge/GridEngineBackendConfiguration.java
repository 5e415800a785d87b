package org.doji.crm.sge;

import java.time.Clock;
import org.doji.crm.sge.backend.GridEngineBackend;
import org.doji.crm.sge.backend.GridEngineBackendFactory;
import org.doji.crm.sge.config.GridEngineProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The Grid Engine backend as a Spring bean, configured by {@code doji.sge.*}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(GridEngineProperties.class)
public class GridEngineBackendConfiguration {

    @Bean
    public GridEngineBackend gridEngineBackend(GridEngineProperties props, ObjectProvider<Clock> clock) {
        return GridEngineBackendFactory.create(props, clock.getIfAvailable(Clock::systemUTC));
    }
}
