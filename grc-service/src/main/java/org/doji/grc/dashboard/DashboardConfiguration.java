package org.doji.grc.dashboard;

import java.time.Clock;
import org.doji.grc.config.GrcProperties;
import org.doji.grc.core.CoAllocationStore;
import org.doji.grc.core.RmRegistry;
import org.doji.rm.api.Caller;
import org.doji.rm.util.PeriodicTask;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The dashboard's read side: the query over the GRC's store and registry, and the periodic RM health probe. */
@Configuration
@ConditionalOnProperty(name = "doji.dashboard.enabled", matchIfMissing = true)
@EnableConfigurationProperties(DashboardProperties.class)
public class DashboardConfiguration {

    @Bean
    public RmHealthProbe dashboardHealthProbe(RmRegistry registry, GrcProperties grc, Clock clock) {
        return new RmHealthProbe(registry, Caller.coordinator(grc.id()), clock);
    }

    @Bean
    public PeriodicTask dashboardProbeTask(RmHealthProbe probe, DashboardProperties props) {
        return new PeriodicTask("doji-dashboard-probe", props.probeInterval(), probe::probeAll);
    }

    @Bean
    public DashboardQuery dashboardQuery(GrcProperties grc, CoAllocationStore store, DashboardRecords records,
                                         RmRegistry registry, RmHealthProbe probe, Clock clock, DashboardProperties props) {
        return new DashboardQuery(grc.id(), store, records, registry, probe, clock, props);
    }
}
