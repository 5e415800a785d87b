package org.doji.grc.persistence;

import jakarta.persistence.EntityManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.doji.grc.tx.Claims;
import org.doji.grc.tx.Claims.StaleClaimException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Claims of one replica in the shared database ({@code grc_claim}), valid while the replica's lease
 * ({@code grc_replica}, renewed by {@link #renew} well before it runs out, in the injected clock's time) lasts. A
 * claim is a row: inserting it claims the key (the primary key refuses a second holder), deleting it releases it; a
 * claim whose replica's lease ran out is void and is removed by whoever next wants the key. Each call is a database
 * transaction of its own, never the caller's.
 */
public class JpaClaims implements Claims {

    private static final Logger log = LoggerFactory.getLogger(JpaClaims.class);

    private final String replicaId;
    private final Duration lease;
    private final EntityManager em;
    private final TransactionTemplate tx;
    private final Clock clock;
    /** The epoch of each claim this replica holds. */
    private final java.util.Map<String, Long> epochs = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.security.SecureRandom random = new java.security.SecureRandom();

    public JpaClaims(String replicaId, Duration lease, EntityManager em, PlatformTransactionManager transactions, Clock clock) {
        this.replicaId = replicaId;
        this.lease = lease;
        this.em = em;
        this.tx = new TransactionTemplate(transactions);
        this.tx.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.tx.setName(TRANSACTION_NAME); // the claims' own transactions are not fenced by the claims they change
        this.clock = clock;
    }

    /** The name of the claims' own database transactions. */
    public static final String TRANSACTION_NAME = "doji-claims";

    public String replicaId() {
        return replicaId;
    }

    /**
     * Joins the replicas: this replica's lease starts now, and the claims an earlier process with the same id left
     * behind are dropped (it is gone: whatever it was doing is nobody's now, so the drivers take it over).
     */
    public void register() {
        tx.executeWithoutResult(s -> {
            int left = em.createQuery("delete from ClaimRecord c where c.replica = :me").setParameter("me", replicaId)
                    .executeUpdate();
            epochs.clear();
            if (left > 0) {
                log.info("replica {}: {} claim(s) of an earlier process with this id dropped", replicaId, left);
            }
        });
        renew();
        log.info("replica {} joined (lease {})", replicaId, lease);
    }

    /** Extends this replica's lease from now, and removes the claims of replicas whose lease ran out. */
    public void renew() {
        Instant now = clock.instant();
        tx.executeWithoutResult(s -> {
            ReplicaRecord me = em.find(ReplicaRecord.class, replicaId);
            if (me == null) {
                em.persist(new ReplicaRecord(replicaId, now.plus(lease), now));
            } else {
                me.setLeaseUntil(now.plus(lease));
            }
        });
        int stale = tx.execute(s -> em.createQuery("delete from ClaimRecord c where not exists (select r.id from"
                + " ReplicaRecord r where r.id = c.replica and r.leaseUntil > :now)").setParameter("now", now).executeUpdate());
        if (stale > 0) {
            log.info("replica {}: {} claim(s) of replicas whose lease ran out removed; their work is taken over", replicaId, stale);
        }
    }

    @Override
    public boolean tryClaim(String key) {
        if (insert(key)) {
            return true;
        }
        ClaimRecord found = tx.execute(s -> em.find(ClaimRecord.class, key));
        String holder = found == null ? null : found.getReplica();
        if (replicaId.equals(holder)) {
            epochs.put(key, found.getEpoch());
            return true;
        }
        int voided = tx.execute(s -> em.createQuery("delete from ClaimRecord c where c.key = :key and not exists"
                        + " (select r.id from ReplicaRecord r where r.id = c.replica and r.leaseUntil > :now)")
                .setParameter("key", key).setParameter("now", clock.instant()).executeUpdate());
        if (voided > 0) {
            log.info("replica {}: {} was claimed by {}, whose lease ran out; taking it over", replicaId, key, holder);
            return insert(key);
        }
        return holder == null && insert(key);
    }

    @Override
    public void release(String key) {
        Long epoch = epochs.remove(key);
        // only the claim this replica made: one taken over meanwhile is the other replica's
        tx.executeWithoutResult(s -> em.createQuery("delete from ClaimRecord c where c.key = :key and c.replica = :me"
                        + " and (c.epoch = :epoch or c.epoch is null)")
                .setParameter("key", key).setParameter("me", replicaId).setParameter("epoch", epoch == null ? 0L : epoch)
                .executeUpdate());
    }

    @Override
    public void fence(java.util.Collection<String> keys) {
        java.util.List<String> sorted = keys.stream().distinct().sorted().toList(); // rows locked in one order
        @SuppressWarnings("unchecked")
        java.util.List<Object[]> rows = em.createNativeQuery("select claim_key, replica_id, epoch from grc_claim"
                + " where claim_key in (:keys) order by claim_key for update").setParameter("keys", sorted).getResultList();
        java.util.Map<String, String> now = new java.util.HashMap<>();
        for (Object[] r : rows) {
            now.put((String) r[0], r[1] + "/" + (r[2] == null ? 0L : ((Number) r[2]).longValue()));
        }
        for (String key : sorted) {
            String mine = replicaId + "/" + epochs.getOrDefault(key, -1L);
            if (!mine.equals(now.get(key))) {
                String message = "replica " + replicaId + ": a write under the claim of " + key + " is refused: the claim"
                        + " is " + (now.get(key) == null ? "gone" : "now " + now.get(key)) + ", not " + mine
                        + " (this replica's lease ran out, another replica may have taken the work over)";
                log.warn(message);
                throw new StaleClaimException(message);
            }
        }
    }

    /**
     * Inserts the claim; false if the key is claimed already. Conditional, so that a claim held (the common case for
     * a driver's round) is no failed statement; only two replicas inserting the same key at once meet the primary key.
     * That race is expected, so the statement runs on the transaction's JDBC connection and its duplicate key is
     * answered here: through Hibernate, its SQL exception log wrote an ERROR line for it.
     */
    private boolean insert(String key) {
        long epoch = random.nextLong() & Long.MAX_VALUE;
        Boolean inserted = tx.execute(s -> em.unwrap(org.hibernate.Session.class).doReturningWork(connection -> {
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                insert.setString(1, key);
                insert.setString(2, replicaId);
                insert.setObject(3, clock.instant().atOffset(ZoneOffset.UTC));
                insert.setLong(4, epoch);
                insert.setString(5, key);
                return insert.executeUpdate() == 1;
            } catch (SQLException e) {
                if (!DuplicateKeys.isDuplicateKey(e)) {
                    throw e;
                }
                s.setRollbackOnly(); // PostgreSQL has aborted the transaction
                return false;
            }
        }));
        if (Boolean.TRUE.equals(inserted)) {
            epochs.put(key, epoch);
            return true;
        }
        return false;
    }

    private static final String INSERT = "insert into grc_claim (claim_key, replica_id, claimed, epoch)"
            + " select cast(? as varchar(400)), cast(? as varchar(128)), cast(? as timestamp(6) with time zone),"
            + " cast(? as bigint) where not exists (select 1 from grc_claim where claim_key = ?)";
}
