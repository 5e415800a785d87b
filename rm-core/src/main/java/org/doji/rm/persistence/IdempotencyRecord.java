package org.doji.rm.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The answer given to one mutating call, by caller and correlation id, so a retry gets the same answer. Answers are
 * only ever inserted ({@link NewUntilPersisted}).
 */
@Entity
@Table(name = "rm_idempotency", indexes = @jakarta.persistence.Index(name = "rm_idempotency_created", columnList = "created"))
public class IdempotencyRecord extends CallColumns {

    @Column(nullable = false, length = 16)
    private String operation;
    @Column(length = JsonColumns.MAX_JSON)
    private String answerJson;

    protected IdempotencyRecord() {
    }

    public IdempotencyRecord(String id, String operation, String payloadHash, String answerJson, Instant created) {
        super(id, payloadHash, created);
        this.operation = operation;
        this.answerJson = answerJson;
    }

    public String getOperation() { return operation; }
    public String getAnswerJson() { return answerJson; }
}
