package org.doji.rm.soap;

import jakarta.xml.ws.BindingProvider;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import org.doji.contract.NotificationConsumerPortType;
import org.doji.contract.NotificationConsumerService;
import org.doji.contract.types.Notify;
import org.doji.contract.types.StateChange;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.model.ReservationView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Sends WS-BaseNotification-style Notify messages, asynchronously and best effort. */
public class SoapNotifier implements Notifier {

    private static final Logger log = LoggerFactory.getLogger(SoapNotifier.class);

    private final String producer;
    private final Clock clock;
    private final ExecutorService executor;
    private final NotificationConsumerService service = new NotificationConsumerService();

    public SoapNotifier(String producer, Clock clock, ExecutorService executor) {
        this.producer = producer;
        this.clock = clock;
        this.executor = executor;
    }

    @Override
    public void notify(String consumer, ReservationView view, String message) {
        Notify notify = new Notify();
        StateChange change = new StateChange();
        change.setResource(view.key());
        change.setProducer(producer);
        change.setTime(clock.instant());
        change.setReservationState(org.doji.contract.types.ReservationState.fromValue(view.reservationState().name()));
        change.setLifecycleState(org.doji.contract.types.LifecycleState.fromValue(view.lifecycleState().name()));
        change.setGlobalId(view.spec() != null ? view.spec().globalId()
                : view.pendingSpec() != null ? view.pendingSpec().globalId() : null);
        change.setMessage(message);
        notify.getNotificationMessage().add(change);
        executor.execute(() -> {
            try {
                NotificationConsumerPortType port = service.getNotificationConsumerPort();
                ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, consumer);
                port.notify(notify.getNotificationMessage());
            } catch (RuntimeException e) {
                log.warn("could not notify {} of {} ({}): {}", consumer, view.key(), message, e.toString());
            }
        });
    }
}
