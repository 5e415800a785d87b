package org.doji.rm.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;
import java.time.Instant;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * One reservation as stored. Specs and allocations are JSON documents (they are read and written
 * whole); the columns the kernel queries on are plain columns.
 */
@Entity
// no index on the lifecycle state: only the start-up load reads by it (a scan then costs what an index range
// scan over most rows would), while every insert and every Created→Active→… change paid for one (each index is
// one more B-tree written to the file at every durable commit)
@Table(name = "rm_reservation", indexes = @Index(name = "rm_reservation_term", columnList = "terminationTime"))
public class ReservationRecord implements org.springframework.data.domain.Persistable<String> {

    /** True until first stored: the first save is an INSERT without the SELECT a merge would do. */
    @jakarta.persistence.Transient
    private boolean fresh;

    @Id
    @Column(name = "res_key", length = 64)
    private String key;
    @Column(nullable = false, length = 64)
    private String owner;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 32)
    private ReservationState reservationState;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 32)
    private LifecycleState lifecycleState;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 16)
    private PendingChange pendingChange;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 16)
    private Decision lastDecision;
    @Column(length = JsonColumns.MAX_JSON)
    private String specJson;
    @Column(length = JsonColumns.MAX_JSON)
    private String allocationJson;
    @Column(length = JsonColumns.MAX_JSON)
    private String pendingSpecJson;
    @Column(length = JsonColumns.MAX_JSON)
    private String pendingAllocationJson;
    private Instant holdExpires;
    private Instant terminationTime;
    @Column(length = 1024)
    private String consumer;
    @Column(length = 64)
    private String globalId;
    private int version;
    private Instant created;
    private Instant updated;
    @Column(length = 1024)
    private String reason;
    /** A cancel of this dead reservation was answered as a no-op: a commit of it is a no-op too (null = no). */
    private Boolean deadCancelAnswered;

    protected ReservationRecord() {
    }

    public ReservationRecord(String key, String owner, Instant now) {
        this.key = key;
        this.owner = owner;
        this.reservationState = ReservationState.ReserveStart;
        this.lifecycleState = LifecycleState.Created;
        this.pendingChange = PendingChange.None;
        this.lastDecision = Decision.NONE;
        this.created = now;
        this.updated = now;
        this.fresh = true;
    }

    @Override
    public String getId() {
        return key;
    }

    @Override
    public boolean isNew() {
        return fresh;
    }

    /** Marks the record as stored (the store calls this after the transaction that inserted it committed). */
    public void markStored() {
        fresh = false;
    }

    public String getKey() { return key; }
    public String getOwner() { return owner; }
    public ReservationState getReservationState() { return reservationState; }
    public void setReservationState(ReservationState s) { this.reservationState = s; }
    public LifecycleState getLifecycleState() { return lifecycleState; }
    public void setLifecycleState(LifecycleState s) { this.lifecycleState = s; }
    public PendingChange getPendingChange() { return pendingChange; }
    public void setPendingChange(PendingChange p) { this.pendingChange = p; }
    public Decision getLastDecision() { return lastDecision; }
    public void setLastDecision(Decision d) { this.lastDecision = d; }
    public String getSpecJson() { return specJson; }
    public void setSpecJson(String v) { this.specJson = v; }
    public String getAllocationJson() { return allocationJson; }
    public void setAllocationJson(String v) { this.allocationJson = v; }
    public String getPendingSpecJson() { return pendingSpecJson; }
    public void setPendingSpecJson(String v) { this.pendingSpecJson = v; }
    public String getPendingAllocationJson() { return pendingAllocationJson; }
    public void setPendingAllocationJson(String v) { this.pendingAllocationJson = v; }
    public Instant getHoldExpires() { return holdExpires; }
    public void setHoldExpires(Instant t) { this.holdExpires = t; }
    public Instant getTerminationTime() { return terminationTime; }
    public void setTerminationTime(Instant t) { this.terminationTime = t; }
    public String getConsumer() { return consumer; }
    public void setConsumer(String c) { this.consumer = c; }
    public String getGlobalId() { return globalId; }
    public void setGlobalId(String g) { this.globalId = g; }
    public int getVersion() { return version; }
    public void setVersion(int v) { this.version = v; }
    public Instant getCreated() { return created; }
    public Instant getUpdated() { return updated; }
    public void setUpdated(Instant t) { this.updated = t; }
    public String getReason() { return reason; }
    public void setReason(String r) { this.reason = r; }
    public boolean isDeadCancelAnswered() { return Boolean.TRUE.equals(deadCancelAnswered); }
    public void setDeadCancelAnswered(boolean b) { this.deadCancelAnswered = b ? Boolean.TRUE : null; }

    /** A detached copy of every field (to restore the working copy when a durable write fails). */
    public ReservationRecord copy() {
        ReservationRecord c = new ReservationRecord(key, owner, created);
        c.restoreFrom(this);
        return c;
    }

    /** Sets every mutable field from {@code other} (same key). */
    public void restoreFrom(ReservationRecord other) {
        reservationState = other.reservationState;
        lifecycleState = other.lifecycleState;
        pendingChange = other.pendingChange;
        lastDecision = other.lastDecision;
        specJson = other.specJson;
        allocationJson = other.allocationJson;
        pendingSpecJson = other.pendingSpecJson;
        pendingAllocationJson = other.pendingAllocationJson;
        holdExpires = other.holdExpires;
        terminationTime = other.terminationTime;
        consumer = other.consumer;
        globalId = other.globalId;
        version = other.version;
        updated = other.updated;
        reason = other.reason;
        deadCancelAnswered = other.deadCancelAnswered;
    }
}
