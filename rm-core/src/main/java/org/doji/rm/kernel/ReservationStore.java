package org.doji.rm.kernel;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.doji.rm.ledger.CallLedger;
import org.doji.rm.ledger.RecordedCall;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.persistence.IdempotencyRecord;
import org.doji.rm.persistence.IdempotencyRepository;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.util.JsonCodec;
import org.springframework.transaction.support.TransactionTemplate;

/** Durable storage of reservations and idempotency answers; every write commits before it returns. */
public class ReservationStore {

    private final ReservationRepository reservations;
    private final IdempotencyRepository answers;
    private final TransactionTemplate tx;
    private final JsonCodec json;
    private final CallLedger ledger;

    public ReservationStore(ReservationRepository reservations, IdempotencyRepository answers,
                            TransactionTemplate tx, JsonCodec json) {
        this.reservations = reservations;
        this.answers = answers;
        this.tx = tx;
        this.json = json;
        this.ledger = new CallLedger(this::recordedCall);
    }

    JsonCodec json() {
        return json;
    }

    /** Writes the reservation and, when given, the answer to the call that changed it, in one transaction. */
    void save(Reservation r, Instant now, String callId, String operation, String payloadHash, ReservationView answer) {
        r.flush(json);
        r.record.setUpdated(now);
        tx.executeWithoutResult(status -> {
            reservations.save(r.record);
            if (callId != null) {
                answers.save(new IdempotencyRecord(callId, operation, payloadHash, json.write(answer), now));
            }
        });
        r.record.markStored();
    }

    void save(Reservation r, Instant now) {
        save(r, now, null, null, null, null);
    }

    /** Records that the call was refused (the ledger's stored form of the refusal), in a transaction of its own. */
    void saveRefusal(String callId, String operation, String payloadHash, String refusal, Instant now) {
        IdempotencyRecord a = new IdempotencyRecord(callId, operation, payloadHash, null, now);
        a.setRefusal(refusal);
        tx.executeWithoutResult(status -> answers.save(a));
    }

    void delete(String key) {
        tx.executeWithoutResult(status -> reservations.deleteById(key));
    }

    Optional<Reservation> load(String key) {
        return reservations.findById(key).map(rec -> new Reservation(rec, json));
    }

    List<Reservation> loadOpen() {
        return reservations.findByLifecycleStateIn(EnumSet.of(LifecycleState.Created, LifecycleState.Active))
                .stream().map(rec -> new Reservation(rec, json)).toList();
    }

    /** Deletes finished records whose termination time is at or before {@code now}; returns their keys. */
    List<String> collectGarbage(Instant now) {
        return tx.execute(status -> {
            List<String> keys = reservations.findByTerminationTimeLessThanEqual(now).stream()
                    .filter(rec -> rec.getLifecycleState().isFinal()).map(ReservationRecord::getKey).toList();
            reservations.deleteAllById(keys);
            return keys;
        });
    }

    /** Whether any record has a termination time (is waiting to be forgotten). */
    boolean anyTerminationTime() {
        return reservations.existsByTerminationTimeNotNull();
    }

    /** Deletes finished reservations (final lifecycle) last changed before {@code before}; returns how many. */
    int forgetFinishedBefore(Instant before) {
        List<LifecycleState> finished = java.util.Arrays.stream(LifecycleState.values()).filter(LifecycleState::isFinal).toList();
        Integer n = tx.execute(status -> reservations.deleteInStatesUpdatedBefore(finished, before));
        return n == null ? 0 : n;
    }

    /** Deletes stored answers created before {@code before}; returns how many. */
    int forgetAnswersBefore(Instant before) {
        Integer n = tx.execute(status -> answers.deleteCreatedBefore(before));
        return n == null ? 0 : n;
    }

    List<ReservationRecord> loadAll() {
        return reservations.findAll();
    }

    /** The RM's side of the one call ledger: its answers, as JSON reservations. */
    CallLedger calls() {
        return ledger;
    }

    Optional<RecordedCall> recordedCall(String callId) {
        return answers.findById(callId).map(a -> new RecordedCall(a.getId(), a.getOperation(), a.getPayloadHash(),
                a.getAnswerJson(), a.getRefusal()));
    }

    ReservationView decodeAnswer(String answerJson) {
        return json.read(answerJson, ReservationView.class);
    }
}
