package org.doji.rm.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * The columns of a reservation made through an RM port, whoever keeps it: an RM's own reservations
 * ({@link ReservationRecord}) and the GRC's reservations made for a parent coordinator at its RM port. The NSI
 * states, the pending change and its decision, the spec, the hold, the consumer, the reason, the times and the
 * WS-ResourceLifetime termination time; what
 * a reservation holds (an allocation, or one reservation at each child RM) is the subclass's.
 */
@MappedSuperclass
public abstract class ReservationColumns {

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
    private PendingChange pendingChange = PendingChange.None;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 16)
    private Decision lastDecision = Decision.NONE;
    @Column(length = JsonColumns.MAX_JSON)
    private String specJson;
    @Column(length = JsonColumns.MAX_JSON)
    private String pendingSpecJson;
    private Instant holdExpires;
    /** Where the reserving coordinator wants notifications (a hold that timed out, a part lost), or null. */
    @Column(length = 1024)
    private String consumer;
    @Column(length = 1024)
    private String reason;
    /** A cancel of this reservation after it was over has been answered (as a no-op), so its commit is one too. */
    private Boolean deadCancelAnswered;
    /** When the record is forgotten once the reservation is over (WS-ResourceLifetime); null: at the retention. */
    private Instant terminationTime;
    private Instant created;
    private Instant updated;

    protected ReservationColumns() {
    }

    protected ReservationColumns(String key, String owner, ReservationState initial, Instant now) {
        this.key = key;
        this.owner = owner;
        this.reservationState = initial;
        this.lifecycleState = LifecycleState.Created;
        this.created = now;
        this.updated = now;
    }

    /** The length of the reason column: a longer reason is cut there (with "..."). */
    protected abstract int reasonLength();

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
    public String getPendingSpecJson() { return pendingSpecJson; }
    public void setPendingSpecJson(String v) { this.pendingSpecJson = v; }
    public Instant getHoldExpires() { return holdExpires; }
    public void setHoldExpires(Instant t) { this.holdExpires = t; }
    public String getConsumer() { return consumer; }
    public void setConsumer(String c) { this.consumer = c; }
    public String getReason() { return reason; }
    public void setReason(String r) {
        int max = reasonLength();
        this.reason = r == null || r.length() <= max ? r : r.substring(0, max - 3) + "...";
    }
    public boolean isDeadCancelAnswered() { return Boolean.TRUE.equals(deadCancelAnswered); }
    public void setDeadCancelAnswered(boolean b) { this.deadCancelAnswered = b ? Boolean.TRUE : null; }
    public Instant getTerminationTime() { return terminationTime; }
    public void setTerminationTime(Instant t) { this.terminationTime = t; }
    public Instant getCreated() { return created; }
    public Instant getUpdated() { return updated; }
    public void setUpdated(Instant t) { this.updated = t; }

    /** Sets every mutable column from {@code other} (same key). */
    protected void restoreColumnsFrom(ReservationColumns other) {
        reservationState = other.reservationState;
        lifecycleState = other.lifecycleState;
        pendingChange = other.pendingChange;
        lastDecision = other.lastDecision;
        specJson = other.specJson;
        pendingSpecJson = other.pendingSpecJson;
        holdExpires = other.holdExpires;
        consumer = other.consumer;
        reason = other.reason;
        deadCancelAnswered = other.deadCancelAnswered;
        terminationTime = other.terminationTime;
        updated = other.updated;
    }
}
