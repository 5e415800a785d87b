package org.doji.rm.persistence;

/**
 * JSON columns are long VARCHARs, not CLOBs: H2 stores every CLOB value through its separate LOB map (and
 * schedules the old value's removal on each update), which was the largest single cost of a durable reserve
 * or commit. {@code VARCHAR(1000000)} is valid on H2 and PostgreSQL alike (PostgreSQL stores a varchar exactly as
 * it stores text, compressed and out of line when large), so one migration script serves both and a document
 * over the limit is refused the same way on both. The schema is Flyway's ({@code db/migration/*}); databases of
 * releases before it had CLOB columns, which the V2 migrations convert.
 */
public final class JsonColumns {

    /** Characters; a reservation of a few hundred nodes is tens of kB of JSON. */
    public static final int MAX_JSON = 1_000_000;

    private JsonColumns() {
    }
}
