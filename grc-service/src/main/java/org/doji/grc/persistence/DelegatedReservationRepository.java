package org.doji.grc.persistence;

import java.util.Collection;
import java.util.List;
import org.doji.rm.model.ReservationState;
import org.springframework.data.jpa.repository.JpaRepository;

public interface DelegatedReservationRepository extends JpaRepository<DelegatedReservationRecord, String> {

    List<DelegatedReservationRecord> findByReservationStateIn(Collection<ReservationState> states);

    List<DelegatedReservationRecord> findByLifecycleStateIn(Collection<org.doji.rm.model.LifecycleState> states);
}
