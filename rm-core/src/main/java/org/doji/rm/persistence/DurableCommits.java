package org.doji.rm.persistence;

import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;

/**
 * Every committed read-write transaction of the service waits, before its caller goes on (and so before anything is
 * acknowledged), until its commit is on disk ({@link H2GroupSync}). Spring Boot registers this listener with the
 * service's transaction manager.
 */
public final class DurableCommits implements TransactionExecutionListener {

    private final H2GroupSync sync;

    public DurableCommits(H2GroupSync sync) {
        this.sync = sync;
    }

    @Override
    public void afterCommit(TransactionExecution transaction, Throwable commitFailure) {
        if (commitFailure == null && transaction.isNewTransaction() && !transaction.isReadOnly()) {
            sync.awaitDurable();
        }
    }
}
