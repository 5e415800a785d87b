package org.doji.grc.persistence;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import jakarta.persistence.LockModeType;
import org.springframework.data.jpa.repository.Lock;
import org.doji.grc.model.CoAllocationState;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface CoAllocationRepository extends JpaRepository<CoAllocationRecord, String> {

    /** The row locked for this database transaction (SELECT ... FOR UPDATE): one writer at a time, across replicas. */
    @Lock(LockModeType.PESSIMISTIC_WRITE)
    @Query("select a from CoAllocationRecord a where a.key = :key")
    Optional<CoAllocationRecord> findForUpdate(@Param("key") String key);

    List<CoAllocationRecord> findByOwnerOrderByCreatedDesc(String owner);

    List<CoAllocationRecord> findByStateIn(Collection<CoAllocationState> states);

    /** Those in the given states whose window has started by {@code now} (the tick's work, not every booking). */
    List<CoAllocationRecord> findByStateInAndWindowStartLessThanEqual(Collection<CoAllocationState> states, Instant now);

    /** Keys of those in {@code states}, last changed before {@code before}, with no transaction in progress. */
    @Query("select a.key from CoAllocationRecord a where a.state in :states and a.updated < :before"
            + " and not exists (select t.id from TransactionRecord t where t.subject = a.key)")
    List<String> findIdleInStatesUpdatedBefore(@Param("states") Collection<CoAllocationState> states,
                                               @Param("before") Instant before);

    /** Keys of those in {@code states} whose WS-ResourceLifetime termination time has passed, with no transaction in progress. */
    @Query("select a.key from CoAllocationRecord a where a.state in :states and a.terminationTime < :now"
            + " and not exists (select t.id from TransactionRecord t where t.subject = a.key)")
    List<String> findIdleInStatesTerminatedBefore(@Param("states") Collection<CoAllocationState> states,
                                                  @Param("now") Instant now);

    /** A page of the keys of those in {@code states} after {@code after}, in key order (a cursor over them). */
    @Query("select a.key from CoAllocationRecord a where a.state in :states and a.key > :after order by a.key")
    List<String> findKeysInStatesAfter(@Param("states") Collection<CoAllocationState> states, @Param("after") String after,
                                       org.springframework.data.domain.Pageable page);

    @Modifying
    @Query("delete from CoAllocationRecord a where a.key in :keys")
    int deleteByKeys(@Param("keys") Collection<String> keys);
}
