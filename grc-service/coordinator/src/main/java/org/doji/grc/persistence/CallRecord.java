package org.doji.grc.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.time.Instant;
import org.doji.rm.persistence.CallColumns;
import org.springframework.data.domain.Persistable;

/** Which co-allocation a mutating call (by caller and correlation id) created or changed, with its payload hash. */
@Entity
@Table(name = "grc_call")
public class CallRecord extends CallColumns implements Persistable<String> {

    /**
     * True until first stored: the first save is an INSERT, so a second call with the same id fails on the key
     * instead of a merge overwriting the first call's record.
     */
    @Transient
    private boolean fresh;

    @Column(nullable = false, length = 64)
    private String coAllocationKey;

    protected CallRecord() {
    }

    public CallRecord(String id, String payloadHash, String coAllocationKey, Instant created) {
        super(id, payloadHash, created);
        this.coAllocationKey = coAllocationKey;
        this.fresh = true;
    }

    @Override
    public boolean isNew() {
        return fresh;
    }

    @PostPersist
    @PostLoad
    void markStored() {
        fresh = false;
    }

    public String getCoAllocationKey() { return coAllocationKey; }
}
