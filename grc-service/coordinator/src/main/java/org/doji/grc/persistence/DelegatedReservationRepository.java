package org.doji.grc.persistence;

import java.util.Collection;
import java.util.List;
import org.doji.rm.model.ReservationState;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface DelegatedReservationRepository extends JpaRepository<DelegatedReservationRecord, String> {

    List<DelegatedReservationRecord> findByReservationStateIn(Collection<ReservationState> states);

    List<DelegatedReservationRecord> findByLifecycleStateIn(Collection<org.doji.rm.model.LifecycleState> states);

    /** Keys of those in {@code states}, last changed before {@code before}, with no transaction in progress. */
    @Query("select r.key from DelegatedReservationRecord r where r.lifecycleState in :states and r.updated < :before"
            + " and not exists (select t.id from TransactionRecord t where t.subject = r.key)")
    List<String> findIdleInStatesUpdatedBefore(@Param("states") Collection<org.doji.rm.model.LifecycleState> states,
                                               @Param("before") java.time.Instant before);

    /** Keys of those in {@code states} whose WS-ResourceLifetime termination time has passed, with no transaction in progress. */
    @Query("select r.key from DelegatedReservationRecord r where r.lifecycleState in :states and r.terminationTime < :now"
            + " and not exists (select t.id from TransactionRecord t where t.subject = r.key)")
    List<String> findIdleInStatesTerminatedBefore(@Param("states") Collection<org.doji.rm.model.LifecycleState> states,
                                                  @Param("now") java.time.Instant now);

    @Modifying
    @Query("delete from DelegatedReservationRecord r where r.key in :keys")
    int deleteByKeys(@Param("keys") Collection<String> keys);
}
