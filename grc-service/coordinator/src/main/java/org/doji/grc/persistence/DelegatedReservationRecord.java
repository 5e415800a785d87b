package org.doji.grc.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;
import jakarta.persistence.Version;
import java.time.Instant;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.persistence.JsonColumns;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * A reservation a parent coordinator made at this GRC through the RM port: its NSI states, what it
 * holds (one reservation at each child RM) and the change pending; the child steps of that change are its
 * transaction ({@link TransactionRecord}).
 */
@Entity
@Table(name = "grc_rm_reservation", indexes = @Index(name = "grc_rm_res_state", columnList = "reservationState"))
public class DelegatedReservationRecord {

    @Id
    @Column(name = "res_key", length = 64)
    private String key;
    @Column(nullable = false, length = 64)
    private String owner;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 24)
    private ReservationState reservationState;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 24)
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
    private String participantsJson;
    @Column(length = JsonColumns.MAX_JSON)
    private String pendingSpecJson;
    @Column(length = 1024)
    private String consumer;
    /** A cancel of this reservation after it was over has been answered (as a no-op), so its commit is one too. */
    private Boolean deadCancelAnswered;
    private Instant holdExpires;
    private Instant windowStart;
    private Instant windowEnd;
    @Column(length = 4000)
    private String reason;
    @Version
    private int version;
    private Instant created;
    private Instant updated;

    protected DelegatedReservationRecord() {
    }

    public DelegatedReservationRecord(String key, String owner, Instant now) {
        this.key = key;
        this.owner = owner;
        this.reservationState = ReservationState.ReserveHeld;
        this.lifecycleState = LifecycleState.Created;
        this.created = now;
        this.updated = now;
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
    public String getParticipantsJson() { return participantsJson; }
    public void setParticipantsJson(String v) { this.participantsJson = v; }
    public String getPendingSpecJson() { return pendingSpecJson; }
    public void setPendingSpecJson(String v) { this.pendingSpecJson = v; }
    /** Where the parent coordinator wants notifications (a hold that timed out, a part lost), or null. */
    public boolean isDeadCancelAnswered() { return Boolean.TRUE.equals(deadCancelAnswered); }
    public void setDeadCancelAnswered(boolean v) { this.deadCancelAnswered = v; }
    public String getConsumer() { return consumer; }
    public void setConsumer(String v) { this.consumer = v; }
    public Instant getHoldExpires() { return holdExpires; }
    public void setHoldExpires(Instant t) { this.holdExpires = t; }
    public Instant getWindowStart() { return windowStart; }
    public void setWindowStart(Instant t) { this.windowStart = t; }
    public Instant getWindowEnd() { return windowEnd; }
    public void setWindowEnd(Instant t) { this.windowEnd = t; }
    public String getReason() { return reason; }
    public void setReason(String r) { this.reason = r == null || r.length() <= 4000 ? r : r.substring(0, 3997) + "..."; }
    public int getVersion() { return version; }
    public Instant getCreated() { return created; }
    public Instant getUpdated() { return updated; }
    public void setUpdated(Instant t) { this.updated = t; }
}
