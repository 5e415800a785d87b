package org.doji.rm.config;

import java.time.Clock;
import org.doji.rm.security.OperatorAccess;
import org.doji.rm.security.SecurityProperties;
import org.doji.rm.security.UserStore;
import org.doji.rm.soap.security.UsernameTokenVerifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
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

    /**
     * The one UsernameToken check (and nonce cache) of this service, shared by all its SOAP ports, on the
     * service's clock ({@code dojiClock} / {@code grcClock}; the system clock where there is none).
     */
    @Bean
    @ConditionalOnMissingBean
    public UsernameTokenVerifier dojiUsernameTokenVerifier(UserStore users, SecurityProperties properties,
                                                           ObjectProvider<Clock> clock,
                                                           ObjectProvider<javax.sql.DataSource> dataSource,
                                                           org.springframework.core.env.Environment env) {
        SecurityProperties.TokenPolicy policy = properties.usernameToken();
        if (users.enabled()) {
            log.info("UsernameTokens: Created within {} (clock skew {}), Nonce and Created {}, PasswordDigest {}, "
                    + "nonce cache of {}", policy.maxAge(), policy.clockSkew(),
                    policy.requireNonceAndCreated() ? "required" : "optional (no replay protection without them)",
                    policy.passwordDigest() ? "accepted" : "refused", policy.nonceCacheSize());
        }
        Clock time = clock.getIfAvailable(Clock::systemUTC);
        UsernameTokenVerifier verifier = new UsernameTokenVerifier(users, policy, time);
        javax.sql.DataSource db = dataSource.getIfAvailable();
        if (users.enabled() && db != null) {
            // the schema's own table (rm_seen_nonce, grc_seen_nonce), made by its migrations
            String table = env.getProperty("doji.schema", "grc") + "_seen_nonce";
            log.info("accepted UsernameTokens are remembered in {} as well: refused again at every replica sharing the"
                    + " database and after a restart", table);
            verifier = verifier.sharing(new org.doji.rm.soap.security.SeenNonceTable(db, table, time));
        }
        return verifier;
    }
}
