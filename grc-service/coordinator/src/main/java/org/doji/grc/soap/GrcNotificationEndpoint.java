package org.doji.grc.soap;

import jakarta.jws.WebService;
import java.util.concurrent.Executor;
import org.doji.contract.types.LifecycleState;
import org.doji.contract.types.ReservationState;
import org.doji.contract.types.StateChange;
import org.doji.contract.wsn.Notify;
import org.doji.contract.wsn.ports.NotificationConsumer;
import org.doji.grc.tx.TransactionDriver;
import org.doji.rm.soap.NotificationSender;

/**
 * The GRC's notification consumer (WS-BaseNotification 1.3), the EPR it gives every RM when it prepares: an RM's
 * hold timeout is acted on at once (an undecided change stops trusting the hold, a decided one is driven to
 * prepare it again) instead of at the next driver round; a part that failed after the commit (its RM lost a link
 * and no other path fits) makes the GRC release every other part, and the co-allocation fails. Notifications are hints only: the driver asks the RM
 * itself before acting. With security on, only the registered RMs may notify (each signs in with the account this
 * GRC's calls to it use; checked before this endpoint runs).
 */
@WebService(serviceName = "NotificationConsumerService", portName = "NotificationConsumerPort",
        targetNamespace = "http://doji.org/ns/2026/wsdl", endpointInterface = "org.doji.contract.wsn.ports.NotificationConsumer",
        wsdlLocation = "classpath:wsdl/doji-notify.wsdl")
public class GrcNotificationEndpoint implements NotificationConsumer {

    /** What a part's failure after the commit sets off (key of the co-allocation, key of the part). */
    public interface PartFailures {
        void partFailed(String coAllocationKey, String reservationKey);
    }

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(GrcNotificationEndpoint.class);

    @jakarta.annotation.Resource
    private jakarta.xml.ws.WebServiceContext context;
    private final TransactionDriver driver;
    private final PartFailures failures;
    private final Executor background;

    public GrcNotificationEndpoint(TransactionDriver driver, PartFailures failures, Executor background) {
        this.driver = driver;
        this.failures = failures;
        this.background = background;
    }

    @Override
    public void notify(Notify notify) {
        // with security on the sender signed in with the account of a registered RM (checked before this runs)
        String from = context == null || context.getMessageContext() == null ? "anonymous"
                : org.doji.rm.soap.SoapRequestContext.caller(context).name();
        for (StateChange m : NotificationSender.stateChanges(notify)) {
            log.info("notification from {} ({}): {} {}/{}", from, m.getProducer(), m.getResource(),
                    m.getReservationState(), m.getLifecycleState());
            handle(m);
        }
    }

    /** Acts on one RM's state change (the body of a Notify; a simulation's network delivers it as it is). */
    public void handle(StateChange m) {
        if (m.getReservationState() == ReservationState.RESERVE_TIMEOUT && m.getResource() != null) {
            driver.holdExpired(m.getResource());
        } else if (m.getLifecycleState() == LifecycleState.FAILED && m.getResource() != null && m.getGlobalId() != null) {
            // released in the background: the RM's notifying thread is not held while every other part goes
            background.execute(() -> failures.partFailed(m.getGlobalId(), m.getResource()));
        }
    }
}
