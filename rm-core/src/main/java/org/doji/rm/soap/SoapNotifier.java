package org.doji.rm.soap;

import java.time.Clock;
import java.util.concurrent.Executor;
import org.doji.contract.types.StateChange;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.model.ReservationView;

/** Tells a reservation's coordinator of changes it did not cause, as WS-BaseNotification-style Notify messages. */
public class SoapNotifier implements Notifier {

    private final String producer;
    private final Clock clock;
    private final NotificationSender sender;
    private final java.util.function.Function<String, java.util.function.Supplier<org.apache.cxf.headers.Header>> signIn;

    public SoapNotifier(String producer, Clock clock, Executor executor) {
        this(producer, clock, executor, owner -> null);
    }

    /**
     * @param signIn how a notification to the coordinator that owns the reservation signs in there (the header with
     *               its account's UsernameToken, fresh each time; null: none), e.g.
     *               {@link org.doji.rm.soap.client.ClientSecurity#signedAsCoordinator}
     */
    public SoapNotifier(String producer, Clock clock, Executor executor,
                        java.util.function.Function<String, java.util.function.Supplier<org.apache.cxf.headers.Header>> signIn) {
        this.producer = producer;
        this.clock = clock;
        this.sender = new NotificationSender(executor);
        this.signIn = signIn;
    }

    @Override
    public void notify(String consumer, ReservationView view, String message) {
        sender.send(consumer, stateChange(producer, clock.instant(), view, message), signIn.apply(view.owner()));
    }

    /** What a notification of {@code view}'s change says (the body of its Notify). */
    public static StateChange stateChange(String producer, java.time.Instant time, ReservationView view, String message) {
        StateChange change = new StateChange();
        change.setResource(view.key());
        change.setProducer(producer);
        change.setTime(time);
        change.setReservationState(org.doji.contract.types.ReservationState.fromValue(view.reservationState().name()));
        change.setLifecycleState(org.doji.contract.types.LifecycleState.fromValue(view.lifecycleState().name()));
        change.setGlobalId(view.spec() != null ? view.spec().globalId()
                : view.pendingSpec() != null ? view.pendingSpec().globalId() : null);
        change.setMessage(message);
        return change;
    }
}
