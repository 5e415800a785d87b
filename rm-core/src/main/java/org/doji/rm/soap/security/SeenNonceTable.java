package org.doji.rm.soap.security;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * The UsernameTokens a service accepted, in its database ({@code rm_seen_nonce} at an RM, {@code grc_seen_nonce} at
 * a GRC): every replica of a GRC sharing the database, and the service after a restart, refuses a token accepted
 * before while it is fresh. A row per token, its primary key the identifier: an insert that meets the key is a
 * replay, unless the row it meets has expired (then it is taken again). Expired rows are removed now and then.
 *
 * <p>Its own short transaction, not forced to disk on its own: whatever a call changes is committed (and forced)
 * after its token, and commits reach the disk in order, so a token whose call changed something survives a crash
 * with it; a read whose token a power cut lost can be read once more.
 */
public final class SeenNonceTable implements SeenNonces {

    private static final Duration PURGE_EVERY = Duration.ofMinutes(1);

    private final DataSource dataSource;
    private final String table;
    private final Clock clock;
    private volatile Instant nextPurge = Instant.MIN;
    private volatile Boolean postgres;

    /** @param table {@code rm_seen_nonce} or {@code grc_seen_nonce} */
    public SeenNonceTable(DataSource dataSource, String table, Clock clock) {
        if (!table.matches("[a-z_]+")) {
            throw new IllegalArgumentException("not a table name: " + table);
        }
        this.dataSource = dataSource;
        this.table = table;
        this.clock = clock;
    }

    @Override
    public NonceCache.Outcome addIfAbsent(String id, Instant expiry) {
        Instant now = clock.instant();
        try (Connection c = dataSource.getConnection()) {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                NonceCache.Outcome outcome = add(c, id, expiry, now);
                c.commit();
                if (now.isAfter(nextPurge)) {
                    nextPurge = now.plus(PURGE_EVERY);
                    purge(c, now);
                }
                return outcome;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(auto);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot record the token in the database", e);
        }
    }

    private NonceCache.Outcome add(Connection c, String id, Instant expiry, Instant now) throws SQLException {
        if (postgres == null) {
            postgres = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
        }
        if (postgres) {
            try (Statement s = c.createStatement()) {
                s.execute("SET LOCAL synchronous_commit TO OFF"); // see the class comment
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + table + " (nonce_id, expires) VALUES (?, ?)"
                    + " ON CONFLICT (nonce_id) DO UPDATE SET expires = EXCLUDED.expires WHERE " + table + ".expires <= ?")) {
                insert.setString(1, id);
                insert.setObject(2, expiry.atOffset(ZoneOffset.UTC));
                insert.setObject(3, now.atOffset(ZoneOffset.UTC));
                return insert.executeUpdate() == 1 ? NonceCache.Outcome.ADDED : NonceCache.Outcome.REPLAYED;
            }
        }
        // H2: one statement, so a concurrent copy of the token meets the key (or the row's lock) and not a gap
        try (PreparedStatement merge = c.prepareStatement("MERGE INTO " + table + " t USING (VALUES (CAST(? AS VARCHAR(64)),"
                + " CAST(? AS TIMESTAMP(6) WITH TIME ZONE))) s (nonce_id, expires) ON t.nonce_id = s.nonce_id"
                + " WHEN MATCHED AND t.expires <= ? THEN UPDATE SET expires = s.expires"
                + " WHEN NOT MATCHED THEN INSERT (nonce_id, expires) VALUES (s.nonce_id, s.expires)")) {
            merge.setString(1, id);
            merge.setObject(2, expiry.atOffset(ZoneOffset.UTC));
            merge.setObject(3, now.atOffset(ZoneOffset.UTC));
            return merge.executeUpdate() == 1 ? NonceCache.Outcome.ADDED : NonceCache.Outcome.REPLAYED;
        } catch (SQLException e) {
            if ("23505".equals(e.getSQLState())) {
                return NonceCache.Outcome.REPLAYED; // a copy of the token inserted it meanwhile
            }
            throw e;
        }
    }

    private void purge(Connection c, Instant now) throws SQLException {
        try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + table + " WHERE expires <= ?")) {
            delete.setObject(1, now.atOffset(ZoneOffset.UTC));
            delete.executeUpdate();
            c.commit();
        }
    }
}
