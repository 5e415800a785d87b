package org.doji.rm.util;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * One lock per key (a co-allocation, a reservation, a transaction), created on first use and dropped when no
 * thread holds or waits for it, so the set stays as small as the work in progress. Unlike a striped array, two
 * keys never wait for each other. Reentrant: a holder may lock its key again.
 */
public final class KeyLocks {

    private static final class Entry {
        final ReentrantLock lock = new ReentrantLock();
        int users;
    }

    private final ConcurrentHashMap<String, Entry> locks = new ConcurrentHashMap<>();

    /** Runs {@code body} holding the key's lock, waiting for it as long as it takes. */
    public <T> T withLock(String key, Supplier<T> body) {
        Entry e = acquire(key);
        e.lock.lock();
        try {
            return body.get();
        } finally {
            e.lock.unlock();
            release(key);
        }
    }

    public void withLock(String key, Runnable body) {
        withLock(key, () -> {
            body.run();
            return null;
        });
    }

    /** Runs {@code body} only if the key's lock is free now; returns whether it ran. */
    public boolean tryWithLock(String key, Runnable body) {
        Entry e = acquire(key);
        if (!e.lock.tryLock()) {
            release(key);
            return false;
        }
        try {
            body.run();
            return true;
        } finally {
            e.lock.unlock();
            release(key);
        }
    }

    /** Whether the current thread holds the key's lock. */
    public boolean heldByCurrentThread(String key) {
        Entry e = locks.get(key);
        return e != null && e.lock.isHeldByCurrentThread();
    }

    /** Keys with a lock in use (for tests). */
    int size() {
        return locks.size();
    }

    private Entry acquire(String key) {
        return locks.compute(key, (k, e) -> {
            Entry entry = e == null ? new Entry() : e;
            entry.users++;
            return entry;
        });
    }

    private void release(String key) {
        locks.computeIfPresent(key, (k, e) -> --e.users == 0 ? null : e);
    }
}
