package org.doji.grc.notify;

import java.time.Instant;
import org.doji.grc.model.CoAllocationState;

/** One notification to deliver: a co-allocation's change to {@code state}, for one subscription's consumer. */
public record Notification(long id, String subscriptionId, String coAllocationKey, CoAllocationState state,
                           String message, Instant occurred, ConsumerEndpoint consumer) {
}
