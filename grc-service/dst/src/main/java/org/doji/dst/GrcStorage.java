package org.doji.dst;

import java.util.List;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.DelegatedReservationRecord;
import org.doji.grc.persistence.DelegatedReservationRepository;
import org.doji.grc.tx.TransactionLog;

/** A GRC's database, in memory or on H2 through JPA: its stores' repositories, and its rows as committed. */
interface GrcStorage extends NodeStorage {

    CoAllocationRepository coAllocations();

    CallRecordRepository calls();

    DelegatedReservationRepository delegated();

    TransactionLog transactionLog();

    List<CoAllocationRecord> coAllocationRows();

    List<DelegatedReservationRecord> delegatedRows();

    /** How many transactions are not finished. */
    int unfinishedTransactions();
}
