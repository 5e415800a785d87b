package org.doji.dst;

import java.time.Instant;
import java.util.Map;
import org.doji.rm.kernel.ReservationStore;
import org.doji.rm.persistence.IdempotencyRecord;
import org.doji.rm.persistence.IdempotencyRepository;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.util.JsonCodec;
import org.springframework.transaction.support.TransactionTemplate;

/** An RM's two tables in memory (reservations, answers to calls) behind the kernel's own store. */
final class MemoryRmTables {

    static final String RESERVATIONS = "rm_reservation";
    static final String ANSWERS = "rm_idempotency";

    private MemoryRmTables() {
    }

    static ReservationRepository reservations(MemoryRepositories r) {
        return r.repository(ReservationRepository.class, RESERVATIONS, Map.of(
                "findByLifecycleStateIn", a -> r.<ReservationRecord>copies(RESERVATIONS,
                        x -> MemoryRepositories.in(a[0], x.getLifecycleState())),
                "findByTerminationTimeLessThanEqual", a -> r.<ReservationRecord>copies(RESERVATIONS,
                        x -> x.getTerminationTime() != null && !x.getTerminationTime().isAfter((Instant) a[0])),
                "existsByTerminationTimeNotNull", a -> r.database().rows(RESERVATIONS).stream()
                        .anyMatch(x -> ((ReservationRecord) x).getTerminationTime() != null),
                "deleteInStatesUpdatedBefore", a -> r.<ReservationRecord>delete(RESERVATIONS,
                        x -> MemoryRepositories.in(a[0], x.getLifecycleState()) && x.getUpdated().isBefore((Instant) a[1]),
                        ReservationRecord::getKey)));
    }

    static IdempotencyRepository answers(MemoryRepositories r) {
        return r.repository(IdempotencyRepository.class, ANSWERS, Map.of(
                "deleteCreatedBefore", a -> r.<IdempotencyRecord>delete(ANSWERS,
                        x -> x.getCreated().isBefore((Instant) a[0]), IdempotencyRecord::getId)));
    }

    static ReservationStore store(MemoryRepositories r) {
        return new ReservationStore(reservations(r), answers(r), new TransactionTemplate(r.database().transactions()),
                new JsonCodec());
    }
}
