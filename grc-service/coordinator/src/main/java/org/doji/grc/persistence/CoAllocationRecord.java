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
import java.time.Instant;
import org.doji.grc.model.CoAllocationState;
import org.doji.rm.persistence.JsonColumns;
import org.doji.rm.persistence.NewUntilPersisted;

/**
 * One co-allocation as stored. A change in progress (its participants and decision) is a transaction of
 * its own ({@link TransactionRecord}), written in the same database transaction as the state it moves.
 */
@Entity
@Table(name = "grc_coallocation", indexes = {
        @Index(name = "grc_co_owner", columnList = "owner"),
        @Index(name = "grc_co_state_start", columnList = "state, windowStart")})
public class CoAllocationRecord extends NewUntilPersisted {

    @Id
    @Column(name = "co_key", length = 64)
    private String key;
    @Column(nullable = false, length = 64)
    private String owner;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 16)
    private CoAllocationState state;
    @Column(length = 4000)
    private String reason;
    @Column(length = JsonColumns.MAX_JSON)
    private String requestJson;
    @Column(length = JsonColumns.MAX_JSON)
    private String planJson;
    @Column(length = JsonColumns.MAX_JSON)
    private String outcomesJson;
    private Instant windowStart;
    private Instant windowEnd;
    private Double cost;
    private int attempt;
    private Instant created;
    private Instant updated;
    private Instant terminationTime;

    protected CoAllocationRecord() {
    }

    /** A new co-allocation, to be inserted ({@link NewUntilPersisted}). */
    public CoAllocationRecord(String key, String owner, Instant now) {
        super(true);
        this.key = key;
        this.owner = owner;
        this.state = CoAllocationState.Planning;
        this.created = now;
        this.updated = now;
    }

    @Override
    public String getId() {
        return key;
    }

    public String getKey() { return key; }
    public String getOwner() { return owner; }
    public CoAllocationState getState() { return state; }
    public void setState(CoAllocationState s) { this.state = s; }
    public String getReason() { return reason; }
    public void setReason(String r) { this.reason = r == null || r.length() <= 4000 ? r : r.substring(0, 3997) + "..."; }
    public String getRequestJson() { return requestJson; }
    public void setRequestJson(String v) { this.requestJson = v; }
    public String getPlanJson() { return planJson; }
    public void setPlanJson(String v) { this.planJson = v; }
    public String getOutcomesJson() { return outcomesJson; }
    public void setOutcomesJson(String v) { this.outcomesJson = v; }
    public Instant getWindowStart() { return windowStart; }
    public void setWindowStart(Instant t) { this.windowStart = t; }
    public Instant getWindowEnd() { return windowEnd; }
    public void setWindowEnd(Instant t) { this.windowEnd = t; }
    public Double getCost() { return cost; }
    public void setCost(Double c) { this.cost = c; }
    public int getAttempt() { return attempt; }
    public void setAttempt(int a) { this.attempt = a; }
    public Instant getCreated() { return created; }
    public Instant getUpdated() { return updated; }
    public void setUpdated(Instant t) { this.updated = t; }
    public Instant getTerminationTime() { return terminationTime; }
    public void setTerminationTime(Instant t) { this.terminationTime = t; }
}
