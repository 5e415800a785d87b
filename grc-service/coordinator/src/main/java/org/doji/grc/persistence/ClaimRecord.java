package org.doji.grc.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** Work one replica does now (a transaction, a co-allocation's reservation or change, a key of the RM port). */
@Entity
@Table(name = "grc_claim", indexes = @Index(name = "grc_claim_replica", columnList = "replica_id"))
public class ClaimRecord {

    @Id
    @Column(name = "claim_key", length = 400)
    private String key;
    @Column(name = "replica_id", nullable = false, length = 128)
    private String replica;
    private Instant claimed;
    /** Fencing: new at every claim of the key; the writes made under the claim check it. */
    private Long epoch;

    protected ClaimRecord() {
    }

    public ClaimRecord(String key, String replica, Instant claimed) {
        this.key = key;
        this.replica = replica;
        this.claimed = claimed;
    }

    public String getKey() { return key; }
    public String getReplica() { return replica; }
    public Instant getClaimed() { return claimed; }
    public long getEpoch() { return epoch == null ? 0 : epoch; }
}
