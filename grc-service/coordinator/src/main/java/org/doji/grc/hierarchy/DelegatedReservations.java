package org.doji.grc.hierarchy;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.doji.grc.model.DelegatedReservation;
import org.doji.grc.persistence.DelegatedReservationRecord;
import org.doji.grc.persistence.DelegatedReservationRepository;
import org.doji.rm.fault.DojiException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Durable reservations of the GRC's RM port: each change is committed before the caller goes on (in the
 * caller's database transaction when one is active: a transaction record and its subject are stored together).
 */
public class DelegatedReservations {

    private final DelegatedReservationRepository repository;
    private final TransactionTemplate tx;
    private final Clock clock;

    public DelegatedReservations(DelegatedReservationRepository repository, TransactionTemplate tx, Clock clock) {
        this.repository = repository;
        this.tx = tx;
        this.clock = clock;
    }

    /** Stores a new reservation of {@code owner}, as {@code init} sets it up. */
    void create(String key, String owner, java.time.Instant now, Consumer<DelegatedReservation> init) {
        DelegatedReservationRecord r = new DelegatedReservationRecord(key, owner, now);
        init.accept(r);
        r.setUpdated(clock.instant());
        repository.saveAndFlush(r);
    }

    /** Applies a change to the stored record (read, changed and written in one database transaction). */
    void update(String key, Consumer<DelegatedReservation> change) {
        tx.executeWithoutResult(s -> {
            DelegatedReservationRecord r = repository.findById(key).orElseThrow(() -> DojiException.unknown(key));
            change.accept(r);
            r.setUpdated(clock.instant());
            repository.saveAndFlush(r);
        });
    }

    Optional<DelegatedReservation> find(String key) {
        return repository.findById(key).map(DelegatedReservation.class::cast);
    }

    void delete(String key) {
        tx.executeWithoutResult(s -> repository.findById(key).ifPresent(repository::delete));
    }

    List<DelegatedReservation> live() {
        return List.copyOf(repository.findByLifecycleStateIn(GrcResourceManager.liveStates()));
    }
}
