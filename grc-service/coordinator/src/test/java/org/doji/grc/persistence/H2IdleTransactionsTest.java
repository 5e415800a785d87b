package org.doji.grc.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.h2.jdbcx.JdbcDataSource;
import org.h2.tools.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An H2 database shared over TCP, as replicas share one: a session that holds a row lock in a transaction it left
 * idle (a frozen replica) makes another session's delete of that row wait until its lock timeout; once the session was
 * idle longer than the timeout, it is ended, its locks are freed and its transaction can no longer commit. Sessions
 * not in a transaction, or idle for less than the timeout, are left alone.
 */
class H2IdleTransactionsTest {

    @TempDir
    Path dir;
    private Server server;
    private String url;

    @BeforeEach
    void start() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        server = Server.createTcpServer("-tcpPort", String.valueOf(port), "-ifNotExists", "-baseDir", dir.toString()).start();
        url = "jdbc:h2:tcp://localhost:" + port + "/claims";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("create table grc_claim (claim_key varchar(400) primary key, replica_id varchar(128))");
            s.execute("insert into grc_claim values ('co-1', 'grc-r2'), ('co-2', 'grc-r2')");
        }
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    @Test
    void aSessionIdleInATransactionPastTheTimeoutIsEndedAndItsLocksAreFreed() throws Exception {
        try (Connection frozen = connect(); Connection idleOutside = connect(); Connection sweeper = connect()) {
            frozen.setAutoCommit(false);
            frozen.createStatement().executeQuery("select * from grc_claim where claim_key = 'co-1' for update").next();
            idleOutside.createStatement().executeQuery("select count(*) from grc_claim").next();
            sweeper.createStatement().execute("set lock_timeout 200");
            assertThatThrownBy(() -> sweeper.createStatement().executeUpdate("delete from grc_claim where claim_key = 'co-1'"))
                    .as("the frozen session's lock holds the sweep").isInstanceOf(SQLException.class);

            assertThat(new H2IdleTransactions(dataSource(), Duration.ofHours(1)).abortIdle())
                    .as("idle for less than the timeout").isZero();
            H2IdleTransactions idle = new H2IdleTransactions(dataSource(), Duration.ofMillis(100));
            await().atMost(Duration.ofSeconds(10)).until(() -> idle.abortIdle() == 1);

            assertThat(sweeper.createStatement().executeUpdate("delete from grc_claim where claim_key = 'co-1'")).isOne();
            assertThatThrownBy(frozen::commit).as("the ended transaction").isInstanceOf(SQLException.class);
            assertThat(idleOutside.createStatement().executeQuery("select count(*) from grc_claim").next())
                    .as("a session idle outside a transaction is left alone").isTrue();
            assertThat(idle.abortIdle()).isZero();
        }
    }

    @Test
    void aTimeoutMustBePositive() {
        assertThatThrownBy(() -> new H2IdleTransactions(dataSource(), Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(url, "sa", "");
    }

    private JdbcDataSource dataSource() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL(url);
        ds.setUser("sa");
        return ds;
    }
}
