package org.doji.grc.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL's {@code idle_in_transaction_session_timeout} for an H2 database the replicas share (its automatic
 * server, or an H2 server): H2 has no such setting, so a replica ends, by H2's {@code ABORT_SESSION}, every other
 * session that has held uncommitted changes idle for longer than the timeout. A replica frozen inside a transaction
 * (a long pause, a stopped VM) otherwise keeps its row locks until it wakes, and the replicas that take its work over
 * wait on them for ever: its lease runs out, but nobody can remove its claims. Its writes would be refused by fencing
 * anyway. Idle is the database's own measure ({@code SLEEP_SINCE}, its clock), as on PostgreSQL.
 */
public class H2IdleTransactions {

    private static final Logger log = LoggerFactory.getLogger(H2IdleTransactions.class);

    private static final String IDLE = "select session_id, user_name, client_addr, sleep_since from information_schema.sessions"
            + " where session_id <> session_id() and contains_uncommitted and session_state = 'SLEEP'"
            + " and sleep_since < dateadd(millisecond, ?, current_timestamp)";

    private final DataSource dataSource;
    private final Duration timeout;
    private volatile boolean refused;

    public H2IdleTransactions(DataSource dataSource, Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the idle-transaction timeout must be positive: " + timeout);
        }
        this.dataSource = dataSource;
        this.timeout = timeout;
    }

    /** Ends every other session idle in a transaction for longer than the timeout; how many were ended. */
    public int abortIdle() {
        if (refused) {
            return 0;
        }
        try (Connection c = dataSource.getConnection()) {
            List<String> ended = new ArrayList<>();
            List<Integer> ids = new ArrayList<>();
            try (PreparedStatement idle = c.prepareStatement(IDLE)) {
                idle.setLong(1, -Math.min(timeout.toMillis(), Integer.MAX_VALUE));
                try (ResultSet rs = idle.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getInt(1));
                        ended.add("session " + rs.getInt(1) + " of " + rs.getString(2) + " at " + rs.getString(3)
                                + ", idle since " + rs.getString(4));
                    }
                }
            }
            int n = 0;
            for (int i = 0; i < ids.size(); i++) {
                try (PreparedStatement abort = c.prepareStatement("call abort_session(?)")) {
                    abort.setInt(1, ids.get(i));
                    try (ResultSet rs = abort.executeQuery()) {
                        if (rs.next() && rs.getBoolean(1)) {
                            n++;
                            log.warn("H2: ended {} in a transaction (longer than {}): its row locks are freed",
                                    ended.get(i), timeout);
                        }
                    }
                }
            }
            return n;
        } catch (SQLException e) {
            if (e.getErrorCode() == 90040) { // ADMIN_RIGHTS_REQUIRED
                refused = true;
                log.warn("H2: the GRC's database user is no administrator, so a replica frozen inside a transaction keeps"
                        + " its row locks until it wakes (grant ADMIN to end such sessions)");
            } else {
                log.warn("H2: idle transactions not checked: {}", e.getMessage());
            }
            return 0;
        }
    }
}
