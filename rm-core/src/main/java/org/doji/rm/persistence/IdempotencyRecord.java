package org.doji.rm.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import org.springframework.data.domain.Persistable;
import java.time.Instant;

/** The answer given to one mutating call, by caller and correlation id, so a retry gets the same answer. */
@Entity
@Table(name = "rm_idempotency", indexes = @jakarta.persistence.Index(name = "rm_idempotency_created", columnList = "created"))
public class IdempotencyRecord extends CallColumns implements Persistable<String> {

    /** Answers are only ever inserted: saving one is an INSERT without the SELECT a merge would do. */
    @Transient
    private boolean fresh;

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
        this.fresh = true;
    }

    @Override
    public boolean isNew() {
        return fresh;
    }

    public String getOperation() { return operation; }
    public String getAnswerJson() { return answerJson; }
}
