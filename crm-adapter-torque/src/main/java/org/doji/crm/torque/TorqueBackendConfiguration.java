package org.doji.crm.torque;

import java.time.Clock;
import org.doji.crm.batch.CommandRunner;
import org.doji.crm.batch.CommandRunnerConfiguration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Wires the TORQUE backend for rm-core's kernel configuration: commands run as processes from
 * {@code doji.torque.bin-dir}, and a scheduling pass runs every {@code doji.torque.pass-interval}. The
 * {@link Clock} is the kernel's (so tests and simulations drive both with one clock).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TorqueProperties.class)
@Import(CommandRunnerConfiguration.class)
public class TorqueBackendConfiguration {

    @Bean
    public TorqueBackend torqueBackend(TorqueProperties props, CommandRunner runner, Clock clock,
                                       @Value("${doji.rm.domain:}") String domain) {
        return new TorqueBackend(props, runner, clock, domain.isBlank() ? null : domain);
    }

    /** A lifecycle bean: it starts with the application and stops after the web server, letting its pass finish. */
    @Bean
    public TorqueSchedulerDriver torqueSchedulerDriver(TorqueBackend backend, TorqueProperties props) {
        return new TorqueSchedulerDriver(backend, props);
    }
}
