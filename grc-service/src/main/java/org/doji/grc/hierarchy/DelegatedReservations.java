package org.doji.grc.hierarchy;

import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.doji.grc.persistence.DelegatedReservationRecord;
import org.doji.grc.persistence.DelegatedReservationRepository;
import org.doji.rm.model.ReservationState;

/** Durable reservations of the GRC's RM port: each save is committed before the caller goes on. */
public class DelegatedReservations {

    private final DelegatedReservationRepository repository;
    private final Clock clock;

    public DelegatedReservations(DelegatedReservationRepository repository, Clock clock) {
        this.repository = repository;
        this.clock = clock;
    }

    /** Saves and returns the stored copy (with its new version): keep using that one. */
    DelegatedReservationRecord save(DelegatedReservationRecord r) {
        r.setUpdated(clock.instant());
        return repository.saveAndFlush(r);
    }

    Optional<DelegatedReservationRecord> find(String key) {
        return repository.findById(key);
    }

    void delete(String key) {
        repository.deleteById(key);
    }

    List<DelegatedReservationRecord> held() {
        return repository.findByReservationStateIn(EnumSet.of(ReservationState.ReserveHeld));
    }

    List<DelegatedReservationRecord> live() {
        return repository.findByLifecycleStateIn(GrcResourceManager.liveStates());
    }
}
