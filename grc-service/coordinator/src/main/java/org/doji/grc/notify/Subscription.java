package org.doji.grc.notify;

import java.time.Instant;
import java.util.Set;
import org.doji.grc.model.CoAllocationState;

/**
 * A WS-BaseNotification subscription: the owner's co-allocation it watches ({@code coAllocationKey}; null: all
 * of the owner's), where to deliver, which states (empty: every state), and until when (null: as long as the
 * co-allocation is kept).
 */
public record Subscription(String id, String owner, String coAllocationKey, ConsumerEndpoint consumer,
                           Set<CoAllocationState> topics, Instant created, Instant terminationTime) {

    public Subscription {
        topics = Set.copyOf(topics);
    }

    /** Whether a change to {@code state} is one of the subscribed topics. */
    public boolean wants(CoAllocationState state) {
        return topics.isEmpty() || topics.contains(state);
    }
}
