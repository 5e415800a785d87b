package org.doji.grc.persistence;

import java.util.Collection;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface CallRecordRepository extends JpaRepository<CallRecord, String> {

    /** Forgets the calls that created or changed the given co-allocations (or delegated reservations). */
    @Modifying
    @Query("delete from CallRecord c where c.coAllocationKey in :keys")
    int deleteBySubjects(@Param("keys") Collection<String> keys);
}
