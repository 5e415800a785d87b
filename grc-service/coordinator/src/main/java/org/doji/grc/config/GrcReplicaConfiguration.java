package org.doji.grc.config;

import jakarta.persistence.EntityManager;
import java.time.Clock;
import org.doji.grc.coallocation.CoAllocationService;
import org.doji.grc.persistence.H2IdleTransactions;
import org.doji.grc.persistence.JpaClaims;
import org.doji.grc.tx.Claims;
import org.doji.grc.tx.ReplicaLocks;
import org.doji.rm.util.PeriodicTask;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The GRC as one of several active-active replicas on one database: its lease, its claims on the work it does, and
 * the takeover of a dead replica's co-allocations (see README, "Several GRC replicas"). One GRC alone runs the same
 * way: it is a replica without peers.
 */
@Configuration
@EnableConfigurationProperties(ReplicaProperties.class)
public class GrcReplicaConfiguration {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(GrcReplicaConfiguration.class);

    /**
     * This replica's claims; it joins (its lease begins, an earlier process's claims under its id are dropped). At the
     * stop, the releases not written yet are written (else they would wait for this id's next start or its lease).
     */
    @Bean(destroyMethod = "flushReleases")
    public JpaClaims grcClaims(ReplicaProperties replica, EntityManager em, PlatformTransactionManager tx, Clock clock) {
        JpaClaims claims = new JpaClaims(replica.id(), replica.lease(), em, tx, clock);
        claims.register();
        return claims;
    }

    /**
     * Locks of the GRC's work: in this JVM first, then the claim in the database (unless claims are local: an
     * embedded H2 database, which no other process can open, needs no more than this JVM's locks).
     */
    @Bean
    public ReplicaLocks grcReplicaLocks(JpaClaims claims, ReplicaProperties replica, javax.sql.DataSource dataSource,
                                        org.springframework.core.env.Environment env) {
        boolean shared = switch (replica.claims()) {
            case DATABASE -> true;
            case LOCAL -> false;
            case AUTO -> !embeddedH2(env.getProperty("spring.datasource.url", url(dataSource)));
        };
        log.info("replica {}: work is claimed {}", replica.id(), shared ? "in the database, across replicas"
                : "in this JVM only (" + replica.claims() + ": the database is this process's alone)");
        return new ReplicaLocks(shared ? claims : Claims.NONE, d -> Thread.sleep(d.toMillis()));
    }

    /**
     * Fencing: every read-write database transaction a thread commits while it holds claims checks, before the commit
     * and in the same transaction, that the claims are still this replica's with the epochs it claimed them with; a
     * replica that stood still past its lease and wakes has its writes refused (Spring Boot registers this listener
     * with the transaction manager).
     */
    @Bean
    public org.springframework.transaction.TransactionExecutionListener grcFencedWrites(
            org.springframework.beans.factory.ObjectProvider<ReplicaLocks> replicaLocks) {
        // looked up at the first commit: the locks' claims need the transaction manager this listener is part of
        return new org.springframework.transaction.TransactionExecutionListener() {
            @Override
            public void beforeCommit(org.springframework.transaction.TransactionExecution transaction) {
                if (!transaction.isNewTransaction() || transaction.isReadOnly()
                        || JpaClaims.TRANSACTION_NAME.equals(transaction.getTransactionName())) {
                    return;
                }
                ReplicaLocks locks = replicaLocks.getIfAvailable();
                java.util.List<String> keys = locks == null ? java.util.List.of() : locks.heldByThisThread();
                if (!keys.isEmpty()) {
                    locks.claims().fence(keys);
                }
            }
        };
    }

    /** An H2 file or memory database opened in this process (not through an H2 server or its auto-server mode). */
    static boolean embeddedH2(String jdbcUrl) {
        String url = jdbcUrl.toLowerCase(java.util.Locale.ROOT).replace(" ", "");
        return url.startsWith("jdbc:h2:") && !url.startsWith("jdbc:h2:tcp:") && !url.startsWith("jdbc:h2:ssl:")
                && !url.contains("auto_server=true");
    }

    private static String url(javax.sql.DataSource dataSource) {
        try (java.sql.Connection c = dataSource.getConnection()) {
            return c.getMetaData().getURL();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("cannot read the database's address", e);
        }
    }

    /** On PostgreSQL, a replica frozen inside a transaction loses it after two leases (its row locks are freed). */
    @Bean
    static IdleTransactionTimeout grcIdleTransactionTimeout(org.springframework.core.env.Environment env) {
        // static and read from the environment: a post-processor is made before the configuration properties
        return new IdleTransactionTimeout(org.springframework.boot.context.properties.bind.Binder.get(env)
                .bind("doji.grc.replica.lease", java.time.Duration.class)
                .orElse(java.time.Duration.parse(ReplicaProperties.DEFAULT_LEASE)));
    }

    /**
     * Renews the lease every third of it (and sweeps the claims of replicas whose lease ran out). On an H2 database
     * the replicas share, it first ends the transactions left idle for two leases, as PostgreSQL does by itself.
     */
    @Bean
    public PeriodicTask grcReplicaLease(JpaClaims claims, ReplicaProperties replica, javax.sql.DataSource dataSource,
                                        org.springframework.core.env.Environment env) {
        String url = env.getProperty("spring.datasource.url", url(dataSource));
        if (url.toLowerCase(java.util.Locale.ROOT).startsWith("jdbc:h2:") && !embeddedH2(url)
                && replica.claims() != ReplicaProperties.ClaimsMode.LOCAL) {
            H2IdleTransactions idle = new H2IdleTransactions(dataSource, replica.lease().multipliedBy(2));
            log.info("replica {}: H2 sessions of any replica idle in a transaction for {} are ended", replica.id(),
                    replica.lease().multipliedBy(2));
            return new PeriodicTask("doji-grc-lease", replica.lease().dividedBy(3), () -> {
                idle.abortIdle();
                claims.renew();
            });
        }
        return new PeriodicTask("doji-grc-lease", replica.lease().dividedBy(3), claims::renew);
    }

    /**
     * Writes the claims' releases that no claim carried (a claim's insert writes those before it): a release waits at
     * most a hundredth of the lease, so another replica waiting for the key is not kept waiting longer.
     */
    @Bean
    public PeriodicTask grcClaimReleases(JpaClaims claims, ReplicaProperties replica) {
        java.time.Duration every = replica.lease().dividedBy(100);
        return new PeriodicTask("doji-grc-releases", every.toMillis() < 10 ? java.time.Duration.ofMillis(10) : every,
                claims::flushReleases);
    }

    /** Takes over co-allocations whose planning or reservation a dead replica left (every half lease). */
    @Bean
    public PeriodicTask grcAdoption(CoAllocationService service, ReplicaProperties replica) {
        return new PeriodicTask("doji-grc-adopt", replica.lease().dividedBy(2), service::adoptOrphans);
    }
}
