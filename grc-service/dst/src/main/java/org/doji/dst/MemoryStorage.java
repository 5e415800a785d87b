package org.doji.dst;

import java.util.List;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.DelegatedReservationRecord;
import org.doji.grc.persistence.DelegatedReservationRepository;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.kernel.ReservationStore;
import org.doji.rm.persistence.ReservationRecord;
import org.springframework.transaction.PlatformTransactionManager;

/** The fast mode's databases: a {@link MemoryDatabase} per node behind the real stores' repository interfaces. */
final class MemoryStorage {

    private MemoryStorage() {
    }

    private abstract static class Base implements NodeStorage {
        final MemoryDatabase db;
        final MemoryRepositories repositories;

        Base(MemoryDatabase db, Entities entities) {
            this.db = db;
            this.repositories = new MemoryRepositories(db, entities);
        }

        @Override
        public PlatformTransactionManager transactions() {
            return db.transactions();
        }

        @Override
        public void commitFaults(CommitFaults faults) {
            db.commitFaults(faults);
        }

        @Override
        public void fence() {
            db.fence();
        }

        @Override
        public void unfence() {
            db.unfence();
        }

        @Override
        public void close() {
            db.close();
        }

        <T> List<T> all(String table, Class<T> type) {
            return repositories.copies(table, type::isInstance);
        }
    }

    static RmStorage rm(MemoryDatabase db, Entities entities) {
        return new Rm(db, entities);
    }

    static GrcStorage grc(MemoryDatabase db, Entities entities) {
        return new Grc(db, entities);
    }

    private static final class Rm extends Base implements RmStorage {
        Rm(MemoryDatabase db, Entities entities) {
            super(db, entities);
        }

        @Override
        public ReservationStore store() {
            return MemoryRmTables.store(repositories);
        }

        @Override
        public List<ReservationRecord> rows() {
            return all(MemoryRmTables.RESERVATIONS, ReservationRecord.class);
        }
    }

    private static final class Grc extends Base implements GrcStorage {
        private final CoAllocationRepository coAllocations;
        private final CallRecordRepository calls;
        private final DelegatedReservationRepository delegated;
        private final TransactionLog log;

        Grc(MemoryDatabase db, Entities entities) {
            super(db, entities);
            this.coAllocations = MemoryGrcTables.coAllocations(repositories);
            this.calls = MemoryGrcTables.calls(repositories);
            this.delegated = MemoryGrcTables.delegated(repositories);
            this.log = MemoryGrcTables.transactionLog(repositories);
        }

        @Override
        public CoAllocationRepository coAllocations() {
            return coAllocations;
        }

        @Override
        public CallRecordRepository calls() {
            return calls;
        }

        @Override
        public DelegatedReservationRepository delegated() {
            return delegated;
        }

        @Override
        public TransactionLog transactionLog() {
            return log;
        }

        @Override
        public List<CoAllocationRecord> coAllocationRows() {
            return all(MemoryGrcTables.CO_ALLOCATIONS, CoAllocationRecord.class);
        }

        @Override
        public List<DelegatedReservationRecord> delegatedRows() {
            return all(MemoryGrcTables.DELEGATED, DelegatedReservationRecord.class);
        }

        @Override
        public int unfinishedTransactions() {
            return db.table(MemoryGrcTables.TRANSACTIONS).size();
        }
    }
}
