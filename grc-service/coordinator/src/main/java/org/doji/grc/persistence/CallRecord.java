package org.doji.grc.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;
import org.doji.rm.persistence.CallColumns;

/** Which co-allocation a mutating call (by caller and correlation id) created or changed, with its payload hash. */
@Entity
@Table(name = "grc_call")
public class CallRecord extends CallColumns {

    @Column(nullable = false, length = 64)
    private String coAllocationKey;

    protected CallRecord() {
    }

    public CallRecord(String id, String payloadHash, String coAllocationKey, Instant created) {
        super(id, payloadHash, created);
        this.coAllocationKey = coAllocationKey;
    }

    public String getCoAllocationKey() { return coAllocationKey; }
}
