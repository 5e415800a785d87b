package org.doji.crm.batch;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The adapter's {@link CommandRunner}: commands run as processes from the adapter's {@link CommandSettings}.
 * Another CommandRunner bean (a test's or a benchmark's) takes its place.
 */
@Configuration(proxyBeanMethods = false)
public class CommandRunnerConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public CommandRunner batchCommandRunner(CommandSettings settings) {
        return new ProcessCommandRunner(settings.binPath(), settings.commandTimeout());
    }
}
