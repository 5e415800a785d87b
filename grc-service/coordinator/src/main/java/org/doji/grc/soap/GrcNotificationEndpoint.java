package org.doji.grc.soap;

import jakarta.jws.WebService;
import org.doji.contract.types.ReservationState;
import org.doji.contract.types.StateChange;
import org.doji.contract.wsn.Notify;
import org.doji.contract.wsn.ports.NotificationConsumer;
import org.doji.grc.tx.TransactionDriver;
import org.doji.rm.soap.NotificationSender;

/**
 * The GRC's notification consumer (WS-BaseNotification 1.3), the EPR it gives every RM when it prepares: an RM's
 * hold timeout is acted on at once (an undecided change stops trusting the hold, a decided one is driven to
 * prepare it again) instead of at the next driver round. Notifications are hints only: the driver asks the RM
 * itself before acting.
 */
@WebService(serviceName = "NotificationConsumerService", portName = "NotificationConsumerPort",
        targetNamespace = "http://doji.org/ns/2026/wsdl", endpointInterface = "org.doji.contract.wsn.ports.NotificationConsumer",
        wsdlLocation = "classpath:wsdl/doji-notify.wsdl")
public class GrcNotificationEndpoint implements NotificationConsumer {

    private final TransactionDriver driver;

    public GrcNotificationEndpoint(TransactionDriver driver) {
        this.driver = driver;
    }

    @Override
    public void notify(Notify notify) {
        for (StateChange m : NotificationSender.stateChanges(notify)) {
            if (m.getReservationState() == ReservationState.RESERVE_TIMEOUT && m.getResource() != null) {
                driver.holdExpired(m.getResource());
            }
        }
    }
}
