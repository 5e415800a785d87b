package org.doji.dst;

import org.springframework.transaction.PlatformTransactionManager;

/**
 * A node's database: what it committed survives its crashes, what it had not committed is lost. Fenced from the
 * moment the node crashes until its next start: every statement then fails as a dead process's would.
 */
interface NodeStorage {

    PlatformTransactionManager transactions();

    /** Where the node may die at a commit (before it: the change is lost; after it: the change stays). */
    void commitFaults(CommitFaults faults);

    void fence();

    void unfence();

    /** Drops everything (the end of a run). */
    void close();
}
