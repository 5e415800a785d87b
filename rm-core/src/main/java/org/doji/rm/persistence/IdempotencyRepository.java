package org.doji.rm.persistence;

import java.time.Instant;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface IdempotencyRepository extends JpaRepository<IdempotencyRecord, String> {

    /** Forgets answers older than the retention (one statement, no loading). */
    @Modifying
    @Query("delete from IdempotencyRecord a where a.created < :before")
    int deleteCreatedBefore(@Param("before") Instant before);
}
