package org.doji.rm.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import org.springframework.data.domain.Persistable;
import java.time.Instant;

/** The answer given to one mutating call, by caller and correlation id, so a retry gets the same answer. */
@Entity
@Table(name = "rm_idempotency", indexes = @jakarta.persistence.Index(name = "rm_idempotency_created", columnList = "created"))
public class IdempotencyRecord implements Persistable<String> {

    /** Answers are only ever inserted: saving one is an INSERT without the SELECT a merge would do. */
    @Transient
    private boolean fresh;

    @Id
    @Column(name = "call_id", length = 300)
    private String id;
    @Column(nullable = false, length = 16)
    private String operation;
    @Column(nullable = false, length = 64)
    private String payloadHash;
    @Column(length = JsonColumns.MAX_JSON)
    private String answerJson;
    private Instant created;

    protected IdempotencyRecord() {
    }

    public IdempotencyRecord(String id, String operation, String payloadHash, String answerJson, Instant created) {
        this.id = id;
        this.operation = operation;
        this.payloadHash = payloadHash;
        this.answerJson = answerJson;
        this.created = created;
        this.fresh = true;
    }

    @Override
    public boolean isNew() {
        return fresh;
    }

    public String getId() { return id; }
    public String getOperation() { return operation; }
    public String getPayloadHash() { return payloadHash; }
    public String getAnswerJson() { return answerJson; }
    public Instant getCreated() { return created; }
}
