package org.doji.dst;

import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.domain.Persistable;
import org.springframework.orm.ObjectOptimisticLockingFailureException;

/**
 * Spring Data repositories over a {@link MemoryDatabase}: the methods every JpaRepository has, with the
 * database's rules (an insert of an existing key fails with the unique-key violation, a stale versioned row with
 * an optimistic-locking failure; a read returns a copy), plus each repository's own queries, given by name. A
 * method nobody gave fails loudly, so a store that starts using a new query is noticed.
 */
final class MemoryRepositories {

    /** One of a repository's own queries. */
    interface Query {
        Object run(Object[] args);
    }

    private final MemoryDatabase db;
    private final Entities entities;

    MemoryRepositories(MemoryDatabase db, Entities entities) {
        this.db = db;
        this.entities = entities;
    }

    MemoryDatabase database() {
        return db;
    }

    /** A repository of {@code type} keeping {@code entity} rows in {@code table}, with its own {@code queries}. */
    <R> R repository(Class<R> type, String table, Map<String, Query> queries) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (self, m, args) -> {
            Object[] a = args == null ? new Object[0] : args;
            Query own = queries.get(m.getName());
            if (own != null) {
                return own.run(a);
            }
            return switch (m.getName()) {
                case "save", "saveAndFlush" -> save(table, a[0]);
                case "saveAll", "saveAllAndFlush" -> {
                    List<Object> out = new ArrayList<>();
                    ((Iterable<?>) a[0]).forEach(e -> out.add(save(table, e)));
                    yield out;
                }
                case "findById" -> find(table, a[0]);
                case "existsById" -> db.get(table, a[0]) != null;
                case "findAll" -> {
                    if (a.length != 0) {
                        throw new UnsupportedOperationException("in-memory " + type.getSimpleName() + ": findAll(" + a[0] + ")");
                    }
                    yield copies(table, r -> true);
                }
                case "count" -> (long) db.rows(table).size();
                case "deleteById" -> {
                    db.remove(table, a[0]);
                    yield null;
                }
                case "delete" -> {
                    db.remove(table, entities.id(a[0]));
                    yield null;
                }
                case "deleteAllById" -> {
                    ((Iterable<?>) a[0]).forEach(id -> db.remove(table, id));
                    yield null;
                }
                case "flush" -> null;
                case "toString" -> "in-memory " + type.getSimpleName();
                case "hashCode" -> System.identityHashCode(self);
                case "equals" -> self == a[0];
                default -> throw new UnsupportedOperationException("in-memory " + type.getSimpleName() + ": " + m.getName());
            };
        }));
    }

    private Object save(String table, Object e) {
        Object id = entities.id(e);
        Object stored = db.get(table, id);
        boolean insert = e instanceof Persistable<?> p ? p.isNew() : stored == null;
        if (insert && stored != null) {
            throw new DataIntegrityViolationException("duplicate key " + id + " in " + table,
                    new SQLException("Unique index or primary key violation: " + id, "23505"));
        }
        if (entities.versioned(e)) {
            if (stored != null && entities.version(e) != entities.version(stored)) {
                throw new ObjectOptimisticLockingFailureException(e.getClass(), id);
            }
            entities.setVersion(e, stored == null ? 0 : entities.version(stored) + 1);
        }
        db.put(table, id, entities.copy(e));
        if (stored == null) {
            entities.persisted(e);
        }
        return e;
    }

    /** A copy of the row of key {@code id}. */
    Optional<Object> find(String table, Object id) {
        return Optional.ofNullable(db.get(table, id)).map(entities::copy);
    }

    /** Copies of the rows that {@code keep} accepts, in the table's order. */
    <T> List<T> copies(String table, Predicate<T> keep) {
        List<T> out = new ArrayList<>();
        for (Object r : db.rows(table)) {
            @SuppressWarnings("unchecked")
            T row = (T) r;
            if (keep.test(row)) {
                out.add(entities.copy(row));
            }
        }
        return out;
    }

    /** Deletes the rows that {@code drop} accepts; returns how many. */
    <T> int delete(String table, Predicate<T> drop, Function<T, Object> id) {
        int n = 0;
        for (Object r : db.snapshot(table)) {
            @SuppressWarnings("unchecked")
            T row = (T) r;
            if (drop.test(row)) {
                db.remove(table, id.apply(row));
                n++;
            }
        }
        return n;
    }

    static boolean in(Object collection, Object value) {
        return ((Collection<?>) collection).contains(value);
    }
}
