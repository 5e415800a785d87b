package org.doji.rm.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps an embedded H2 file small while the service runs. Written through ({@code WRITE_DELAY=0}, every commit
 * in the file before it is acknowledged), H2 writes one chunk per commit and has no background thread; the
 * housekeeping that thread would do (rewriting the live pages of sparse chunks, so whole chunks die and their
 * space is reused once older than H2's {@code RETENTION_TIME}) never runs, and the file only grows: 2.7 GB after
 * 20,000 reservations of one RM. Each run rewrites up to {@code writeLimit} bytes of the sparsest chunks when the
 * chunks' fill rate is below {@code targetFillRate}, the same MVStore operation H2's own housekeeping uses, safe
 * while sessions work. Other databases (and in-memory or server H2) are left alone.
 */
public final class H2Compaction implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(H2Compaction.class);

    private final DataSource dataSource;
    private final int targetFillRate;
    private final int writeLimit;
    /** Null until the first run has looked; false when the database is no embedded H2 file. */
    private volatile Boolean applies;

    /**
     * @param targetFillRate percentage of live data in chunks below which sparse chunks are rewritten (1..100)
     * @param writeLimit     at most this many bytes rewritten per run
     */
    public H2Compaction(DataSource dataSource, int targetFillRate, int writeLimit) {
        this.dataSource = dataSource;
        this.targetFillRate = targetFillRate;
        this.writeLimit = writeLimit;
    }

    @Override
    public void run() {
        if (Boolean.FALSE.equals(applies)) {
            return;
        }
        try (Connection c = dataSource.getConnection()) {
            MVStore store = fileStore(c);
            applies = store != null;
            if (store == null) {
                return;
            }
            long before = store.getFileStore().size();
            int fillRate = store.getFileStore().getChunksFillRate();
            if (store.compact(targetFillRate, writeLimit)) {
                store.commit();
                log.debug("H2 file: chunks {}% live, rewritten; {} -> {} bytes", fillRate, before,
                        store.getFileStore().size());
            }
        } catch (SQLException | RuntimeException e) {
            log.warn("compacting the H2 file failed; trying again at the next run", e);
        }
    }

    /** The MVStore of an embedded, persistent H2 database behind {@code c}; null for anything else. */
    private static MVStore fileStore(Connection c) throws SQLException {
        if (!c.isWrapperFor(JdbcConnection.class)
                || !(c.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)) {
            return null;
        }
        var database = session.getDatabase();
        return database.isPersistent() && database.getStore() != null ? database.getStore().getMvStore() : null;
    }
}
