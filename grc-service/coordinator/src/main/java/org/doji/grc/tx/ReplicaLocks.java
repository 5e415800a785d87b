package org.doji.grc.tx;

import java.time.Duration;
import java.util.function.Supplier;
import org.doji.rm.util.KeyLocks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One lock per key across the replicas of a GRC: an in-JVM {@link KeyLocks} first (cheap, and it orders this
 * process's threads), then the key's {@link Claims claim} in the shared database, held while the work runs and
 * released after it. A thread that holds a key already enters again without a second claim.
 */
public final class ReplicaLocks {

    private static final Logger log = LoggerFactory.getLogger(ReplicaLocks.class);
    private static final Duration FIRST_WAIT = Duration.ofMillis(5);
    private static final Duration LONGEST_WAIT = Duration.ofMillis(200);

    private final KeyLocks local = new KeyLocks();
    /** The keys this thread holds claims of now (innermost last): its writes are fenced by them. */
    private final ThreadLocal<java.util.ArrayDeque<String>> held = ThreadLocal.withInitial(java.util.ArrayDeque::new);
    private final Claims claims;
    private final TransactionEngine.Sleeper sleeper;

    /** @param sleeper waits between two tries of a claim another replica holds */
    public ReplicaLocks(Claims claims, TransactionEngine.Sleeper sleeper) {
        this.claims = claims;
        this.sleeper = sleeper;
    }

    /** Locks of one GRC alone (no database claims). */
    public static ReplicaLocks local() {
        return new ReplicaLocks(Claims.NONE, d -> { });
    }

    public Claims claims() {
        return claims;
    }

    /** The keys whose claims the calling thread holds now (empty when claims are local). */
    public java.util.List<String> heldByThisThread() {
        return acrossProcesses() ? java.util.List.copyOf(held.get()) : java.util.List.of();
    }

    /** Whether other processes (replicas) share the database, so the locks reach into it. */
    public boolean acrossProcesses() {
        return claims != Claims.NONE;
    }

    /** Runs {@code work} holding {@code key} here and in the database, waiting as long as another holds it. */
    public <T> T withLock(String key, Supplier<T> work) {
        if (local.heldByCurrentThread(key)) {
            return work.get();
        }
        return local.withLock(key, () -> {
            Duration wait = FIRST_WAIT;
            while (!claims.tryClaim(key)) {
                pause(key, wait);
                wait = wait.multipliedBy(2).compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait.multipliedBy(2);
            }
            held.get().addLast(key);
            try {
                return work.get();
            } finally {
                held.get().removeLastOccurrence(key);
                release(key);
            }
        });
    }

    public void withLock(String key, Runnable work) {
        withLock(key, () -> {
            work.run();
            return null;
        });
    }

    /** Runs {@code work} only if nobody (here or at another live replica) holds {@code key} now; returns whether it ran. */
    public boolean tryWithLock(String key, Runnable work) {
        if (local.heldByCurrentThread(key)) {
            work.run();
            return true;
        }
        boolean[] ran = new boolean[1];
        local.tryWithLock(key, () -> {
            if (!claims.tryClaim(key)) {
                return;
            }
            held.get().addLast(key);
            try {
                work.run();
                ran[0] = true;
            } finally {
                held.get().removeLastOccurrence(key);
                release(key);
            }
        });
        return ran[0];
    }

    private void release(String key) {
        try {
            claims.release(key);
        } catch (RuntimeException e) {
            // still ours: this replica takes it again at once; others only once our lease ran out
            log.warn("could not release the claim of {}: {}", key, e.toString());
        }
    }

    private void pause(String key, Duration d) {
        try {
            sleeper.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + key, e);
        }
    }
}
