package org.doji.grc.tx;

/**
 * The bookkeeping of whatever a transaction changes (a co-allocation, a delegated reservation). The first two
 * run inside the database transaction that writes the transaction, so the subject and the transaction never
 * disagree; they must only touch the subject's own records.
 */
public interface TransactionSubject {

    /** Every participant acknowledged: the subject's final change, stored with the transaction's removal. */
    void finished(Transaction t);

    /** An undecided transaction was aborted without its owner (a restart, or the hold ran out): stored with the decision. */
    void abortedWithoutOwner(Transaction t);

    /** After {@link #finished} is durable: side effects (metrics, notifications). Must not throw. */
    default void afterFinished(Transaction t) {
    }

    /**
     * After {@link #abortedWithoutOwner} is durable and the abort's first pass of phase two was sent (acknowledged
     * or not): side effects (planning again, notifications). Must not throw.
     */
    default void afterAbortedWithoutOwner(Transaction t) {
    }

    TransactionSubject NONE = new TransactionSubject() {
        @Override
        public void finished(Transaction t) {
        }

        @Override
        public void abortedWithoutOwner(Transaction t) {
        }
    };
}
