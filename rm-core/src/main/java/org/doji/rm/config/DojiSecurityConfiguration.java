package org.doji.rm.config;

import org.doji.rm.security.OperatorAccess;
import org.doji.rm.security.SecurityProperties;
import org.doji.rm.security.UserStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * The user store of any Doji service ({@code doji.security.users}), for the RM port here and for the GRC's
 * ports: security is on exactly when at least one user is configured; otherwise calls are anonymous and this
 * says so once at start.
 */
@AutoConfiguration
@EnableConfigurationProperties(SecurityProperties.class)
public class DojiSecurityConfiguration {

    private static final Logger log = LoggerFactory.getLogger(DojiSecurityConfiguration.class);

    @Bean
    @ConditionalOnMissingBean
    public UserStore dojiUserStore(SecurityProperties properties) {
        UserStore store = new UserStore(properties);
        if (store.enabled()) {
            log.info("WS-Security on: {} configured users", properties.users().size());
        } else {
            log.warn("No doji.security.users configured: SOAP calls are NOT authenticated (anonymous callers). "
                    + "Configure users (and server.ssl.*) for any deployment beyond a local demo.");
        }
        return store;
    }

    /** The actuator's pages but health (metrics, info) for operators only when security is on. */
    @Bean
    public FilterRegistrationBean<OperatorAccess> dojiActuatorAccess(UserStore users) {
        FilterRegistrationBean<OperatorAccess> bean = new FilterRegistrationBean<>(new OperatorAccess(users, "Doji operator"));
        bean.addUrlPatterns("/actuator", "/actuator/*");
        return bean;
    }
}
