package org.doji.grc.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;
import jakarta.persistence.Version;
import java.time.Instant;
import org.doji.grc.tx.Change;
import org.doji.grc.tx.SubjectType;
import org.doji.rm.persistence.JsonColumns;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * A coordinated change in progress (see {@code org.doji.grc.tx.Transaction}); removed when it finishes, so the
 * table holds only the work in flight and is read whole by the driver.
 */
@Entity
@Table(name = "grc_transaction")
public class TransactionRecord {

    @Id
    @Column(name = "tx_id", length = 300)
    private String id;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 16)
    private SubjectType subjectType;
    @Column(nullable = false, length = 64)
    private String subject;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(name = "change_kind", nullable = false, length = 16)
    private Change change;
    private int attempt;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 16)
    private Decision decision;
    private boolean compensating;
    @Column(length = JsonColumns.MAX_JSON)
    private String participantsJson;
    /** Written once, with the row: a participant's spec never changes. */
    @Column(length = JsonColumns.MAX_JSON)
    private String participantSpecsJson;
    @Column(length = JsonColumns.MAX_JSON)
    private String payload;
    private Instant decideBy;
    private Instant nextDrive;
    private int tries;
    @Column(length = 4000)
    private String reason;
    private Instant created;
    @Version
    private long version;

    protected TransactionRecord() {
    }

    public TransactionRecord(String id) {
        this.id = id;
    }

    public String getId() { return id; }
    public SubjectType getSubjectType() { return subjectType; }
    public void setSubjectType(SubjectType v) { this.subjectType = v; }
    public String getSubject() { return subject; }
    public void setSubject(String v) { this.subject = v; }
    public Change getChange() { return change; }
    public void setChange(Change v) { this.change = v; }
    public int getAttempt() { return attempt; }
    public void setAttempt(int v) { this.attempt = v; }
    public Decision getDecision() { return decision; }
    public void setDecision(Decision v) { this.decision = v; }
    public boolean isCompensating() { return compensating; }
    public void setCompensating(boolean v) { this.compensating = v; }
    public String getParticipantsJson() { return participantsJson; }
    public void setParticipantsJson(String v) { this.participantsJson = v; }
    public String getParticipantSpecsJson() { return participantSpecsJson; }
    public void setParticipantSpecsJson(String v) { this.participantSpecsJson = v; }
    public String getPayload() { return payload; }
    public void setPayload(String v) { this.payload = v; }
    public Instant getDecideBy() { return decideBy; }
    public void setDecideBy(Instant v) { this.decideBy = v; }
    public Instant getNextDrive() { return nextDrive; }
    public void setNextDrive(Instant v) { this.nextDrive = v; }
    public int getTries() { return tries; }
    public void setTries(int v) { this.tries = v; }
    public String getReason() { return reason; }
    public void setReason(String r) { this.reason = r == null || r.length() <= 4000 ? r : r.substring(0, 3997) + "..."; }
    public Instant getCreated() { return created; }
    public void setCreated(Instant v) { this.created = v; }
    public long getVersion() { return version; }
}
