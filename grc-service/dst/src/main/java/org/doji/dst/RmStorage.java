package org.doji.dst;

import java.util.List;
import org.doji.rm.kernel.ReservationStore;
import org.doji.rm.persistence.ReservationRecord;

/** An RM's database, in memory or on H2 through JPA: the kernel's store over it, and its rows as committed. */
interface RmStorage extends NodeStorage {

    /** The kernel's store over this database (one per incarnation). */
    ReservationStore store();

    /** Every reservation row as committed (the checker reads them, never the kernel). */
    List<ReservationRecord> rows();
}
