package org.doji.grc.persistence;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.doji.grc.tx.Participant;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.util.JsonCodec;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Transactions in the GRC's database (a transaction's version is the record's JPA version plus one: 0 means
 * never stored): each write is one database transaction together with the subject's
 * change, checked against the version read (optimistic: a stale copy is refused, not overwritten).
 * A participant's spec never changes, so the specs are written once, with the new row; every later write carries
 * only the participants' progress (keys, rounds, answers), not the specs again.
 */
public class JpaTransactionLog implements TransactionLog {

    /** The stored form of the participants' progress (each spec null: it is kept in {@link Specs}). */
    record Participants(List<Participant> list) {
    }

    /** The stored form of the participants' specs, in the participants' order. */
    record Specs(List<ReservationSpec> list) {
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
                TransactionRecord r = new TransactionRecord(t.id());
                write(t, r);
                insert(r);
                alongside.run();
                em.flush();
                return t.withVersion(r.getVersion() + 1);
            }
            // one version-checked UPDATE instead of a locking read and a write: a stale copy changes no row
            int changed = update(t, false);
            if (changed == 0) {
                // a row from before the specs' column keeps them inline in its progress, which is rewritten now
                // without them: they move to their column in the same write
                changed = update(t, true);
            }
            if (changed == 0) {
                throw new ConcurrentChangeException("transaction " + t.id() + " changed meanwhile");
            }
            alongside.run();
            em.flush();
            return t.withVersion(t.version() + 1);
        });
    }

    /** The version-checked UPDATE of {@code t}'s row; {@code withSpecs}: of a row whose specs are still inline. */
    private int update(Transaction t, boolean withSpecs) {
        var query = em.createQuery("update TransactionRecord r set r.change = :change, r.decision = :decision,"
                        + " r.compensating = :compensating, r.participantsJson = :participants, r.payload = :payload,"
                        + " r.decideBy = :decideBy, r.nextDrive = :nextDrive, r.tries = :tries, r.reason = :reason,"
                        + (withSpecs ? " r.participantSpecsJson = :specs," : "")
                        + " r.version = r.version + 1 where r.id = :id and r.version = :version"
                        + " and r.participantSpecsJson is " + (withSpecs ? "null" : "not null"))
                .setParameter("change", t.change()).setParameter("decision", t.decision())
                .setParameter("compensating", t.compensating())
                .setParameter("participants", progress(t))
                .setParameter("payload", t.payload()).setParameter("decideBy", t.decideBy())
                .setParameter("nextDrive", t.nextDrive()).setParameter("tries", t.tries())
                .setParameter("reason", t.reason()).setParameter("id", t.id()).setParameter("version", t.version() - 1);
        if (withSpecs) {
            query.setParameter("specs", specs(t));
        }
        return query.executeUpdate();
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

    /** Inserts the new row at once (before the subject's change), so a second begin fails on its key, changing nothing. */
    private void insert(TransactionRecord r) {
        try {
            em.persist(r);
            em.flush();
        } catch (PersistenceException e) {
            if (DuplicateKeys.isDuplicateKey(e)) {
                throw new ConcurrentChangeException("transaction " + r.getId() + " exists already");
            }
            throw e;
        }
    }


    private String progress(Transaction t) {
        return json.write(new Participants(t.participants().stream().map(p -> new Participant(p.rmId(), p.step(), null,
                p.key(), p.round(), p.phaseOne(), p.done(), p.holdDeadline(), p.outcome())).toList()));
    }

    private String specs(Transaction t) {
        return json.write(new Specs(t.participants().stream().map(Participant::spec).toList()));
    }

    private void write(Transaction t, TransactionRecord r) {
        r.setSubjectType(t.subjectType());
        r.setSubject(t.subject());
        r.setChange(t.change());
        r.setAttempt(t.attempt());
        r.setDecision(t.decision());
        r.setCompensating(t.compensating());
        r.setParticipantsJson(progress(t));
        r.setParticipantSpecsJson(specs(t));
        r.setPayload(t.payload());
        r.setDecideBy(t.decideBy());
        r.setNextDrive(t.nextDrive());
        r.setTries(t.tries());
        r.setReason(t.reason());
        r.setCreated(t.created());
    }

    private Transaction read(TransactionRecord r) {
        return new Transaction(r.getId(), r.getSubjectType(), r.getSubject(), r.getChange(), r.getAttempt(), r.getDecision(),
                r.isCompensating(), participants(r), r.getPayload(),
                r.getDecideBy(), r.getNextDrive(), r.getTries(), r.getReason(), r.getCreated(), r.getVersion() + 1);
    }

    /** The participants with their specs (a row written before the specs had their own column carries them inline). */
    private List<Participant> participants(TransactionRecord r) {
        List<Participant> progress = json.read(r.getParticipantsJson(), Participants.class).list();
        List<ReservationSpec> specs = r.getParticipantSpecsJson() == null ? List.of()
                : json.read(r.getParticipantSpecsJson(), Specs.class).list();
        List<Participant> out = new ArrayList<>();
        for (int i = 0; i < progress.size(); i++) {
            Participant p = progress.get(i);
            ReservationSpec spec = p.spec() != null ? p.spec() : i < specs.size() ? specs.get(i) : null;
            out.add(new Participant(p.rmId(), p.step(), spec, p.key(), p.round(), p.phaseOne(), p.done(),
                    p.holdDeadline(), p.outcome()));
        }
        return out;
    }
}
