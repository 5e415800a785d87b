package org.doji.grc.config;

import jakarta.persistence.EntityManager;
import java.time.Clock;
import org.doji.grc.core.CoAllocationService;
import org.doji.grc.persistence.JpaClaims;
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

    /** This replica's claims; it joins (its lease begins, an earlier process's claims under its id are dropped). */
    @Bean
    public JpaClaims grcClaims(ReplicaProperties replica, EntityManager em, PlatformTransactionManager tx, Clock clock) {
        JpaClaims claims = new JpaClaims(replica.id(), replica.lease(), em, tx, clock);
        claims.register();
        return claims;
    }

    /** Locks of the GRC's work: in this JVM first, then the claim in the database. */
    @Bean
    public ReplicaLocks grcReplicaLocks(JpaClaims claims) {
        return new ReplicaLocks(claims, d -> Thread.sleep(d.toMillis()));
    }

    /** Renews the lease every third of it (and sweeps the claims of replicas whose lease ran out). */
    @Bean
    public PeriodicTask grcReplicaLease(JpaClaims claims, ReplicaProperties replica) {
        return new PeriodicTask("doji-grc-lease", replica.lease().dividedBy(3), claims::renew);
    }

    /** Takes over co-allocations whose planning or reservation a dead replica left (every half lease). */
    @Bean
    public PeriodicTask grcAdoption(CoAllocationService service, ReplicaProperties replica) {
        return new PeriodicTask("doji-grc-adopt", replica.lease().dividedBy(2), service::adoptOrphans);
    }
}
