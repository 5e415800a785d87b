package org.doji.grc.persistence;

import java.time.Instant;
import java.util.List;
import org.springframework.data.domain.Limit;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface NotificationRepository extends JpaRepository<NotificationRecord, Long> {

    /** Those due by {@code now}, oldest first. */
    List<NotificationRecord> findByNextAttemptLessThanEqualOrderByIdAsc(Instant now, Limit limit);

    /** Whether the subscription has an older notification still undelivered (delivery keeps each one's order). */
    boolean existsBySubscriptionIdAndIdLessThan(String subscriptionId, Long id);

    long countBySubscriptionId(String subscriptionId);

    @Modifying
    @Query("delete from NotificationRecord n where n.subscriptionId = :sub")
    int deleteBySubscription(@Param("sub") String subscriptionId);

    /** Gives up on notifications that occurred before {@code before} (their consumer stayed unreachable). */
    @Modifying
    @Query("delete from NotificationRecord n where n.occurred < :before")
    int deleteOccurredBefore(@Param("before") Instant before);
}
