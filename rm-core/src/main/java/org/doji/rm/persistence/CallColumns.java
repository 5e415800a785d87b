package org.doji.rm.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;

/**
 * The columns of one mutating call remembered by the call ledger ({@code org.doji.rm.ledger.CallLedger}): its id
 * (caller and correlation id), the hash of its payload (a reuse of the id with another payload is refused) and when
 * it was made (retention). What the call did is the subclass's: an RM's answer, or the GRC's co-allocation.
 */
@MappedSuperclass
public abstract class CallColumns extends NewUntilPersisted {

    @Id
    @Column(name = "call_id", length = 300)
    private String id;
    @Column(nullable = false, length = 64)
    private String payloadHash;
    private Instant created;
    /** The refusal the call got (the ledger's stored form), or null when it was answered. */
    @Column(length = 4000)
    private String refusal;

    protected CallColumns() {
    }

    /** A new call's record, to be inserted. */
    protected CallColumns(String id, String payloadHash, Instant created) {
        super(true);
        this.id = id;
        this.payloadHash = payloadHash;
        this.created = created;
    }

    @Override
    public String getId() { return id; }
    public String getPayloadHash() { return payloadHash; }
    public Instant getCreated() { return created; }
    public String getRefusal() { return refusal; }
    public void setRefusal(String refusal) { this.refusal = refusal; }
}
