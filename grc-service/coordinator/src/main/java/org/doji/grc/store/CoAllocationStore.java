package org.doji.grc.store;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationChange;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoAllocationStateMachine;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.CallRecord;
import org.doji.grc.persistence.DuplicateKeys;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.rm.fault.DojiException;
import org.doji.rm.ledger.CallLedger;
import org.doji.rm.ledger.RecordedCall;
import org.doji.rm.util.KeyLocks;
import org.springframework.transaction.support.TransactionTemplate;

/** Durable co-allocations: every change is committed before the caller goes on. */
public class CoAllocationStore {

    private final CoAllocationRepository records;
    private final CallRecordRepository calls;
    private final CallLedger ledger;
    private final TransactionTemplate tx;
    private final Clock clock;
    /** Configured once and only used (thread-safe): its serializers are built once per process. */
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final ObjectMapper json = JSON;

    /**
     * Told of a co-allocation's creation (with its consumer EPR's address, or null) and of every change of its
     * state, inside the transaction that stores it: what it writes (notifications to send) commits or rolls back
     * with the change.
     */
    public interface StateListener {
        StateListener NONE = new StateListener() {
            @Override
            public void created(String key, String owner, String consumer, Set<CoAllocationState> notifyOn) {
            }

            @Override
            public void changed(CoAllocation after, CoAllocationState before) {
            }
        };

        /** {@code notifyOn}: the states the consumer is notified of (empty: every change). */
        void created(String key, String owner, String consumer, Set<CoAllocationState> notifyOn);

        void changed(CoAllocation after, CoAllocationState before);
    }

    private final StateListener listener;
    /**
     * Updates of one co-allocation are serialised (read-modify-write); different ones run in parallel. This JVM's
     * threads wait here; other replicas wait for the row lock the update's read takes.
     */
    private final KeyLocks updateLocks = new KeyLocks();
    /**
     * Whether an update reads its row with a lock (SELECT ... FOR UPDATE): needed when other processes write the same
     * database. A database only this process can open needs the JVM's locks alone, and the locking read costs more
     * there than the plain one: H2 parses a locking query anew every time (it never caches one).
     */
    private final boolean lockRows;
    /**
     * The last parse of each co-allocation's JSON columns: they rarely change between two reads. Not a cache of the
     * co-allocation: every read is the database's row, only a column's text equal to the last one's is not parsed
     * again (so a replica answers what another wrote).
     */
    private final Map<String, Parsed> parsed = new ConcurrentHashMap<>();
    private static final int MAX_PARSED = 20_000;

    private record Parsed(String requestJson, CoRequest request, String planJson, CoPlan plan, String outcomesJson,
                          List<RmOutcome> outcomes) {
    }

    /** Nothing parsed yet: every column not null is read. */
    private static final Parsed UNPARSED = new Parsed(null, null, null, null, null, null);

    public CoAllocationStore(CoAllocationRepository records, CallRecordRepository calls, TransactionTemplate tx, Clock clock) {
        this(records, calls, tx, clock, StateListener.NONE);
    }

    public CoAllocationStore(CoAllocationRepository records, CallRecordRepository calls, TransactionTemplate tx, Clock clock,
                             StateListener listener) {
        this(records, calls, tx, clock, listener, true);
    }

    /** @param lockRows whether other processes may write this database (so an update locks the row it reads) */
    public CoAllocationStore(CoAllocationRepository records, CallRecordRepository calls, TransactionTemplate tx, Clock clock,
                             StateListener listener, boolean lockRows) {
        this.lockRows = lockRows;
        this.listener = listener;
        this.records = records;
        this.calls = calls;
        this.tx = tx;
        this.clock = clock;
        this.ledger = new CallLedger(id -> call(id)
                .map(c -> new RecordedCall(c.getId(), null, c.getPayloadHash(), c.getCoAllocationKey(), c.getRefusal())));
    }

    /**
     * Stores a new co-allocation (Planning) together with the call that created it, and returns its key. If a call
     * with the same id was stored meanwhile (the same request sent twice at once), nothing is stored and the key that
     * call created is returned.
     */
    public String create(String key, String owner, String consumer, CoRequest request, String callId, String payloadHash) {
        return create(key, owner, consumer, Set.of(), request, callId, payloadHash);
    }

    /** As above, its consumer (if any) notified only of the states in {@code notifyOn} (empty: of every change). */
    public String create(String key, String owner, String consumer, Set<CoAllocationState> notifyOn, CoRequest request,
                         String callId, String payloadHash) {
        CoAllocationRecord record = new CoAllocationRecord(key, owner, clock.instant());
        record.setRequestJson(write(request));
        try {
            tx.executeWithoutResult(s -> {
                records.save(record);
                calls.save(new CallRecord(callId, payloadHash, record.getKey(), clock.instant()));
                listener.created(key, owner, consumer, notifyOn);
            });
            return key;
        } catch (RuntimeException e) {
            Optional<CallRecord> first = DuplicateKeys.isDuplicateKey(e) ? calls.findById(callId) : Optional.empty();
            return first.map(CallRecord::getCoAllocationKey).orElseThrow(() -> e);
        }
    }

    /** Remembers a mutating call's correlation id and payload, so a repeat gets the original answer. */
    public void recordCall(String callId, String payloadHash, String key) {
        tx.executeWithoutResult(s -> calls.save(new CallRecord(callId, payloadHash, key, clock.instant())));
    }

    /** Remembers that a mutating call on {@code key} was refused, so a repeat is refused the same way. */
    public void recordRefusal(String callId, String payloadHash, String key, DojiException refusal) {
        CallRecord r = new CallRecord(callId, payloadHash, key, clock.instant());
        r.setRefusal(CallLedger.refusal(refusal));
        tx.executeWithoutResult(s -> calls.save(r));
    }

    public Optional<CallRecord> call(String callId) {
        return calls.findById(callId);
    }

    /** The GRC's side of the one call ledger: its answers are co-allocation keys. */
    public CallLedger ledger() {
        return ledger;
    }

    /**
     * Applies a change to the stored co-allocation in one transaction (the caller's, when one is active: a
     * transaction record and its subject are stored together) and returns the new snapshot.
     */
    public CoAllocation update(String key, Consumer<CoAllocationChange> change) {
        return apply(key, change::accept);
    }

    /** Moves the co-allocation by {@code event} (the state machine's one guard) and applies {@code more} with it. */
    public CoAllocation transition(String key, CoAllocationEvent event, Consumer<CoAllocationChange> more) {
        return apply(key, c -> move(c, event, more));
    }

    /**
     * Moves the co-allocation by {@code event} only if {@code guard} holds for it as stored (read under the key's
     * lock, in the same database transaction); returns whether it moved.
     */
    public boolean transitionIf(String key, Predicate<CoAllocationChange> guard, CoAllocationEvent event,
                                Consumer<CoAllocationChange> more) {
        boolean[] moved = new boolean[1];
        apply(key, c -> {
            if (guard.test(c)) {
                move(c, event, more);
                moved[0] = true;
            }
        });
        return moved[0];
    }

    private void move(CoAllocationRecordChange c, CoAllocationEvent event, Consumer<CoAllocationChange> more) {
        c.record().setState(CoAllocationStateMachine.next(c.record().getState(), event));
        more.accept(c);
    }

    private CoAllocation apply(String key, Consumer<CoAllocationRecordChange> change) {
        return updateLocks.withLock(key, () -> tx.execute(s -> {
            CoAllocationRecord r = (lockRows ? records.findForUpdate(key) : records.findById(key))
                    .orElseThrow(() -> DojiException.unknown(key));
            CoAllocationState before = r.getState();
            CoAllocationRecordChange c = new CoAllocationRecordChange(r, this::write);
            change.accept(c);
            r.setUpdated(clock.instant());
            CoAllocation after = snapshot(records.save(r), c);
            if (after.state() != before) {
                listener.changed(after, before); // in this transaction: its notifications commit with the change
            }
            return after;
        }));
    }

    public Optional<CoAllocation> find(String key) {
        return records.findById(key).map(this::snapshot);
    }

    public List<CoAllocation> byOwner(String owner) {
        return records.findByOwnerOrderByCreatedDesc(owner).stream().map(this::snapshot).toList();
    }

    public List<CoAllocation> all() {
        return records.findAll().stream().map(this::snapshot).toList();
    }

    public List<CoAllocation> inStates(Collection<CoAllocationState> states) {
        return records.findByStateIn(states).stream().map(this::snapshot).toList();
    }

    /** At most {@code max} keys of those in {@code states} after {@code after}, in key order. */
    public List<String> keysInStatesAfter(Collection<CoAllocationState> states, String after, int max) {
        return records.findKeysInStatesAfter(states, after, org.springframework.data.domain.PageRequest.of(0, max));
    }

    /** Those in the given states whose planned window has started by {@code now}. */
    public List<CoAllocation> startedBy(Collection<CoAllocationState> states, Instant now) {
        return records.findByStateInAndWindowStartLessThanEqual(states, now).stream().map(this::snapshot).toList();
    }

    public void delete(String key) {
        tx.executeWithoutResult(s -> records.deleteById(key));
        parsed.remove(key);
    }

    public String write(Object value) {
        try {
            return value == null ? null : json.writeValueAsString(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private <T> T read(String text, TypeReference<T> type) {
        try {
            return text == null ? null : json.readValue(text, type);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read stored co-allocation", e);
        }
    }

    /** The value parsed last time when its JSON is unchanged, else {@code json} parsed now. */
    private <T> T reuse(String lastJson, T lastValue, String json, TypeReference<T> type) {
        return Objects.equals(lastJson, json) ? lastValue : read(json, type);
    }

    private CoAllocation snapshot(CoAllocationRecord r) {
        return snapshot(r, null);
    }

    /**
     * @param written the change just applied: a column it wrote is taken from the value it wrote, not parsed back
     *                (the value written is what its JSON reads back as)
     */
    private CoAllocation snapshot(CoAllocationRecord r, CoAllocationRecordChange written) {
        Parsed last = parsed.getOrDefault(r.getKey(), UNPARSED);
        if (written != null) {
            last = new Parsed(
                    written.requestJson() != null ? written.requestJson() : last.requestJson(),
                    written.requestJson() != null ? written.request() : last.request(),
                    written.planJson() != null ? written.planJson() : last.planJson(),
                    written.planJson() != null ? written.plan() : last.plan(),
                    written.outcomesJson() != null ? written.outcomesJson() : last.outcomesJson(),
                    written.outcomesJson() != null ? written.outcomes() : last.outcomes());
        }
        // each column on its own: a step of a reservation attempt changes the outcomes, seldom the request or plan
        Parsed p = new Parsed(
                r.getRequestJson(), reuse(last.requestJson(), last.request(), r.getRequestJson(), new TypeReference<CoRequest>() { }),
                r.getPlanJson(), reuse(last.planJson(), last.plan(), r.getPlanJson(), new TypeReference<CoPlan>() { }),
                r.getOutcomesJson(), reuse(last.outcomesJson(), last.outcomes(), r.getOutcomesJson(),
                        new TypeReference<List<RmOutcome>>() { }));
        if (parsed.size() >= MAX_PARSED) {
            parsed.clear(); // a memo, not state: dropping it costs a re-parse
        }
        parsed.put(r.getKey(), p);
        return new CoAllocation(r.getKey(), r.getOwner(), r.getState(), r.getReason(), p.request(), p.plan(), p.outcomes(),
                r.getAttempt(), r.getCreated(), r.getUpdated(), r.getTerminationTime());
    }
}
