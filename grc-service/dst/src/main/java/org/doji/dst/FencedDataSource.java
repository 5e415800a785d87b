package org.doji.dst;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * A node's H2 database as its process sees it: once the process crashes, what it had not committed is rolled back
 * and every further statement fails as a dead process's would, until it starts again. The database itself (in
 * memory, kept while the run lasts) is what survives the crash.
 */
final class FencedDataSource implements DataSource {

    private final JdbcConnectionPool pool;
    private final Supplier<SimulatedCrash> dead;
    private final Set<Connection> open = new LinkedHashSet<>();
    private boolean fenced;

    FencedDataSource(String url, Supplier<SimulatedCrash> dead) {
        this.pool = JdbcConnectionPool.create(url, "sa", "");
        this.pool.setMaxConnections(8);
        this.dead = dead;
    }

    void fence() {
        fenced = true;
        for (Connection c : open) {
            try {
                if (!c.getAutoCommit()) {
                    c.rollback();
                }
                c.close();
            } catch (SQLException e) {
                // the connection is gone either way
            }
        }
        open.clear();
    }

    void unfence() {
        fenced = false;
    }

    void shutdown() {
        try (Connection c = pool.getConnection()) {
            c.createStatement().execute("SHUTDOWN");
        } catch (SQLException e) {
            // already gone
        }
        pool.dispose();
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (fenced) {
            throw dead.get();
        }
        Connection real = pool.getConnection();
        open.add(real);
        Connection[] self = new Connection[1];
        self[0] = (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, m, args) -> {
                    if (m.getName().equals("close")) {
                        open.remove(real);
                        if (!real.isClosed()) {
                            real.close();
                        }
                        return null;
                    }
                    if (fenced && !m.getName().equals("isClosed")) {
                        throw dead.get();
                    }
                    try {
                        return m.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        return self[0];
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
    }

    @Override
    public void setLoginTimeout(int seconds) {
    }

    @Override
    public int getLoginTimeout() {
        return 0;
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getGlobal();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return false;
    }
}
