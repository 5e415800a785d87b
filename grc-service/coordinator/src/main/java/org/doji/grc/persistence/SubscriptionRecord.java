package org.doji.grc.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A WS-BaseNotification subscription: whose, to which co-allocation (none: all of the owner's), the consumer EPR
 * (address and reference parameters as XML), the topics (comma-separated states; none: every state), and until when.
 */
@Entity
@Table(name = "grc_subscription", indexes = {
        @Index(name = "grc_sub_co", columnList = "co_key"),
        @Index(name = "grc_sub_owner", columnList = "owner, co_key")})
public class SubscriptionRecord {

    @Id
    @Column(name = "sub_id", length = 80)
    private String id;
    @Column(nullable = false, length = 64)
    private String owner;
    @Column(name = "co_key", length = 64)
    private String coAllocationKey;
    @Column(nullable = false, length = 1024)
    private String consumer;
    @Column(length = 16000)
    private String consumerParameters;
    @Column(length = 400)
    private String topics;
    @Column(nullable = false)
    private Instant created;
    private Instant terminationTime;

    protected SubscriptionRecord() {
    }

    public SubscriptionRecord(String id, String owner, String coAllocationKey, String consumer, String consumerParameters,
                              String topics, Instant created, Instant terminationTime) {
        this.id = id;
        this.owner = owner;
        this.coAllocationKey = coAllocationKey;
        this.consumer = consumer;
        this.consumerParameters = consumerParameters;
        this.topics = topics;
        this.created = created;
        this.terminationTime = terminationTime;
    }

    public String getId() { return id; }
    public String getOwner() { return owner; }
    public String getCoAllocationKey() { return coAllocationKey; }
    public String getConsumer() { return consumer; }
    public String getConsumerParameters() { return consumerParameters; }
    public String getTopics() { return topics; }
    public Instant getCreated() { return created; }
    public Instant getTerminationTime() { return terminationTime; }
    public void setTerminationTime(Instant t) { this.terminationTime = t; }
}
