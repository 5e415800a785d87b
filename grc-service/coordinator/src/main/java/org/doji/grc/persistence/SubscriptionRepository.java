package org.doji.grc.persistence;

import java.time.Instant;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface SubscriptionRepository extends JpaRepository<SubscriptionRecord, String> {

    /** The live subscriptions a change of {@code key} (owned by {@code owner}) reaches: to it, or to all the owner's. */
    @Query("select s from SubscriptionRecord s where (s.coAllocationKey = :key or (s.coAllocationKey is null"
            + " and s.owner = :owner)) and (s.terminationTime is null or s.terminationTime > :now)")
    List<SubscriptionRecord> findLive(@Param("key") String key, @Param("owner") String owner, @Param("now") Instant now);

    long countByOwner(String owner);

    /**
     * Forgets subscriptions that have ended (their termination time passed, or their co-allocation was forgotten)
     * once nothing is left to deliver for them.
     */
    @Modifying
    @Query("delete from SubscriptionRecord s where (s.terminationTime < :now or (s.coAllocationKey is not null"
            + " and not exists (select a.key from CoAllocationRecord a where a.key = s.coAllocationKey)))"
            + " and not exists (select n.id from NotificationRecord n where n.subscriptionId = s.id)")
    int deleteEnded(@Param("now") Instant now);
}
