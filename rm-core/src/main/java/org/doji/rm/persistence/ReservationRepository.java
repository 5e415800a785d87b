package org.doji.rm.persistence;

import java.util.Collection;
import java.util.List;
import org.doji.rm.model.LifecycleState;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface ReservationRepository extends JpaRepository<ReservationRecord, String> {

    List<ReservationRecord> findByLifecycleStateIn(Collection<LifecycleState> states);

    List<ReservationRecord> findByTerminationTimeLessThanEqual(java.time.Instant time);

    boolean existsByTerminationTimeNotNull();

    /** Forgets reservations in one of {@code states} last changed before {@code before} (one statement, no loading). */
    @Modifying
    @Query("delete from ReservationRecord r where r.lifecycleState in :states and r.updated < :before")
    int deleteInStatesUpdatedBefore(@Param("states") Collection<LifecycleState> states, @Param("before") java.time.Instant before);
}
