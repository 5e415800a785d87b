package org.doji.grc.core;

import java.time.Clock;
import java.util.concurrent.Executor;
import org.doji.contract.types.StateChange;
import org.doji.grc.model.CoAllocationState;
import org.doji.rm.soap.NotificationSender;

/**
 * WS-BaseNotification to a co-allocation's consumer EPR on every state change (DESIGN §10), after the change is
 * stored; best effort ({@link NotificationSender}): a callback never changes a co-allocation, polling still works.
 */
public class CoAllocationNotifier implements CoAllocationStore.StateListener {

    private final String producer;
    private final Clock clock;
    private final NotificationSender sender;

    public CoAllocationNotifier(String producer, Clock clock, Executor executor) {
        this.producer = producer;
        this.clock = clock;
        this.sender = new NotificationSender(executor);
    }

    @Override
    public void changed(CoAllocation after, CoAllocationState before, String consumer) {
        if (consumer == null) {
            return;
        }
        StateChange change = new StateChange();
        change.setResource(after.key());
        change.setProducer(producer);
        change.setTime(clock.instant());
        change.setCoAllocationState(org.doji.contract.types.CoAllocationState.fromValue(after.state().name()));
        change.setMessage(after.reason() == null ? before + " -> " + after.state() : after.reason());
        sender.send(consumer, change);
    }
}
