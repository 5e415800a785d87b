package org.doji.grc.persistence;

import java.sql.SQLException;

/** Whether a failed write met a primary or unique key (SQLSTATE 23505, the same in H2 and PostgreSQL). */
public final class DuplicateKeys {

    private static final String DUPLICATE_KEY = "23505";

    private DuplicateKeys() {
    }

    /** True if {@code e} or one of its causes is the database's unique-key violation. */
    public static boolean isDuplicateKey(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof SQLException sql && DUPLICATE_KEY.equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
