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
 *
 * <p>A release is written with this replica's next claims transaction (the next claim's insert, or {@link
 * #flushReleases} at the latest a moment later), not in a commit of its own: the claim is the replica's until then, a
 * claim taken again before then is kept without any write, and another replica waiting for the key gets it that
 * moment later. That halves the claims' commits under load.
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
    /** Claims given up whose rows are not deleted yet: key to epoch. Guarded by itself, as is {@link #deleting}. */
    private final java.util.Map<String, Long> released = new java.util.HashMap<>();
    /** Keys whose rows a transaction is deleting now: a claim of one of them waits until that transaction ended. */
    private final java.util.Set<String> deleting = new java.util.HashSet<>();
    private volatile boolean flushFailing;
    /** Until when this replica's lease surely runs (its last renewal's end), or null before the first one. */
    private volatile Instant leaseUntil;
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
            synchronized (released) {
                released.clear();
            }
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
        withReleases(batch -> tx.execute(s -> {
            deleteReleased(batch);
            ReplicaRecord me = em.find(ReplicaRecord.class, replicaId);
            if (me == null) {
                em.persist(new ReplicaRecord(replicaId, now.plus(lease), now));
            } else {
                me.setLeaseUntil(now.plus(lease));
            }
            return true;
        }));
        leaseUntil = now.plus(lease);
        int stale = tx.execute(s -> em.createQuery("delete from ClaimRecord c where not exists (select r.id from"
                + " ReplicaRecord r where r.id = c.replica and r.leaseUntil > :now)").setParameter("now", now).executeUpdate());
        if (stale > 0) {
            log.info("replica {}: {} claim(s) of replicas whose lease ran out removed; their work is taken over", replicaId, stale);
        }
    }

    @Override
    public boolean tryClaim(String key) {
        Long givenUp = takeBack(key);
        if (givenUp != null && leaseSurelyRuns()) {
            epochs.put(key, givenUp); // its row was never deleted, and no other replica can have voided it
            return true;
        }
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
        if (epoch != null) {
            synchronized (released) {
                released.put(key, epoch);
            }
            return;
        }
        // a claim this replica does not know it holds: only a row of this replica without an epoch is deleted
        tx.executeWithoutResult(s -> em.createQuery("delete from ClaimRecord c where c.key = :key and c.replica = :me"
                        + " and c.epoch is null")
                .setParameter("key", key).setParameter("me", replicaId).executeUpdate());
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
        Boolean inserted = withReleases(batch -> tx.execute(s -> em.unwrap(org.hibernate.Session.class).doReturningWork(connection -> {
            deleteReleased(connection, batch);
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
                return null;
            }
        })));
        if (Boolean.TRUE.equals(inserted)) {
            epochs.put(key, epoch);
            return true;
        }
        return false;
    }

    /**
     * Writes the releases not written yet, in a transaction of their own; called every moment (a fraction of the
     * lease) and at the stop, so that a release waits no longer than that when no claim comes to carry it.
     */
    public void flushReleases() {
        try {
            withReleases(batch -> batch.isEmpty() ? Boolean.TRUE : tx.execute(s -> {
                deleteReleased(batch);
                return true;
            }));
            flushFailing = false;
        } catch (RuntimeException e) {
            // kept for the next try; said once while the database stays away, not every moment
            if (!flushFailing) {
                log.warn("replica {}: releases of claims not written yet ({}); they are tried again", replicaId, e.toString());
            }
            flushFailing = true;
        }
    }

    /** Whether no other replica can have found this replica's lease run out (half a lease of margin for clocks). */
    private boolean leaseSurelyRuns() {
        Instant until = leaseUntil;
        return until != null && clock.instant().isBefore(until.minus(lease.dividedBy(2)));
    }

    /** Takes {@code key} out of the releases not written yet (waiting while a transaction deletes its row). */
    private Long takeBack(String key) {
        synchronized (released) {
            while (deleting.contains(key)) {
                try {
                    released.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while the release of " + key + " was written", e);
                }
            }
            return released.remove(key);
        }
    }

    /**
     * Runs a claims transaction that also deletes the releases not written yet ({@code work} returns null when its
     * transaction was rolled back); the releases it could not write wait for the next one.
     */
    private Boolean withReleases(java.util.function.Function<java.util.Map<String, Long>, Boolean> work) {
        java.util.Map<String, Long> batch;
        synchronized (released) {
            batch = new java.util.HashMap<>(released);
            released.clear();
            deleting.addAll(batch.keySet());
        }
        Boolean result = null;
        try {
            result = work.apply(batch);
            return result;
        } finally {
            synchronized (released) {
                if (result == null) {
                    batch.forEach(released::putIfAbsent);
                }
                deleting.removeAll(batch.keySet());
                released.notifyAll();
            }
        }
    }

    private void deleteReleased(java.util.Map<String, Long> batch) {
        if (!batch.isEmpty()) {
            em.unwrap(org.hibernate.Session.class).doWork(connection -> deleteReleased(connection, batch));
        }
    }

    /** Only the claims this replica made: one taken over meanwhile is the other replica's. */
    private void deleteReleased(java.sql.Connection connection, java.util.Map<String, Long> batch)
            throws SQLException {
        if (batch.isEmpty()) {
            return;
        }
        try (PreparedStatement delete = connection.prepareStatement(DELETE)) {
            for (var e : new java.util.TreeMap<>(batch).entrySet()) { // rows locked in one order
                delete.setString(1, e.getKey());
                delete.setString(2, replicaId);
                delete.setLong(3, e.getValue());
                delete.addBatch();
            }
            delete.executeBatch();
        }
    }

    private static final String DELETE = "delete from grc_claim where claim_key = ? and replica_id = ? and epoch = ?";

    private static final String INSERT = "insert into grc_claim (claim_key, replica_id, claimed, epoch)"
            + " select cast(? as varchar(400)), cast(? as varchar(128)), cast(? as timestamp(6) with time zone),"
            + " cast(? as bigint) where not exists (select 1 from grc_claim where claim_key = ?)";
}
