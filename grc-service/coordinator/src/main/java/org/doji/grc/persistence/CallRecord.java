package org.doji.grc.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Which co-allocation a mutating call (by caller and correlation id) created or changed, with its payload hash. */
@Entity
@Table(name = "grc_call")
public class CallRecord {

    @Id
    @Column(name = "call_id", length = 300)
    private String id;
    @Column(nullable = false, length = 64)
    private String payloadHash;
    @Column(nullable = false, length = 64)
    private String coAllocationKey;
    private Instant created;

    protected CallRecord() {
    }

    public CallRecord(String id, String payloadHash, String coAllocationKey, Instant created) {
        this.id = id;
        this.payloadHash = payloadHash;
        this.coAllocationKey = coAllocationKey;
        this.created = created;
    }

    public String getId() { return id; }
    public String getPayloadHash() { return payloadHash; }
    public String getCoAllocationKey() { return coAllocationKey; }
    public Instant getCreated() { return created; }
}
