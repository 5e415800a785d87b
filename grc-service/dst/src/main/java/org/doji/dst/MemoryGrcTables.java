package org.doji.dst;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.doji.grc.persistence.CallRecord;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.DelegatedReservationRecord;
import org.doji.grc.persistence.DelegatedReservationRepository;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionLog;
import org.springframework.data.domain.Pageable;
import org.springframework.transaction.support.TransactionTemplate;

/** A GRC's tables in memory: co-allocations, calls, its RM port's reservations and its transactions. */
final class MemoryGrcTables {

    static final String CO_ALLOCATIONS = "grc_coallocation";
    static final String CALLS = "grc_call";
    static final String DELEGATED = "grc_delegated_reservation";
    static final String TRANSACTIONS = "grc_transaction";

    private MemoryGrcTables() {
    }

    /** Whether no transaction of the subject {@code key} is in progress (the queries' "not exists"). */
    private static boolean idle(MemoryRepositories r, String key) {
        return r.database().rows(TRANSACTIONS).stream().noneMatch(t -> ((Transaction) t).subject().equals(key));
    }

    static CoAllocationRepository coAllocations(MemoryRepositories r) {
        return r.repository(CoAllocationRepository.class, CO_ALLOCATIONS, Map.of(
                "findForUpdate", a -> r.find(CO_ALLOCATIONS, a[0]),
                "findByOwnerOrderByCreatedDesc", a -> r.<CoAllocationRecord>copies(CO_ALLOCATIONS,
                        x -> x.getOwner().equals(a[0])).stream()
                        .sorted(Comparator.comparing(CoAllocationRecord::getCreated).thenComparing(CoAllocationRecord::getKey)
                                .reversed()).toList(),
                "findByStateIn", a -> r.<CoAllocationRecord>copies(CO_ALLOCATIONS,
                        x -> MemoryRepositories.in(a[0], x.getState())),
                "findByStateInAndWindowStartLessThanEqual", a -> r.<CoAllocationRecord>copies(CO_ALLOCATIONS,
                        x -> MemoryRepositories.in(a[0], x.getState()) && x.getWindowStart() != null
                                && !x.getWindowStart().isAfter((Instant) a[1])),
                "findIdleInStatesUpdatedBefore", a -> keys(r.<CoAllocationRecord>copies(CO_ALLOCATIONS,
                        x -> MemoryRepositories.in(a[0], x.getState()) && x.getUpdated().isBefore((Instant) a[1])
                                && idle(r, x.getKey()))),
                "findIdleInStatesTerminatedBefore", a -> keys(r.<CoAllocationRecord>copies(CO_ALLOCATIONS,
                        x -> MemoryRepositories.in(a[0], x.getState()) && x.getTerminationTime() != null
                                && x.getTerminationTime().isBefore((Instant) a[1]) && idle(r, x.getKey()))),
                "findKeysInStatesAfter", a -> keys(r.<CoAllocationRecord>copies(CO_ALLOCATIONS,
                        x -> MemoryRepositories.in(a[0], x.getState()) && x.getKey().compareTo((String) a[1]) > 0)).stream()
                        .sorted().limit(((Pageable) a[2]).getPageSize()).toList(),
                "deleteByKeys", a -> r.<CoAllocationRecord>delete(CO_ALLOCATIONS,
                        x -> MemoryRepositories.in(a[0], x.getKey()), CoAllocationRecord::getKey)));
    }

    private static List<String> keys(List<CoAllocationRecord> rows) {
        return rows.stream().map(CoAllocationRecord::getKey).toList();
    }

    static CallRecordRepository calls(MemoryRepositories r) {
        return r.repository(CallRecordRepository.class, CALLS, Map.of(
                "deleteBySubjects", a -> r.<CallRecord>delete(CALLS, x -> MemoryRepositories.in(a[0], x.getCoAllocationKey()),
                        CallRecord::getId)));
    }

    static DelegatedReservationRepository delegated(MemoryRepositories r) {
        return r.repository(DelegatedReservationRepository.class, DELEGATED, Map.of(
                "findByReservationStateIn", a -> r.<DelegatedReservationRecord>copies(DELEGATED,
                        x -> MemoryRepositories.in(a[0], x.getReservationState())),
                "findByLifecycleStateIn", a -> r.<DelegatedReservationRecord>copies(DELEGATED,
                        x -> MemoryRepositories.in(a[0], x.getLifecycleState())),
                "findIdleInStatesUpdatedBefore", a -> r.<DelegatedReservationRecord>copies(DELEGATED,
                        x -> MemoryRepositories.in(a[0], x.getLifecycleState()) && x.getUpdated().isBefore((Instant) a[1])
                                && idle(r, x.getKey())).stream().map(DelegatedReservationRecord::getKey).toList(),
                "findIdleInStatesTerminatedBefore", a -> r.<DelegatedReservationRecord>copies(DELEGATED,
                        x -> MemoryRepositories.in(a[0], x.getLifecycleState()) && x.getTerminationTime() != null
                                && x.getTerminationTime().isBefore((Instant) a[1]) && idle(r, x.getKey()))
                        .stream().map(DelegatedReservationRecord::getKey).toList(),
                "deleteByKeys", a -> r.<DelegatedReservationRecord>delete(DELEGATED,
                        x -> MemoryRepositories.in(a[0], x.getKey()), DelegatedReservationRecord::getKey)));
    }

    /** The GRC's transactions as rows of the same database (a write and its subject's change commit together). */
    static TransactionLog transactionLog(MemoryRepositories r) {
        MemoryDatabase db = r.database();
        TransactionTemplate tx = new TransactionTemplate(db.transactions());
        return new TransactionLog() {
            @Override
            public Transaction save(Transaction t, Runnable alongside) {
                return tx.execute(s -> {
                    Transaction stored = (Transaction) db.get(TRANSACTIONS, t.id());
                    if (t.version() == 0 ? stored != null : stored == null || stored.version() != t.version()) {
                        throw new ConcurrentChangeException("transaction " + t.id()
                                + (t.version() == 0 ? " exists already" : " changed meanwhile"));
                    }
                    Transaction next = t.withVersion(t.version() + 1);
                    db.put(TRANSACTIONS, t.id(), next);
                    alongside.run();
                    return next;
                });
            }

            @Override
            public void remove(Transaction t, Runnable alongside) {
                tx.executeWithoutResult(s -> {
                    Transaction stored = (Transaction) db.get(TRANSACTIONS, t.id());
                    if (stored == null || stored.version() != t.version()) {
                        throw new ConcurrentChangeException("transaction " + t.id() + " changed meanwhile");
                    }
                    db.remove(TRANSACTIONS, t.id());
                    alongside.run();
                });
            }

            @Override
            public Optional<Transaction> find(String id) {
                return Optional.ofNullable((Transaction) db.get(TRANSACTIONS, id));
            }

            @Override
            public List<Transaction> unfinished() {
                return db.rows(TRANSACTIONS).stream().map(Transaction.class::cast).toList();
            }

            @Override
            public List<Transaction> ofSubject(String subject) {
                return unfinished().stream().filter(t -> t.subject().equals(subject)).toList();
            }
        };
    }
}
