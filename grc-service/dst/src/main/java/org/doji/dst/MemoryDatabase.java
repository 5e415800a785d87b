package org.doji.dst;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;

/**
 * A node's database in memory, for the fast mode: tables of detached rows and real transactions (a statement in a
 * transaction is undone if it rolls back; one outside any is committed at once). It keeps what was committed
 * across the node's crashes and loses what was not: a crash rolls back the open transaction at once and fences the
 * database until the node starts again. One thread only.
 */
final class MemoryDatabase implements NodeStorage {

    private record Undo(Map<Object, Object> table, Object id, Object before, boolean existed) {
    }

    /** One open transaction: what to undo if it rolls back. */
    static final class MemoryTx {
        private final List<Undo> undo = new ArrayList<>();
        private boolean rollbackOnly;
    }

    private final Map<String, Map<Object, Object>> tables = new LinkedHashMap<>();
    private final Deque<MemoryTx> suspended = new ArrayDeque<>();
    private final Supplier<SimulatedCrash> dead;
    private final Transactions transactions = new Transactions();
    private MemoryTx active;
    private boolean fenced;
    private CommitFaults faults = CommitFaults.NONE;

    /** @param dead the error a statement of the fenced (crashed) node fails with */
    MemoryDatabase(Supplier<SimulatedCrash> dead) {
        this.dead = dead;
    }

    @Override
    public void commitFaults(CommitFaults faults) {
        this.faults = faults;
    }

    @Override
    public PlatformTransactionManager transactions() {
        return transactions;
    }

    @Override
    public void fence() {
        if (active != null) {
            undo(active);
            active = null;
        }
        while (!suspended.isEmpty()) {
            undo(suspended.pop());
        }
        fenced = true;
    }

    @Override
    public void unfence() {
        fenced = false;
    }

    @Override
    public void close() {
        tables.clear();
    }

    private void alive() {
        if (fenced) {
            throw dead.get();
        }
    }

    /** A table's rows by key (the database's own copies; whoever hands them out copies them). */
    Map<Object, Object> table(String name) {
        return tables.computeIfAbsent(name, k -> new LinkedHashMap<>());
    }

    Object get(String table, Object id) {
        alive();
        return table(table).get(id);
    }

    Collection<Object> rows(String table) {
        alive();
        return table(table).values();
    }

    /** Rows for a reader who may change the table while going through them. */
    List<Object> snapshot(String table) {
        return new ArrayList<>(rows(table));
    }

    void put(String table, Object id, Object row) {
        write(() -> {
            Map<Object, Object> t = table(table);
            record(t, id);
            t.put(id, row);
        });
    }

    void remove(String table, Object id) {
        write(() -> {
            Map<Object, Object> t = table(table);
            if (t.containsKey(id)) {
                record(t, id);
                t.remove(id);
            }
        });
    }

    private void record(Map<Object, Object> t, Object id) {
        if (active != null) {
            active.undo.add(new Undo(t, id, t.get(id), t.containsKey(id)));
        }
    }

    /** A change in the open transaction, or one committed at once when none is open. */
    private void write(Runnable change) {
        alive();
        if (active != null) {
            change.run();
            return;
        }
        faults.beforeCommit();
        alive();
        change.run();
        faults.afterCommit();
    }

    private static void undo(MemoryTx tx) {
        for (int i = tx.undo.size() - 1; i >= 0; i--) {
            Undo u = tx.undo.get(i);
            if (u.existed()) {
                u.table().put(u.id(), u.before());
            } else {
                u.table().remove(u.id());
            }
        }
        tx.undo.clear();
    }

    /** Spring's transactions over this database: what every TransactionTemplate of the node runs in. */
    private final class Transactions extends AbstractPlatformTransactionManager {

        private static final long serialVersionUID = 1L;

        private static final class Handle {
            private MemoryTx tx;
        }

        @Override
        protected Object doGetTransaction() {
            Handle h = new Handle();
            h.tx = active;
            return h;
        }

        @Override
        protected boolean isExistingTransaction(Object transaction) {
            return ((Handle) transaction).tx != null;
        }

        @Override
        protected void doBegin(Object transaction, TransactionDefinition definition) {
            alive();
            active = new MemoryTx();
            ((Handle) transaction).tx = active;
        }

        @Override
        protected Object doSuspend(Object transaction) {
            ((Handle) transaction).tx = null;
            MemoryTx was = active;
            suspended.push(was);
            active = null;
            return was;
        }

        @Override
        protected void doResume(Object transaction, Object resources) {
            suspended.remove((MemoryTx) resources);
            active = (MemoryTx) resources;
        }

        @Override
        protected void doCommit(DefaultTransactionStatus status) {
            MemoryTx tx = ((Handle) status.getTransaction()).tx;
            if (tx != active) {
                throw dead.get(); // rolled back by a crash
            }
            faults.beforeCommit();
            alive();
            tx.undo.clear();
            active = null;
            faults.afterCommit();
        }

        @Override
        protected void doRollback(DefaultTransactionStatus status) {
            MemoryTx tx = ((Handle) status.getTransaction()).tx;
            if (tx == active && tx != null) {
                undo(tx);
                active = null;
            }
        }

        @Override
        protected void doSetRollbackOnly(DefaultTransactionStatus status) {
            MemoryTx tx = ((Handle) status.getTransaction()).tx;
            if (tx != null) {
                tx.rollbackOnly = true;
            }
        }

        @Override
        protected void doCleanupAfterCompletion(Object transaction) {
            MemoryTx tx = ((Handle) transaction).tx;
            if (tx != null && tx == active) {
                active = null;
            }
        }
    }
}
