package org.doji.rm.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps an embedded H2 file small while the service runs; run it every {@link #SYNC_INTERVAL}. Written through
 * ({@code WRITE_DELAY=0}: every commit in the file before it is acknowledged), H2 writes one chunk per commit and
 * has no background thread, so the housekeeping that thread would do never runs and the file only grows (2.7 GB
 * after 20,000 reservations of one RM). Each run
 * <ul>
 *   <li>forces the file to disk: everything written before is then durable, which is what H2 assumes of a chunk
 *       older than its retention time before it reuses the chunk's space; so the retention can be
 *       {@code chunkRetention} (a few seconds) instead of H2's 45 s, which at a busy RM's commit rate kept some
 *       hundred MB of dead chunks waiting (and a power cut now loses at most about a second of commits);</li>
 *   <li>every {@code compactionInterval}, when less than {@code targetFillRate} % of the chunks is live, rewrites
 *       the live pages of the sparsest chunks (the MVStore operation H2's own housekeeping uses, safe while
 *       sessions work), so whole chunks die and their space is reused.</li>
 * </ul>
 * Other databases, in-memory and server H2 are left alone.
 */
public final class H2Upkeep implements Runnable {

    /** How often the file is forced to disk. */
    public static final Duration SYNC_INTERVAL = Duration.ofSeconds(1);
    /** Rewritten at most per compaction: a few seconds' worth of commits of a busy service. */
    private static final int COMPACTION_WRITE_LIMIT = 16 * 1024 * 1024;
    private static final Logger log = LoggerFactory.getLogger(H2Upkeep.class);

    private final DataSource dataSource;
    private final Duration chunkRetention;
    private final long compactionNanos;
    private final int targetFillRate;
    /** Null until the first run has looked; false when the database is no embedded H2 file. */
    private volatile Boolean applies;
    private long lastCompaction = System.nanoTime();

    /**
     * @param chunkRetention     how long H2 keeps a chunk before its space may be reused (more than SYNC_INTERVAL)
     * @param compactionInterval how often sparse chunks are rewritten
     * @param targetFillRate     percentage of live data in chunks below which they are rewritten (1..100)
     */
    public H2Upkeep(DataSource dataSource, Duration chunkRetention, Duration compactionInterval, int targetFillRate) {
        if (chunkRetention.compareTo(SYNC_INTERVAL.multipliedBy(2)) < 0) {
            throw new IllegalArgumentException("the H2 chunk retention must be at least " + SYNC_INTERVAL.multipliedBy(2)
                    + " (twice the sync interval), was " + chunkRetention);
        }
        this.dataSource = dataSource;
        this.chunkRetention = chunkRetention;
        this.compactionNanos = compactionInterval.toNanos();
        this.targetFillRate = targetFillRate;
    }

    @Override
    public synchronized void run() {
        if (Boolean.FALSE.equals(applies)) {
            return;
        }
        try (Connection c = dataSource.getConnection()) {
            MVStore store = fileStore(c);
            if (store == null) {
                applies = false;
                return;
            }
            store.sync();
            if (applies == null) {
                // only now, with every earlier chunk on disk: the shorter retention is safe from here on
                store.setRetentionTime((int) chunkRetention.toMillis());
                applies = true;
                log.info("H2 file {}: forced to disk every {}, chunks reused after {}, compacted every {} s",
                        store.getFileStore().getFileName(), SYNC_INTERVAL, chunkRetention, compactionNanos / 1_000_000_000);
            }
            if (System.nanoTime() - lastCompaction >= compactionNanos) {
                lastCompaction = System.nanoTime();
                compact(store);
            }
        } catch (SQLException | RuntimeException e) {
            log.warn("upkeep of the H2 file failed; trying again at the next run", e);
        }
    }

    private void compact(MVStore store) {
        long before = store.getFileStore().size();
        int fillRate = store.getFileStore().getChunksFillRate();
        if (store.compact(targetFillRate, COMPACTION_WRITE_LIMIT)) {
            store.commit();
            log.debug("H2 file: chunks {}% live, rewritten; {} -> {} bytes", fillRate, before, store.getFileStore().size());
        }
    }

    /** The MVStore of an embedded, persistent H2 database behind {@code c}; null for anything else. */
    public static MVStore fileStore(Connection c) throws SQLException {
        if (!c.isWrapperFor(JdbcConnection.class)
                || !(c.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)) {
            return null;
        }
        var database = session.getDatabase();
        return database.isPersistent() && database.getStore() != null ? database.getStore().getMvStore() : null;
    }
}
