package org.doji.rm.testing;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.model.naming.CamelCaseToUnderscoresNamingStrategy;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.cfg.AvailableSettings;
import org.springframework.boot.orm.jpa.hibernate.SpringImplicitNamingStrategy;

/**
 * What a database holds, read through JDBC metadata (tables with their columns' types, sizes and nullability,
 * primary keys, indexes) or row by row, and the schema Hibernate itself would make for a set of entities (with
 * Spring Boot's naming), to compare the migrations with the entities and an upgraded database with a new one.
 */
public final class DatabaseSchema {

    private DatabaseSchema() {
    }

    /** What a service's migrations make next to what Hibernate makes for its entities (table descriptions). */
    public record Comparison(Map<String, List<String>> migrated, Map<String, List<String>> mapped) {
    }

    /**
     * Migrates one fresh test database ({@link TestDatabase}, under {@code dir}) with {@code migrate} and lets
     * Hibernate create {@code entities} in another; describes both.
     */
    public static Comparison migratedAndMapped(java.nio.file.Path dir, java.util.function.Consumer<String> migrate,
                                               List<Class<?>> entities) throws SQLException {
        String migrated = TestDatabase.url(dir.resolve("migrated"));
        String mapped = TestDatabase.url(dir.resolve("mapped"));
        migrate.accept(migrated);
        createWithHibernate(mapped, entities);
        return new Comparison(describe(migrated), describe(mapped));
    }

    /** A connection to a test database URL (H2: the user Doji's defaults use; PostgreSQL: the URL's own user). */
    public static Connection connect(String url) throws SQLException {
        return url.startsWith("jdbc:h2:") ? DriverManager.getConnection(url, "sa", "") : DriverManager.getConnection(url);
    }

    /** Makes the schema of {@code entities} as Hibernate's {@code ddl-auto=create} would, with Spring Boot's naming. */
    public static void createWithHibernate(String url, List<Class<?>> entities) {
        StandardServiceRegistryBuilder builder = new StandardServiceRegistryBuilder()
                .applySetting(AvailableSettings.JAKARTA_JDBC_URL, url)
                .applySetting(AvailableSettings.PHYSICAL_NAMING_STRATEGY, CamelCaseToUnderscoresNamingStrategy.class.getName())
                .applySetting(AvailableSettings.IMPLICIT_NAMING_STRATEGY, SpringImplicitNamingStrategy.class.getName())
                .applySetting(AvailableSettings.HBM2DDL_AUTO, "create");
        if (url.startsWith("jdbc:h2:")) {
            builder.applySetting(AvailableSettings.JAKARTA_JDBC_USER, "sa");
        }
        StandardServiceRegistry registry = builder.build();
        MetadataSources sources = new MetadataSources(registry);
        entities.forEach(sources::addAnnotatedClass);
        try (SessionFactory ignored = sources.buildMetadata().buildSessionFactory()) {
            // building it ran the DDL
        } finally {
            StandardServiceRegistryBuilder.destroy(registry);
        }
    }

    /**
     * Every table of the connection's schema but Flyway's history: columns ({@code name type(size[,digits])
     * [NOT NULL]}), the primary key's columns and each other index ({@code name(columns)}), all in lower case.
     */
    public static Map<String, List<String>> describe(String url) throws SQLException {
        Map<String, List<String>> tables = new TreeMap<>();
        try (Connection c = connect(url)) {
            DatabaseMetaData meta = c.getMetaData();
            String schema = c.getSchema();
            try (ResultSet rs = meta.getTables(null, schema, "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    String table = rs.getString("TABLE_NAME");
                    if (!table.toLowerCase(Locale.ROOT).startsWith("flyway_")) {
                        tables.put(table.toLowerCase(Locale.ROOT), describe(meta, schema, table));
                    }
                }
            }
        }
        return tables;
    }

    private static List<String> describe(DatabaseMetaData meta, String schema, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = meta.getColumns(null, schema, table, "%")) {
            while (rs.next()) {
                String type = rs.getString("TYPE_NAME");
                String size = type.toLowerCase(Locale.ROOT).contains("char") ? "(" + rs.getInt("COLUMN_SIZE") + ")"
                        : type.toLowerCase(Locale.ROOT).contains("time") ? "(" + rs.getInt("DECIMAL_DIGITS") + ")" : "";
                out.add(rs.getString("COLUMN_NAME") + " " + type + size
                        + (rs.getInt("NULLABLE") == DatabaseMetaData.columnNoNulls ? " NOT NULL" : ""));
            }
        }
        List<String> key = new ArrayList<>();
        try (ResultSet rs = meta.getPrimaryKeys(null, schema, table)) {
            while (rs.next()) {
                key.add(rs.getString("COLUMN_NAME"));
            }
        }
        out.add("primary key " + key);
        Map<String, List<String>> indexes = new TreeMap<>();
        try (ResultSet rs = meta.getIndexInfo(null, schema, table, false, false)) {
            while (rs.next()) {
                String name = rs.getString("INDEX_NAME");
                if (name != null && rs.getBoolean("NON_UNIQUE")) {
                    indexes.computeIfAbsent(name, n -> new ArrayList<>()).add(rs.getString("COLUMN_NAME"));
                }
            }
        }
        indexes.forEach((name, columns) -> out.add("index " + name + columns));
        return out.stream().map(s -> s.toLowerCase(Locale.ROOT)).sorted().toList();
    }

    /** Every row of {@code table}, each column as text, ordered by its first column. */
    public static List<Map<String, String>> rows(String url, String table) throws SQLException {
        List<Map<String, String>> rows = new ArrayList<>();
        try (Connection c = connect(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT * FROM " + table + " ORDER BY 1")) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Map<String, String> row = new TreeMap<>();
                for (int i = 1; i <= n; i++) {
                    row.put(rs.getMetaData().getColumnLabel(i).toLowerCase(Locale.ROOT), rs.getString(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /**
     * The versions in a Flyway history table, in the order applied, each with whether it succeeded (Flyway's own
     * marker rows without a version, such as the history table's creation, left out).
     */
    public static List<String> history(String url, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT \"version\", \"success\" FROM \"" + table + "\" WHERE \"version\" IS NOT NULL"
                        + " ORDER BY \"installed_rank\"")) {
            while (rs.next()) {
                out.add(rs.getString(1) + (rs.getBoolean(2) ? "" : " FAILED"));
            }
        }
        return out;
    }

    /** Loads an H2 SQL dump ({@code SCRIPT}) from the class path into the H2 database at {@code url}. */
    public static void restoreH2Dump(String url, String resource) throws SQLException {
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            s.execute("RUNSCRIPT FROM 'classpath:" + resource + "'");
        }
    }
}
