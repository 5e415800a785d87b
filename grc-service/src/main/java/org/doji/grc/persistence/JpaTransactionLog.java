package org.doji.grc.persistence;

import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Optional;
import org.doji.grc.tx.Participant;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.persistence.JsonCodec;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Transactions in the GRC's database (a transaction's version is the record's JPA version plus one: 0 means
 * never stored): each write is one database transaction together with the subject's
 * change, checked against the version read (optimistic: a stale copy is refused, not overwritten).
 */
public class JpaTransactionLog implements TransactionLog {

    /** The stored form of the participant list. */
    record Participants(List<Participant> list) {
    }

    private final TransactionRepository repository;
    private final EntityManager em;
    private final TransactionTemplate tx;
    private final JsonCodec json = new JsonCodec();

    public JpaTransactionLog(TransactionRepository repository, EntityManager em, TransactionTemplate tx) {
        this.repository = repository;
        this.em = em;
        this.tx = tx;
    }

    @Override
    public Transaction save(Transaction t, Runnable alongside) {
        return tx.execute(s -> {
            if (t.version() == 0) {
                if (repository.existsById(t.id())) {
                    throw new ConcurrentChangeException("transaction " + t.id() + " exists already");
                }
                TransactionRecord r = new TransactionRecord(t.id());
                write(t, r);
                em.persist(r);
                alongside.run();
                em.flush();
                return t.withVersion(r.getVersion() + 1);
            }
            // one version-checked UPDATE instead of a locking read and a write: a stale copy changes no row
            int changed = em.createQuery("update TransactionRecord r set r.change = :change, r.decision = :decision,"
                            + " r.compensating = :compensating, r.participantsJson = :participants, r.payload = :payload,"
                            + " r.decideBy = :decideBy, r.nextDrive = :nextDrive, r.tries = :tries, r.reason = :reason,"
                            + " r.version = r.version + 1 where r.id = :id and r.version = :version")
                    .setParameter("change", t.change()).setParameter("decision", t.decision())
                    .setParameter("compensating", t.compensating())
                    .setParameter("participants", json.write(new Participants(t.participants())))
                    .setParameter("payload", t.payload()).setParameter("decideBy", t.decideBy())
                    .setParameter("nextDrive", t.nextDrive()).setParameter("tries", t.tries())
                    .setParameter("reason", t.reason()).setParameter("id", t.id()).setParameter("version", t.version() - 1)
                    .executeUpdate();
            if (changed == 0) {
                throw new ConcurrentChangeException("transaction " + t.id() + " changed meanwhile");
            }
            alongside.run();
            em.flush();
            return t.withVersion(t.version() + 1);
        });
    }

    @Override
    public void remove(Transaction t, Runnable alongside) {
        tx.executeWithoutResult(s -> {
            int removed = em.createQuery("delete from TransactionRecord r where r.id = :id and r.version = :version")
                    .setParameter("id", t.id()).setParameter("version", t.version() - 1).executeUpdate();
            if (removed == 0) {
                throw new ConcurrentChangeException("transaction " + t.id() + " changed meanwhile");
            }
            alongside.run();
            em.flush();
        });
    }

    @Override
    public Optional<Transaction> find(String id) {
        return repository.findById(id).map(this::read);
    }

    @Override
    public List<Transaction> unfinished() {
        return repository.findAll().stream().map(this::read).toList();
    }

    @Override
    public List<Transaction> ofSubject(String subject) {
        return repository.findBySubject(subject).stream().map(this::read).toList();
    }

    private void write(Transaction t, TransactionRecord r) {
        r.setSubjectType(t.subjectType());
        r.setSubject(t.subject());
        r.setChange(t.change());
        r.setAttempt(t.attempt());
        r.setDecision(t.decision());
        r.setCompensating(t.compensating());
        r.setParticipantsJson(json.write(new Participants(t.participants())));
        r.setPayload(t.payload());
        r.setDecideBy(t.decideBy());
        r.setNextDrive(t.nextDrive());
        r.setTries(t.tries());
        r.setReason(t.reason());
        r.setCreated(t.created());
    }

    private Transaction read(TransactionRecord r) {
        return new Transaction(r.getId(), r.getSubjectType(), r.getSubject(), r.getChange(), r.getAttempt(), r.getDecision(),
                r.isCompensating(), json.read(r.getParticipantsJson(), Participants.class).list(), r.getPayload(),
                r.getDecideBy(), r.getNextDrive(), r.getTries(), r.getReason(), r.getCreated(), r.getVersion() + 1);
    }
}
