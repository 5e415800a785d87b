package org.doji.rm.kernel;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.doji.rm.model.ReservationView;
import org.doji.rm.persistence.IdempotencyRecord;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.util.JsonCodec;

/**
 * A store without a database for fast kernel tests: keeps detached copies (like a database would), so
 * what the kernel changes in memory is not "stored" until it saves. {@link #failWrites} makes every
 * write fail, as a broken database would.
 */
public class InMemoryReservationStore extends ReservationStore {

    private final Map<String, ReservationRecord> records = new ConcurrentHashMap<>();
    private final Map<String, IdempotencyRecord> answers = new ConcurrentHashMap<>();
    private volatile boolean failWrites;
    private volatile int writes;

    public InMemoryReservationStore() {
        super(null, null, null, new JsonCodec());
    }

    public void failWrites(boolean fail) {
        this.failWrites = fail;
    }

    public int writes() {
        return writes;
    }

    private void checkWritable() {
        if (failWrites) {
            throw new IllegalStateException("simulated database failure");
        }
        writes++;
    }

    @Override
    synchronized void save(Reservation r, Instant now, String callId, String operation, String payloadHash,
                           ReservationView answer) {
        checkWritable();
        r.flush(json());
        r.record.setUpdated(now);
        records.put(r.key(), r.record.copy());
        if (callId != null) {
            answers.put(callId, new IdempotencyRecord(callId, operation, payloadHash, json().write(answer), now));
        }
    }

    @Override
    synchronized void saveRefusal(String callId, String operation, String payloadHash, String refusal, Instant now) {
        checkWritable();
        IdempotencyRecord a = new IdempotencyRecord(callId, operation, payloadHash, null, now);
        a.setRefusal(refusal);
        answers.put(callId, a);
    }

    @Override
    synchronized void delete(String key) {
        checkWritable();
        records.remove(key);
    }

    @Override
    Optional<Reservation> load(String key) {
        return Optional.ofNullable(records.get(key)).map(rec -> new Reservation(rec.copy(), json()));
    }

    @Override
    List<Reservation> loadOpen() {
        return records.values().stream().filter(rec -> !rec.getLifecycleState().isFinal())
                .map(rec -> new Reservation(rec.copy(), json())).toList();
    }

    @Override
    List<ReservationRecord> loadAll() {
        return new ArrayList<>(records.values());
    }

    @Override
    Optional<org.doji.rm.ledger.RecordedCall> recordedCall(String callId) {
        return Optional.ofNullable(answers.get(callId)).map(a -> new org.doji.rm.ledger.RecordedCall(a.getId(),
                a.getOperation(), a.getPayloadHash(), a.getAnswerJson(), a.getRefusal()));
    }

    @Override
    synchronized List<String> collectGarbage(Instant now) {
        List<String> keys = records.values().stream()
                .filter(rec -> rec.getTerminationTime() != null && !rec.getTerminationTime().isAfter(now))
                .filter(rec -> rec.getLifecycleState().isFinal()).map(ReservationRecord::getKey).toList();
        if (!keys.isEmpty()) {
            checkWritable();
            keys.forEach(records::remove);
        }
        return keys;
    }

    @Override
    synchronized boolean anyTerminationTime() {
        return records.values().stream().anyMatch(rec -> rec.getTerminationTime() != null);
    }

    @Override
    synchronized int forgetAnswersBefore(Instant before) {
        List<String> old = answers.values().stream().filter(a -> a.getCreated().isBefore(before))
                .map(IdempotencyRecord::getId).toList();
        if (!old.isEmpty()) {
            checkWritable();
            old.forEach(answers::remove);
        }
        return old.size();
    }

    @Override
    synchronized int forgetFinishedBefore(Instant before) {
        List<String> old = records.values().stream()
                .filter(rec -> rec.getLifecycleState().isFinal() && rec.getUpdated().isBefore(before))
                .map(ReservationRecord::getKey).toList();
        if (!old.isEmpty()) {
            checkWritable();
            old.forEach(records::remove);
        }
        return old.size();
    }

    /** Stored answers (for assertions). */
    public int answers() {
        return answers.size();
    }

    /** A stored record as the database has it (for assertions). */
    public Optional<ReservationRecord> stored(String key) {
        return Optional.ofNullable(records.get(key)).map(ReservationRecord::copy);
    }
}
