package org.doji.grc.dashboard;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.persistence.CoAllocationRecord;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.query.Param;

/**
 * The read-only queries the dashboard needs beyond {@code CoAllocationStore}: bounded key lists (the
 * snapshots themselves are read through the store) and counts by state. No method here writes.
 */
public interface DashboardRecords extends Repository<CoAllocationRecord, String> {

    /** Keys of the most recent co-allocations, newest first. */
    @Query("select r.key from CoAllocationRecord r order by r.created desc, r.key")
    List<String> recentKeys(Pageable page);

    /** Keys of co-allocations in the given states whose planned window overlaps [from, to). */
    @Query("select r.key from CoAllocationRecord r where r.state in :states"
            + " and r.windowStart < :to and r.windowEnd > :from order by r.windowStart")
    List<String> keysOverlapping(@Param("states") Collection<CoAllocationState> states, @Param("from") Instant from,
                                 @Param("to") Instant to, Pageable page);

    /** Rows of (state, count). */
    @Query("select r.state, count(r) from CoAllocationRecord r group by r.state")
    List<Object[]> countByState();
}
