package org.doji.grc.tx;

/**
 * Who works on a key now, across every replica of the GRC that shares one database: a claim is held by one
 * replica at a time, and a claim of a replica whose lease ran out (it died, or lost its database) may be taken by
 * another. Claims are what makes a replica's work its own; the optimistic versions of the transaction records
 * stay the last guard (a replica that lost its lease cannot overwrite what another wrote meanwhile).
 */
public interface Claims {

    /** Claims {@code key} for this replica; true if it holds it now (new, taken from a dead replica, or its own). */
    boolean tryClaim(String key);

    /** Gives up this replica's claim of {@code key} (nothing if it holds none). */
    void release(String key);

    /**
     * Fencing, inside the caller's database transaction before it commits: each of {@code keys} must still be claimed
     * by this replica with the epoch it claimed it with (the claims' rows stay locked until the commit, so no replica
     * takes one over in between); otherwise throws {@link StaleClaimException} and the transaction is rolled back.
     */
    default void fence(java.util.Collection<String> keys) {
    }

    /** A write under a claim this replica no longer holds (its lease ran out and the claim was taken over or voided). */
    final class StaleClaimException extends RuntimeException implements org.doji.rm.fault.ChangedMeanwhile {
        public StaleClaimException(String message) {
            super(message);
        }
    }

    /** One GRC alone: every claim is granted (the in-JVM locks of {@link ReplicaLocks} are the only guard). */
    Claims NONE = new Claims() {
        @Override
        public boolean tryClaim(String key) {
            return true;
        }

        @Override
        public void release(String key) {
        }
    };
}
