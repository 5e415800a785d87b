package org.doji.rm.persistence;

import java.util.Collection;
import java.util.List;
import org.doji.rm.model.LifecycleState;
import org.springframework.data.jpa.repository.JpaRepository;

public interface ReservationRepository extends JpaRepository<ReservationRecord, String> {

    List<ReservationRecord> findByLifecycleStateIn(Collection<LifecycleState> states);

    List<ReservationRecord> findByTerminationTimeLessThanEqual(java.time.Instant time);

    boolean existsByTerminationTimeNotNull();
}
