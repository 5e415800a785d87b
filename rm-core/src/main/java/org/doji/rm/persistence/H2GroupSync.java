package org.doji.rm.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.h2.mvstore.MVStore;

/**
 * Forces an embedded H2 file to disk before a commit is acknowledged, one force for all the commits that arrive
 * while the previous force runs (group commit): a committer waits until a force that began after its commit has
 * ended. H2 written through ({@code WRITE_DELAY=0}) puts each commit in the file at once, but only in the operating
 * system's page cache: a power cut or an OS crash loses it, and a GRC may then believe in a booking its RM forgot.
 * Other databases, in-memory and server H2 need nothing here (PostgreSQL forces its log itself when
 * {@code synchronous_commit} is on).
 */
public final class H2GroupSync {

    private final DataSource dataSource;
    private final Object lock = new Object();
    /** The store, once looked up; null before, or when the database is no embedded H2 file (see {@link #applies}). */
    private volatile MVStore store;
    private volatile Boolean applies;
    /** The store version everything up to which is on disk. */
    private long synced = -1;
    private boolean syncing;
    private long forces;

    public H2GroupSync(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Returns once everything committed before this call is on disk. */
    public void awaitDurable() {
        MVStore s = store();
        if (s == null) {
            return;
        }
        long target = s.getCurrentVersion();
        while (true) {
            synchronized (lock) {
                while (syncing && synced < target) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted while the commit was forced to disk", e);
                    }
                }
                if (synced >= target) {
                    return;
                }
                syncing = true;
            }
            long covering = s.getCurrentVersion(); // every commit up to this one is in the file now
            boolean done = false;
            try {
                s.sync();
                done = true;
            } finally {
                synchronized (lock) {
                    syncing = false;
                    if (done) {
                        synced = Math.max(synced, covering);
                        forces++;
                    }
                    lock.notifyAll();
                }
            }
        }
    }

    /** How many forces ran (for measurements: commits per force is the group commit's gain). */
    public long forces() {
        synchronized (lock) {
            return forces;
        }
    }

    private MVStore store() {
        if (Boolean.FALSE.equals(applies)) {
            return null;
        }
        MVStore s = store;
        if (s != null && !s.isClosed()) {
            return s;
        }
        try (Connection c = dataSource.getConnection()) {
            s = H2Upkeep.fileStore(c);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot reach the database to force its commit to disk", e);
        }
        applies = s != null;
        store = s;
        return s;
    }
}
