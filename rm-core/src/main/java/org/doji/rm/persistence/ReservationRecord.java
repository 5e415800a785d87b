package org.doji.rm.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.doji.rm.model.ReservationState;

/**
 * One reservation as stored. Specs and allocations are JSON documents (they are read and written
 * whole); the columns the kernel queries on are plain columns.
 */
@Entity
// no index on the lifecycle state: only the start-up load reads by it (a scan then costs what an index range
// scan over most rows would), while every insert and every Created→Active→… change paid for one (each index is
// one more B-tree written to the file at every durable commit)
@Table(name = "rm_reservation", indexes = @Index(name = "rm_reservation_term", columnList = "terminationTime"))
public class ReservationRecord extends ReservationColumns implements org.springframework.data.domain.Persistable<String> {

    /** True until first stored: the first save is an INSERT without the SELECT a merge would do. */
    @jakarta.persistence.Transient
    private boolean fresh;

    @Column(length = JsonColumns.MAX_JSON)
    private String allocationJson;
    @Column(length = JsonColumns.MAX_JSON)
    private String pendingAllocationJson;
    @Column(length = 64)
    private String globalId;
    private int version;

    protected ReservationRecord() {
    }

    public ReservationRecord(String key, String owner, Instant now) {
        super(key, owner, ReservationState.ReserveStart, now);
        this.fresh = true;
    }

    @Override
    protected int reasonLength() {
        return 1024;
    }

    @Override
    public String getId() {
        return getKey();
    }

    @Override
    public boolean isNew() {
        return fresh;
    }

    /** Marks the record as stored (the store calls this after the transaction that inserted it committed). */
    public void markStored() {
        fresh = false;
    }

    public String getAllocationJson() { return allocationJson; }
    public void setAllocationJson(String v) { this.allocationJson = v; }
    public String getPendingAllocationJson() { return pendingAllocationJson; }
    public void setPendingAllocationJson(String v) { this.pendingAllocationJson = v; }
    public String getGlobalId() { return globalId; }
    public void setGlobalId(String g) { this.globalId = g; }
    public int getVersion() { return version; }
    public void setVersion(int v) { this.version = v; }

    /** A detached copy of every field (to restore the working copy when a durable write fails). */
    public ReservationRecord copy() {
        ReservationRecord c = new ReservationRecord(getKey(), getOwner(), getCreated());
        c.restoreFrom(this);
        return c;
    }

    /** Sets every mutable field from {@code other} (same key). */
    public void restoreFrom(ReservationRecord other) {
        restoreColumnsFrom(other);
        allocationJson = other.allocationJson;
        pendingAllocationJson = other.pendingAllocationJson;
        globalId = other.globalId;
        version = other.version;
    }
}
