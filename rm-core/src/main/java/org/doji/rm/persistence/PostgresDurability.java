package org.doji.rm.persistence;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * What a PostgreSQL server's settings do to "acknowledged means on disk": with {@code fsync} off nothing is forced
 * to disk (a crash of the machine can corrupt the database), with {@code synchronous_commit} off a commit returns
 * before its log record is forced (a crash loses the last commits, up to three times {@code wal_writer_delay}).
 * Read at start; each one off is a warning.
 */
public final class PostgresDurability {

    private PostgresDurability() {
    }

    /** The warnings for the database behind {@code dataSource}: none for other databases or safe settings. */
    public static List<String> warnings(DataSource dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            if (!c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres")) {
                return List.of();
            }
            return warnings(show(c, "fsync"), show(c, "synchronous_commit"));
        }
    }

    static List<String> warnings(String fsync, String synchronousCommit) {
        List<String> out = new ArrayList<>();
        if (!"on".equalsIgnoreCase(fsync)) {
            out.add("PostgreSQL runs with fsync=" + fsync + ": nothing is forced to disk, so a power cut or an OS crash"
                    + " can lose acknowledged changes and corrupt the database; set fsync=on (postgresql.conf)");
        }
        if ("off".equalsIgnoreCase(synchronousCommit)) {
            out.add("PostgreSQL runs with synchronous_commit=" + synchronousCommit + " for this service: a commit is"
                    + " acknowledged before it is on disk, so a power cut or an OS crash loses the last acknowledged"
                    + " changes (a GRC may then hold a booking its RM forgot); set synchronous_commit=on (the database's,"
                    + " the role's or postgresql.conf's setting)");
        }
        return out;
    }

    private static String show(Connection c, String setting) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SHOW " + setting)) {
            return r.next() ? r.getString(1) : "unknown";
        }
    }
}
