package org.doji.grc.core;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.CreateCallRecord;
import org.doji.grc.persistence.CreateCallRepository;
import org.doji.rm.api.DojiException;
import org.springframework.transaction.support.TransactionTemplate;

/** Durable co-allocations: every change is committed before the caller goes on. */
public class CoAllocationStore {

    private final CoAllocationRepository records;
    private final CreateCallRepository calls;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final ObjectMapper json = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public CoAllocationStore(CoAllocationRepository records, CreateCallRepository calls, TransactionTemplate tx, Clock clock) {
        this.records = records;
        this.calls = calls;
        this.tx = tx;
        this.clock = clock;
    }

    /** Stores a new co-allocation together with the call that created it. */
    public void create(CoAllocationRecord record, CoRequest request, String callId, String payloadHash) {
        record.setRequestJson(write(request));
        tx.executeWithoutResult(s -> {
            records.save(record);
            calls.save(new CreateCallRecord(callId, payloadHash, record.getKey(), clock.instant()));
        });
    }

    /** Remembers a mutating call's correlation id and payload, so a repeat gets the original answer. */
    public void recordCall(String callId, String payloadHash, String key) {
        tx.executeWithoutResult(s -> calls.save(new CreateCallRecord(callId, payloadHash, key, clock.instant())));
    }

    /** The modification in progress on a co-allocation, if any. */
    public Optional<Modification> pendingModification(String key) {
        return records.findById(key).map(r -> read(r.getPendingJson(), new TypeReference<Modification>() { }));
    }

    /** Co-allocations with a modification in progress (for recovery). */
    public List<String> withPendingModification() {
        return records.findAll().stream().filter(r -> r.getPendingJson() != null).map(CoAllocationRecord::getKey).toList();
    }

    public Optional<CreateCallRecord> call(String callId) {
        return calls.findById(callId);
    }

    /** Applies a change to the stored record in one transaction and returns the new snapshot. */
    public synchronized CoAllocation update(String key, Consumer<CoAllocationRecord> change) {
        return tx.execute(s -> {
            CoAllocationRecord r = records.findById(key).orElseThrow(() -> DojiException.unknown(key));
            change.accept(r);
            r.setUpdated(clock.instant());
            return snapshot(records.save(r));
        });
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

    public void delete(String key) {
        tx.executeWithoutResult(s -> records.deleteById(key));
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

    private CoAllocation snapshot(CoAllocationRecord r) {
        return new CoAllocation(r.getKey(), r.getOwner(), r.getState(), r.getReason(),
                read(r.getRequestJson(), new TypeReference<CoRequest>() { }),
                read(r.getPlanJson(), new TypeReference<CoPlan>() { }),
                read(r.getOutcomesJson(), new TypeReference<List<RmOutcome>>() { }),
                r.getDecision(), r.getAttempt(), r.getCreated(), r.getUpdated(), r.getTerminationTime());
    }
}
