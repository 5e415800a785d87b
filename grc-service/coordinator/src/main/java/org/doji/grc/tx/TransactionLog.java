package org.doji.grc.tx;

import java.util.List;
import java.util.Optional;

/**
 * Where transactions are kept durably. Every write also runs {@code alongside} (the subject's own change) in
 * the same database transaction, so a transaction and its subject never disagree after a crash. A write of a
 * stale copy (another writer changed it meanwhile) fails with {@link ConcurrentChangeException}.
 */
public interface TransactionLog {

    /** Inserts or updates; returns the stored copy (its new version). */
    Transaction save(Transaction t, Runnable alongside);

    /** Removes a finished transaction. */
    void remove(Transaction t, Runnable alongside);

    Optional<Transaction> find(String id);

    /** Every transaction not finished yet. */
    List<Transaction> unfinished();

    /** The unfinished transactions of one subject. */
    List<Transaction> ofSubject(String subject);

    /** Another writer changed or removed the transaction since it was read. */
    final class ConcurrentChangeException extends RuntimeException implements org.doji.rm.fault.ChangedMeanwhile {
        public ConcurrentChangeException(String message) {
            super(message);
        }
    }
}
