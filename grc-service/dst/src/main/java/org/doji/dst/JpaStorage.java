package org.doji.dst;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.DelegatedReservationRecord;
import org.doji.grc.persistence.DelegatedReservationRepository;
import org.doji.grc.persistence.JpaTransactionLog;
import org.doji.grc.persistence.TransactionRepository;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.kernel.ReservationStore;
import org.doji.rm.persistence.IdempotencyRepository;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.util.JsonCodec;
import org.flywaydb.core.Flyway;
import org.hibernate.boot.model.naming.CamelCaseToUnderscoresNamingStrategy;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.orm.jpa.hibernate.SpringImplicitNamingStrategy;
import org.springframework.data.jpa.repository.support.JpaRepositoryFactoryBean;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
import org.springframework.orm.jpa.vendor.HibernateJpaVendorAdapter;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The real-store mode: each process's database is an H2 database (in memory, for the run's length) with the
 * service's own schema (its Flyway migrations), behind the real JPA stores (Hibernate, Spring Data repositories,
 * the GRC's JPA transaction log), as the service configures them. A crash rolls back the open transaction and fences
 * the database; committed rows stay.
 */
final class JpaStorage {

    private static final AtomicLong DATABASES = new AtomicLong();

    private JpaStorage() {
    }

    static StorageFactory factory(long seed, Scheduler scheduler) {
        return new StorageFactory() {
            @Override
            public RmStorage rm(String id) {
                return new Rm(new Db(seed, id, "rm", "org.doji.rm.persistence"));
            }

            @Override
            public GrcStorage grc(String id) {
                return new Grc(new Db(seed, id, "grc", "org.doji.grc.persistence"));
            }

            @Override
            public void close() {
            }
        };
    }

    /** One process's database: its pool, schema, entity manager factory, transactions and repositories. */
    private static final class Db {
        final FencedDataSource data;
        final EntityManagerFactory emf;
        final EntityManager em;
        final CommitFaultingTransactions tx;
        final DefaultListableBeanFactory beans = new DefaultListableBeanFactory();

        Db(long seed, String id, String schema, String entities) {
            String url = "jdbc:h2:mem:dst-" + seed + "-" + id + "-" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
            data = new FencedDataSource(url, () -> new SimulatedCrash(id));
            Flyway.configure().dataSource(data).locations("classpath:db/migration/" + schema,
                            "classpath:db/migration/" + schema + "-h2").table("flyway_" + schema + "_history")
                    .baselineOnMigrate(true).baselineVersion("0").load().migrate();
            LocalContainerEntityManagerFactoryBean factory = new LocalContainerEntityManagerFactoryBean();
            factory.setDataSource(data);
            factory.setPackagesToScan(entities);
            factory.setJpaVendorAdapter(new HibernateJpaVendorAdapter());
            factory.setPersistenceUnitName("dst-" + id);
            factory.setJpaPropertyMap(Map.of(
                    "hibernate.physical_naming_strategy", CamelCaseToUnderscoresNamingStrategy.class.getName(),
                    "hibernate.implicit_naming_strategy", SpringImplicitNamingStrategy.class.getName(),
                    "hibernate.hbm2ddl.auto", "none"));
            factory.afterPropertiesSet();
            emf = factory.getObject();
            em = SharedEntityManagerCreator.createSharedEntityManager(emf);
            tx = new CommitFaultingTransactions(emf);
            beans.registerSingleton("transactionManager", tx);
            // as in the service: the repositories' JPA exceptions become Spring's data access exceptions
            beans.registerSingleton("exceptionTranslator", new org.springframework.orm.jpa.vendor.HibernateJpaDialect());
        }

        /** A repository as Spring Data makes it for the service: its methods transactional, as declared. */
        @SuppressWarnings({"unchecked", "rawtypes"})
        <R> R repository(Class<R> type) {
            JpaRepositoryFactoryBean bean = new JpaRepositoryFactoryBean(type);
            bean.setEntityManager(em);
            bean.setBeanFactory(beans);
            bean.setTransactionManager("transactionManager");
            bean.setEntityPathResolver(new org.springframework.beans.factory.support.StaticListableBeanFactory()
                    .getBeanProvider(org.springframework.data.querydsl.EntityPathResolver.class));
            bean.afterPropertiesSet();
            return type.cast(bean.getObject());
        }

        void close() {
            emf.close();
            data.shutdown();
        }
    }

    /** The JPA transaction manager, with the node's crashes at its commits. */
    private static final class CommitFaultingTransactions extends JpaTransactionManager {
        private static final long serialVersionUID = 1L;
        private transient CommitFaults faults = CommitFaults.NONE;

        CommitFaultingTransactions(EntityManagerFactory emf) {
            super(emf);
        }

        /** A read-only transaction (a repository's read) writes nothing: dying at its end is dying between steps. */
        @Override
        protected void doCommit(DefaultTransactionStatus status) {
            if (!status.isReadOnly()) {
                faults.beforeCommit();
            }
            super.doCommit(status);
            if (!status.isReadOnly()) {
                faults.afterCommit();
            }
        }
    }

    private abstract static class Base implements NodeStorage {
        final Db db;

        Base(Db db) {
            this.db = db;
        }

        @Override
        public PlatformTransactionManager transactions() {
            return db.tx;
        }

        @Override
        public void commitFaults(CommitFaults faults) {
            db.tx.faults = faults;
        }

        @Override
        public void fence() {
            db.data.fence();
        }

        @Override
        public void unfence() {
            db.data.unfence();
        }

        @Override
        public void close() {
            db.close();
        }

        <T> T read(java.util.function.Supplier<T> reader) {
            return new TransactionTemplate(db.tx).execute(s -> reader.get());
        }
    }

    private static final class Rm extends Base implements RmStorage {
        private final ReservationRepository reservations;
        private final IdempotencyRepository answers;

        Rm(Db db) {
            super(db);
            reservations = db.repository(ReservationRepository.class);
            answers = db.repository(IdempotencyRepository.class);
        }

        @Override
        public ReservationStore store() {
            return new ReservationStore(reservations, answers, new TransactionTemplate(db.tx), new JsonCodec());
        }

        @Override
        public List<ReservationRecord> rows() {
            return read(reservations::findAll);
        }
    }

    private static final class Grc extends Base implements GrcStorage {
        private final CoAllocationRepository coAllocations;
        private final CallRecordRepository calls;
        private final DelegatedReservationRepository delegated;
        private final TransactionRepository transactions;
        private final TransactionLog log;

        Grc(Db db) {
            super(db);
            coAllocations = db.repository(CoAllocationRepository.class);
            calls = db.repository(CallRecordRepository.class);
            delegated = db.repository(DelegatedReservationRepository.class);
            transactions = db.repository(TransactionRepository.class);
            log = new JpaTransactionLog(transactions, db.em, new TransactionTemplate(db.tx));
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
            return read(coAllocations::findAll);
        }

        @Override
        public List<DelegatedReservationRecord> delegatedRows() {
            return read(delegated::findAll);
        }

        @Override
        public int unfinishedTransactions() {
            return (int) (long) read(transactions::count);
        }
    }
}
