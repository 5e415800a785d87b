package org.doji.rm.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The database the tests run their services on: durable H2 files (the default), or a real PostgreSQL server when
 * {@code -Ddoji.test.db=postgresql} (Maven profile {@code postgresql}; {@code scripts/postgres.sh start} runs one),
 * where each service gets a fresh schema of its own in one database, so services never share tables, and the same
 * H2 path always maps to the same schema (a restarted service reopens its data). A PostgreSQL run without a
 * reachable server fails at once with what to do, never skips.
 * <p>
 * Server: {@code doji.test.pg.url} (default {@code jdbc:postgresql://localhost:5432/doji_test}),
 * {@code doji.test.pg.user} / {@code doji.test.pg.password} (default {@code doji} / {@code doji}).
 */
public final class TestDatabase {

    private static final String KIND = System.getProperty("doji.test.db", "h2").trim().toLowerCase(Locale.ROOT);
    private static final String PG_URL = System.getProperty("doji.test.pg.url", "jdbc:postgresql://localhost:5432/doji_test");
    private static final String PG_USER = System.getProperty("doji.test.pg.user", "doji");
    private static final String PG_PASSWORD = System.getProperty("doji.test.pg.password", "doji");
    /** Schemas of this JVM start with it: runs never see each other's data. */
    private static final String RUN = "t" + UUID.randomUUID().toString().substring(0, 6);
    private static final AtomicInteger SCHEMAS = new AtomicInteger();
    private static final Map<Path, String> SCHEMA_OF = new ConcurrentHashMap<>();

    static {
        if (!KIND.equals("h2") && !KIND.equals("postgresql")) {
            throw new IllegalStateException("doji.test.db must be h2 or postgresql, was " + KIND);
        }
    }

    private TestDatabase() {
    }

    public static boolean postgres() {
        return KIND.equals("postgresql");
    }

    /** "h2" or "postgresql". */
    public static String kind() {
        return KIND;
    }

    /** The JDBC URL of the service whose H2 file would be {@code h2File} (without {@code .mv.db}). */
    public static String url(Path h2File) {
        if (!postgres()) {
            // the services' own settings: written through (H2 alone would write a commit up to 500 ms later)
            return "jdbc:h2:file:" + h2File.toAbsolutePath() + org.doji.rm.config.DojiDefaults.H2_FILE_SETTINGS;
        }
        String schema = SCHEMA_OF.computeIfAbsent(h2File.toAbsolutePath().normalize(),
                p -> schemaName(p.getFileName().toString()));
        createSchema(schema);
        return pgUrl(schema);
    }

    /**
     * What {@code LocalGrid.start} takes as its database: on H2 {@code h2} itself ("mem" or a directory), on
     * PostgreSQL a URL template whose {@code {id}} each service replaces by its id (a schema per service and grid).
     */
    public static String grid(String h2) {
        if (!postgres()) {
            return h2;
        }
        String prefix = schemaName("g");
        createSchemaPrefixCheck();
        return pgUrl(prefix + "_{id}");
    }

    private static String pgUrl(String schema) {
        String sep = PG_URL.contains("?") ? "&" : "?";
        return PG_URL + sep + "currentSchema=" + schema + "&user=" + PG_USER + "&password=" + PG_PASSWORD;
    }

    private static String schemaName(String name) {
        String clean = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        String schema = RUN + "_" + SCHEMAS.incrementAndGet() + "_" + clean;
        return schema.length() > 40 ? schema.substring(0, 40) : schema;
    }

    private static void createSchemaPrefixCheck() {
        try (Connection c = connect()) {
            c.isValid(5);
        } catch (SQLException e) {
            throw unreachable(e);
        }
    }

    private static void createSchema(String schema) {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
        } catch (SQLException e) {
            throw unreachable(e);
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(PG_URL, PG_USER, PG_PASSWORD);
    }

    private static IllegalStateException unreachable(SQLException e) {
        return new IllegalStateException("doji.test.db=postgresql, but PostgreSQL at " + PG_URL + " (user " + PG_USER
                + ") cannot be used: " + e.getMessage() + " -- start it with scripts/postgres.sh start", e);
    }
}
