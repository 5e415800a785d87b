package org.doji.grc.config;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;

/**
 * Tells the pool to drop a connection to a shared H2 database whose session the database ended (another replica ends
 * the sessions of a replica frozen inside a transaction). H2 reports that with its own codes, not the SQL states
 * ({@code 08...}) the pool knows, so without this the pool hands the dead connection out again, and every request
 * that gets it fails once more.
 */
public final class H2EndedSessions implements SQLExceptionOverride {

    /** H2's CONNECTION_BROKEN_1, DATABASE_IS_CLOSED and DATABASE_CALLED_AT_SHUTDOWN. */
    static boolean ended(SQLException e) {
        int code = e.getErrorCode();
        return code == 90067 || code == 90098 || code == 90121;
    }

    @java.lang.Override
    public SQLExceptionOverride.Override adjudicate(SQLException e) {
        return ended(e) ? SQLExceptionOverride.Override.MUST_EVICT : SQLExceptionOverride.Override.CONTINUE_EVICT;
    }
}
