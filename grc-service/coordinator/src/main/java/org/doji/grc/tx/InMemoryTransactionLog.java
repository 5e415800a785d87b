package org.doji.grc.tx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Transactions kept in memory: for the simulation (virtual time, nothing to survive) and for unit tests.
 * Versions are checked as the durable log checks them.
 */
public final class InMemoryTransactionLog implements TransactionLog {

    private final Map<String, Transaction> byId = new ConcurrentHashMap<>();

    @Override
    public synchronized Transaction save(Transaction t, Runnable alongside) {
        Transaction stored = byId.get(t.id());
        if (stored == null ? t.version() != 0 : stored.version() != t.version()) {
            throw new ConcurrentChangeException("transaction " + t.id() + " changed meanwhile");
        }
        alongside.run();
        Transaction saved = t.withVersion(t.version() + 1);
        byId.put(t.id(), saved);
        return saved;
    }

    @Override
    public synchronized void remove(Transaction t, Runnable alongside) {
        Transaction stored = byId.get(t.id());
        if (stored == null || stored.version() != t.version()) {
            throw new ConcurrentChangeException("transaction " + t.id() + " changed meanwhile");
        }
        alongside.run();
        byId.remove(t.id());
    }

    @Override
    public Optional<Transaction> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public List<Transaction> unfinished() {
        return new ArrayList<>(byId.values());
    }

    @Override
    public List<Transaction> ofSubject(String subject) {
        return byId.values().stream().filter(t -> t.subject().equals(subject)).toList();
    }
}
