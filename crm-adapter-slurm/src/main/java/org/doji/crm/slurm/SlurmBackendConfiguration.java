package org.doji.crm.slurm;

import java.time.Clock;
import org.doji.crm.batch.CommandRunner;
import org.doji.crm.batch.CommandRunnerConfiguration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Wires the Slurm backend for rm-core's kernel configuration: commands run as processes from
 * {@code doji.slurm.bin-dir}; the {@link Clock} is the kernel's.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SlurmProperties.class)
@Import(CommandRunnerConfiguration.class)
public class SlurmBackendConfiguration {

    @Bean
    public SlurmBackend slurmBackend(SlurmProperties props, CommandRunner runner, Clock clock,
                                     @Value("${doji.rm.domain:}") String domain) {
        return new SlurmBackend(props, runner, clock, domain.isBlank() ? null : domain);
    }
}
