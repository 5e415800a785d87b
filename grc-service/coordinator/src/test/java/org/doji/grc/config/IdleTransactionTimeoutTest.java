package org.doji.grc.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdleTransactionTimeoutTest {

    private final IdleTransactionTimeout timeout = new IdleTransactionTimeout(Duration.ofSeconds(3));

    @Test
    void aPostgresPoolEndsTransactionsIdleForTwoLeases() {
        HikariDataSource pool = pool("jdbc:postgresql://localhost:5432/doji");
        timeout.postProcessAfterInitialization(pool, "dataSource");
        assertThat(pool.getConnectionInitSql()).isEqualTo("SET idle_in_transaction_session_timeout = 6000");
    }

    @Test
    void aLeaseLongerThanPostgresCanWaitIsCutToItsLargestTimeout() {
        assertThat(new IdleTransactionTimeout(Duration.ofHours(1000)).initSql())
                .isEqualTo("SET idle_in_transaction_session_timeout = " + Integer.MAX_VALUE);
    }

    @Test
    void otherDatabasesAreLeftAlone() {
        HikariDataSource pool = pool("jdbc:h2:file:./data/grc");
        timeout.postProcessAfterInitialization(pool, "dataSource");
        assertThat(pool.getConnectionInitSql()).isNull();
        assertThat(pool.getExceptionOverrideClassName()).as("an embedded H2 file: nobody ends its sessions").isNull();
    }

    /** On a shared H2 file the replicas end each other's idle transactions; the pool drops what they ended. */
    @Test
    void aSharedH2PoolDropsTheConnectionsWhoseSessionWasEnded() {
        HikariDataSource pool = pool("jdbc:h2:file:./data/grc;AUTO_SERVER=TRUE");
        timeout.postProcessAfterInitialization(pool, "dataSource");
        assertThat(pool.getExceptionOverrideClassName()).isEqualTo(H2EndedSessions.class.getName());
        H2EndedSessions override = new H2EndedSessions();
        assertThat(override.adjudicate(new SQLException("Connection is broken: \"session closed\"", "90067", 90067)))
                .isEqualTo(com.zaxxer.hikari.SQLExceptionOverride.Override.MUST_EVICT);
        assertThat(override.adjudicate(new SQLException("Database is already closed", "90121", 90121)))
                .isEqualTo(com.zaxxer.hikari.SQLExceptionOverride.Override.MUST_EVICT);
        assertThat(override.adjudicate(new SQLException("Timeout trying to lock table", "HYT00", 50200)))
                .isEqualTo(com.zaxxer.hikari.SQLExceptionOverride.Override.CONTINUE_EVICT);
    }

    @Test
    void anOperatorsOwnInitSqlIsKept() {
        HikariDataSource pool = pool("jdbc:postgresql://db/doji");
        pool.setConnectionInitSql("SET search_path = doji");
        timeout.postProcessAfterInitialization(pool, "dataSource");
        assertThat(pool.getConnectionInitSql()).isEqualTo("SET search_path = doji");
    }

    @Test
    void otherBeansPassThrough() {
        Object bean = new Object();
        assertThat(timeout.postProcessAfterInitialization(bean, "x")).isSameAs(bean);
    }

    /**
     * On a real PostgreSQL server: a session that locked a row and then stood still (its process frozen) is ended by
     * the server after two leases, and another session waiting on the row gets it. Without the timeout the waiting
     * delete never ends (it is cut off by its own statement timeout here).
     */
    @Test
    void onPostgresAFrozenSessionsLocksAreFreedAfterTwoLeases(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(TestDatabase.postgres(), "runs when the suite runs on PostgreSQL (doji.test.db)");
        try (HikariDataSource pool = pool(TestDatabase.url(dir.resolve("idle")))) {
            new IdleTransactionTimeout(Duration.ofSeconds(1)).postProcessAfterInitialization(pool, "dataSource");
            try (Connection setup = pool.getConnection(); Statement s = setup.createStatement()) {
                s.execute("create table frozen_row (k varchar(20) primary key)");
                s.execute("insert into frozen_row values ('claim')");
            }
            Connection frozen = pool.getConnection();
            frozen.setAutoCommit(false);
            try (Statement s = frozen.createStatement()) {
                s.executeQuery("select k from frozen_row where k = 'claim' for update").close();
            }
            // the holder now does nothing, as a replica stopped with SIGSTOP does
            try (Connection other = pool.getConnection(); Statement s = other.createStatement()) {
                s.execute("SET statement_timeout = 20000");
                assertThat(s.executeUpdate("delete from frozen_row where k = 'claim'")).isEqualTo(1);
            }
            assertThat(frozen.isValid(2)).as("the frozen session was ended by the server").isFalse();
            try {
                frozen.close();
            } catch (SQLException ignored) {
                // its session is gone
            }
        }
    }

    private static HikariDataSource pool(String url) {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(url);
        return pool;
    }
}
