package org.doji.grc.simulation;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.doji.rm.kernel.ReservationStore;
import org.doji.rm.persistence.IdempotencyRecord;
import org.doji.rm.persistence.IdempotencyRepository;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.util.JsonCodec;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.SimpleTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A {@link ReservationStore} without a database, for the simulation: the kernel's store is unchanged, only
 * its two repositories are in-memory maps (behind the repository interfaces, answering exactly the queries
 * the store makes) and its transactions are no-ops. Records are kept as detached copies, as a database
 * would keep them. Single-threaded use (the simulation's event loop).
 */
final class InMemoryStores {

    private InMemoryStores() {
    }

    /** The repository methods this class answers; {@code InMemoryStoresTest} checks the kernel needs no other. */
    static final java.util.Set<String> RESERVATION_QUERIES = java.util.Set.of("save", "findById", "deleteById", "deleteAllById",
            "findAll", "findByLifecycleStateIn", "findByTerminationTimeLessThanEqual", "existsByTerminationTimeNotNull",
            "deleteInStatesUpdatedBefore");
    static final java.util.Set<String> ANSWER_QUERIES = java.util.Set.of("save", "findById", "deleteCreatedBefore");

    static ReservationStore create() {
        return new ReservationStore(reservations(), answers(), new TransactionTemplate(NO_TRANSACTIONS), new JsonCodec());
    }

    private static final PlatformTransactionManager NO_TRANSACTIONS = new PlatformTransactionManager() {
        @Override
        public TransactionStatus getTransaction(TransactionDefinition definition) {
            return new SimpleTransactionStatus();
        }

        @Override
        public void commit(TransactionStatus status) {
        }

        @Override
        public void rollback(TransactionStatus status) {
        }
    };

    private static ReservationRepository reservations() {
        Map<String, ReservationRecord> rows = new LinkedHashMap<>();
        // records with a termination time, so the kernel's per-tick garbage query does not scan every record
        Map<String, ReservationRecord> terminating = new LinkedHashMap<>();
        return proxy(ReservationRepository.class, (name, args) -> switch (name) {
            case "save" -> {
                ReservationRecord r = (ReservationRecord) args[0];
                ReservationRecord copy = r.copy();
                rows.put(r.getKey(), copy);
                if (copy.getTerminationTime() != null) {
                    terminating.put(r.getKey(), copy);
                } else {
                    terminating.remove(r.getKey());
                }
                yield r;
            }
            case "findById" -> Optional.ofNullable(rows.get((String) args[0])).map(ReservationRecord::copy);
            case "deleteById" -> {
                terminating.remove((String) args[0]);
                yield rows.remove((String) args[0]);
            }
            case "deleteAllById" -> {
                for (Object key : (Iterable<?>) args[0]) {
                    rows.remove((String) key);
                    terminating.remove((String) key);
                }
                yield null;
            }
            case "findAll" -> copies(rows.values(), r -> true);
            case "findByLifecycleStateIn" -> copies(rows.values(),
                    r -> ((Collection<?>) args[0]).contains(r.getLifecycleState()));
            case "findByTerminationTimeLessThanEqual" -> copies(terminating.values(),
                    r -> !r.getTerminationTime().isAfter((Instant) args[0]));
            case "existsByTerminationTimeNotNull" -> !terminating.isEmpty();
            case "deleteInStatesUpdatedBefore" -> { // the retention of finished reservations (hourly)
                List<String> old = rows.values().stream().filter(r -> ((Collection<?>) args[0]).contains(r.getLifecycleState())
                        && r.getUpdated().isBefore((Instant) args[1])).map(ReservationRecord::getKey).toList();
                old.forEach(k -> {
                    rows.remove(k);
                    terminating.remove(k);
                });
                yield old.size();
            }
            default -> throw new UnsupportedOperationException("in-memory reservations: " + name);
        });
    }

    private static IdempotencyRepository answers() {
        // insertion order is creation order: answers are written once, stamped by a clock that never goes back
        Map<String, IdempotencyRecord> rows = new LinkedHashMap<>();
        return proxy(IdempotencyRepository.class, (name, args) -> switch (name) {
            case "save" -> {
                IdempotencyRecord a = (IdempotencyRecord) args[0];
                rows.put(a.getId(), a);
                yield a;
            }
            case "findById" -> Optional.ofNullable(rows.get((String) args[0]));
            case "deleteCreatedBefore" -> {
                Instant before = (Instant) args[0];
                int n = 0;
                var oldest = rows.values().iterator();
                while (oldest.hasNext() && oldest.next().getCreated().isBefore(before)) {
                    oldest.remove();
                    n++;
                }
                yield n;
            }
            default -> throw new UnsupportedOperationException("in-memory answers: " + name);
        });
    }

    private static List<ReservationRecord> copies(Collection<ReservationRecord> rows,
                                                  java.util.function.Predicate<ReservationRecord> keep) {
        List<ReservationRecord> out = new ArrayList<>();
        rows.stream().filter(keep).forEach(r -> out.add(r.copy()));
        return out;
    }

    private interface Call {
        Object apply(String method, Object[] args);
    }

    private static <T> T proxy(Class<T> type, Call call) {
        InvocationHandler handler = (Object self, Method m, Object[] args) -> switch (m.getName()) {
            case "toString" -> "in-memory " + type.getSimpleName();
            case "hashCode" -> System.identityHashCode(self);
            case "equals" -> self == args[0];
            default -> call.apply(m.getName(), args);
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }
}
