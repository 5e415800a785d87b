package org.doji.grc.config;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * On PostgreSQL, every pooled session of the GRC ends a transaction left idle for two leases
 * ({@code idle_in_transaction_session_timeout}). A replica frozen inside a transaction (a long pause, a stopped VM)
 * otherwise keeps its row locks until it wakes, and the replicas that take its work over wait on them: its lease runs
 * out, but nobody can remove its claims. Its writes would be refused by fencing anyway, so the server may as well end
 * the transaction. The GRC's own transactions never wait on anything but the database. An operator's own
 * {@code spring.datasource.hikari.connection-init-sql} is left as it is.
 */
final class IdleTransactionTimeout implements BeanPostProcessor {

    private static final Logger log = LoggerFactory.getLogger(IdleTransactionTimeout.class);

    private final Duration timeout;

    /** PostgreSQL's largest value of the setting (milliseconds in an int). */
    private static final Duration LONGEST = Duration.ofMillis(Integer.MAX_VALUE);

    IdleTransactionTimeout(Duration lease) {
        Duration twoLeases = lease.multipliedBy(2);
        this.timeout = twoLeases.compareTo(LONGEST) > 0 ? LONGEST : twoLeases;
    }

    /** The statement each new session runs first. */
    String initSql() {
        return "SET idle_in_transaction_session_timeout = " + timeout.toMillis();
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof HikariDataSource pool && pool.getJdbcUrl() != null && pool.getJdbcUrl().startsWith("jdbc:h2:")
                && !GrcReplicaConfiguration.embeddedH2(pool.getJdbcUrl()) && pool.getExceptionOverrideClassName() == null) {
            // the replicas end each other's idle transactions here (H2IdleTransactions): drop what they ended
            pool.setExceptionOverrideClassName(H2EndedSessions.class.getName());
        }
        if (bean instanceof HikariDataSource pool && isPostgres(pool.getJdbcUrl())) {
            if (pool.getConnectionInitSql() == null || pool.getConnectionInitSql().isBlank()) {
                pool.setConnectionInitSql(initSql());
                log.info("PostgreSQL sessions end a transaction idle for {} ms (two leases)", timeout.toMillis());
            } else {
                log.info("PostgreSQL sessions run the configured connection-init-sql; set"
                        + " idle_in_transaction_session_timeout there or for the GRC's role (a frozen replica holds its"
                        + " row locks until then)");
            }
        }
        return bean;
    }

    static boolean isPostgres(String jdbcUrl) {
        return jdbcUrl != null && jdbcUrl.startsWith("jdbc:postgresql:");
    }
}
