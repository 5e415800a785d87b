package org.doji.grc.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A GRC replica sharing this database, alive while its lease is renewed (its claims are void once it ran out). */
@Entity
@Table(name = "grc_replica")
public class ReplicaRecord {

    @Id
    @Column(name = "replica_id", length = 128)
    private String id;
    @Column(nullable = false)
    private Instant leaseUntil;
    private Instant started;

    protected ReplicaRecord() {
    }

    public ReplicaRecord(String id, Instant leaseUntil, Instant started) {
        this.id = id;
        this.leaseUntil = leaseUntil;
        this.started = started;
    }

    public String getId() { return id; }
    public Instant getLeaseUntil() { return leaseUntil; }
    public void setLeaseUntil(Instant t) { this.leaseUntil = t; }
    public Instant getStarted() { return started; }
}
