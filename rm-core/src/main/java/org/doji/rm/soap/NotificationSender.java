package org.doji.rm.soap;

import jakarta.xml.ws.BindingProvider;
import java.util.List;
import java.util.concurrent.Executor;
import org.doji.contract.NotificationConsumerPortType;
import org.doji.contract.NotificationConsumerService;
import org.doji.contract.types.StateChange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers Notify messages to a consumer EPR address, off the caller's thread and best effort: a consumer that
 * cannot be reached costs one WARN line, and a delivery never changes what it reports (polling always works).
 * The one sender of the RMs' and the GRC's notifications.
 */
public final class NotificationSender {

    private static final Logger log = LoggerFactory.getLogger(NotificationSender.class);

    private final Executor executor;
    private final NotificationConsumerService service = new NotificationConsumerService();

    public NotificationSender(Executor executor) {
        this.executor = executor;
    }

    public void send(String consumer, StateChange change) {
        try {
            executor.execute(() -> deliver(consumer, change));
        } catch (RuntimeException e) {
            log.warn("notification of {} to {} not sent: {}", change.getResource(), consumer, e.toString());
        }
    }

    private void deliver(String consumer, StateChange change) {
        try {
            NotificationConsumerPortType port = service.getNotificationConsumerPort();
            ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, consumer);
            port.notify(List.of(change));
        } catch (RuntimeException e) {
            log.warn("could not notify {} of {} ({}): {}", consumer, change.getResource(), change.getMessage(), e.toString());
        }
    }
}
