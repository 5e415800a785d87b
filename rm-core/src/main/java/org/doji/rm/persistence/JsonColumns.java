package org.doji.rm.persistence;

/**
 * JSON columns are long VARCHARs, not CLOBs: H2 stores every CLOB value through its separate LOB map (and
 * schedules the old value's removal on each update), which was the largest single cost of a durable reserve
 * or commit. Databases created before keep their CLOB columns (ddl-auto=update does not change types) and
 * still work: strings bind to both.
 */
public final class JsonColumns {

    /** Characters; a reservation of a few hundred nodes is tens of kB of JSON. */
    public static final int MAX_JSON = 1_000_000;

    private JsonColumns() {
    }
}
