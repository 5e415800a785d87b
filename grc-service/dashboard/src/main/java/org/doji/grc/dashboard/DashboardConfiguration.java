package org.doji.grc.dashboard;

import java.time.Clock;
import org.doji.grc.config.GrcProperties;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.store.CoAllocationStore;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The dashboard's read side: the query over the GRC's store and registry. RM health and descriptions come
 * from the registry's own periodic probe ({@code doji.grc.health-interval}).
 */
@Configuration
@ConditionalOnProperty(name = "doji.dashboard.enabled", matchIfMissing = true)
@EnableConfigurationProperties(DashboardProperties.class)
public class DashboardConfiguration {

    @Bean
    public DashboardQuery dashboardQuery(GrcProperties grc, CoAllocationStore store, DashboardRecords records,
                                         RmRegistry registry, Clock clock, DashboardProperties props) {
        return new DashboardQuery(grc.id(), store, records, registry, clock, props);
    }
}
