package org.doji.rm.fault;

/**
 * A failure that says another writer changed what a request was changing between its read and its write (a replica
 * took the work over, a concurrent request got there first). Nothing was written; the caller may read the new state
 * and try again. Neither the caller's fault nor an internal error: it is answered as the resource being unavailable
 * for now.
 */
public interface ChangedMeanwhile {
}
