package org.doji.crm.sge.bench;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * Wraps a DataSource so that the time spent inside JDBC (connections, statements, result sets, commits)
 * is counted as "db". Interface proxies: no dependency on a pool or driver.
 */
final class TimingDataSource {

    private TimingDataSource() {
    }

    static DataSource wrap(DataSource ds, Timings timings) {
        return proxy(ds, DataSource.class, timings);
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Object target, Class<T> type, Timings timings) {
        InvocationHandler h = (p, m, args) -> {
            long t0 = System.nanoTime();
            try {
                Object r = m.invoke(target, args);
                if (r instanceof CallableStatement cs) {
                    return proxy(cs, CallableStatement.class, timings);
                } else if (r instanceof PreparedStatement ps) {
                    return proxy(ps, PreparedStatement.class, timings);
                } else if (r instanceof Statement st) {
                    return proxy(st, Statement.class, timings);
                } else if (r instanceof Connection c) {
                    return proxy(c, Connection.class, timings);
                }
                return r;
            } catch (InvocationTargetException e) {
                throw e.getCause();
            } finally {
                timings.add("db", System.nanoTime() - t0);
            }
        };
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, h);
    }
}
