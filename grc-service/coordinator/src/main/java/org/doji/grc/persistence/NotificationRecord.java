package org.doji.grc.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;
import org.doji.grc.model.CoAllocationState;

/**
 * One notification still to deliver (the outbox): written in the transaction of the state change it reports,
 * deleted once its consumer answered. The version makes a claim by one delivery round exclusive.
 */
@Entity
@Table(name = "grc_notification", indexes = {
        @Index(name = "grc_note_due", columnList = "next_attempt"),
        @Index(name = "grc_note_sub", columnList = "sub_id, note_id")})
public class NotificationRecord {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    @Column(name = "note_id")
    private Long id;
    @Column(name = "sub_id", nullable = false, length = 80)
    private String subscriptionId;
    @Column(name = "co_key", nullable = false, length = 64)
    private String coAllocationKey;
    @Enumerated(EnumType.STRING)
    @JdbcTypeCode(SqlTypes.VARCHAR)
    @Column(nullable = false, length = 16)
    private CoAllocationState state;
    @Column(length = 4000)
    private String message;
    @Column(nullable = false)
    private Instant occurred;
    private int attempts;
    @Column(nullable = false)
    private Instant nextAttempt;
    @Column(length = 1000)
    private String lastError;
    @Version
    private long version;

    protected NotificationRecord() {
    }

    public NotificationRecord(String subscriptionId, String coAllocationKey, CoAllocationState state, String message,
                              Instant occurred) {
        this.subscriptionId = subscriptionId;
        this.coAllocationKey = coAllocationKey;
        this.state = state;
        this.message = message;
        this.occurred = occurred;
        this.nextAttempt = occurred;
    }

    public Long getId() { return id; }
    public String getSubscriptionId() { return subscriptionId; }
    public String getCoAllocationKey() { return coAllocationKey; }
    public CoAllocationState getState() { return state; }
    public String getMessage() { return message; }
    public Instant getOccurred() { return occurred; }
    public int getAttempts() { return attempts; }
    public Instant getNextAttempt() { return nextAttempt; }
    public String getLastError() { return lastError; }

    public void claimUntil(Instant until) { this.nextAttempt = until; }

    public void failed(String error, Instant retryAt) {
        this.attempts++;
        this.lastError = error == null || error.length() <= 1000 ? error : error.substring(0, 1000);
        this.nextAttempt = retryAt;
    }
}
