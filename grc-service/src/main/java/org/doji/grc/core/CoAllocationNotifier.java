package org.doji.grc.core;

import jakarta.xml.ws.BindingProvider;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import org.doji.contract.NotificationConsumerPortType;
import org.doji.contract.NotificationConsumerService;
import org.doji.contract.types.StateChange;
import org.doji.grc.model.CoAllocationState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * WS-BaseNotification to a co-allocation's consumer EPR on every state change (DESIGN §10). Best effort and
 * off the caller's thread: a consumer that cannot be reached is logged, and polling still works; a callback
 * never changes a co-allocation.
 */
public class CoAllocationNotifier implements CoAllocationStore.StateListener {

    private static final Logger log = LoggerFactory.getLogger(CoAllocationNotifier.class);

    private final String producer;
    private final Clock clock;
    private final ExecutorService executor;
    private final NotificationConsumerService service = new NotificationConsumerService();

    public CoAllocationNotifier(String producer, Clock clock, ExecutorService executor) {
        this.producer = producer;
        this.clock = clock;
        this.executor = executor;
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
        try {
            executor.execute(() -> send(consumer, change));
        } catch (RuntimeException e) {
            log.warn("notification of {} to {} not sent: {}", after.key(), consumer, e.toString());
        }
    }

    private void send(String consumer, StateChange change) {
        try {
            NotificationConsumerPortType port = service.getNotificationConsumerPort();
            ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, consumer);
            port.notify(java.util.List.of(change));
        } catch (RuntimeException e) {
            log.warn("could not notify {} of {} ({}): {}", consumer, change.getResource(), change.getCoAllocationState(),
                    e.toString());
        }
    }
}
