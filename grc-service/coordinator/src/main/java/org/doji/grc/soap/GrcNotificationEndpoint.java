package org.doji.grc.soap;

import jakarta.jws.WebService;
import java.util.List;
import org.doji.contract.NotificationConsumerPortType;
import org.doji.contract.types.ReservationState;
import org.doji.contract.types.StateChange;
import org.doji.grc.tx.TransactionDriver;

/**
 * The GRC's notification consumer, the EPR it gives every RM when it prepares: an RM's hold timeout is acted on
 * at once (an undecided change stops trusting the hold, a decided one is driven to prepare it again) instead of
 * at the next driver round. Notifications are hints only: the driver asks the RM itself before acting.
 */
@WebService(serviceName = "NotificationConsumerService", portName = "NotificationConsumerPort",
        targetNamespace = "http://doji.org/ns/2026/wsdl", endpointInterface = "org.doji.contract.NotificationConsumerPortType",
        wsdlLocation = "classpath:wsdl/doji-notify.wsdl")
public class GrcNotificationEndpoint implements NotificationConsumerPortType {

    private final TransactionDriver driver;

    public GrcNotificationEndpoint(TransactionDriver driver) {
        this.driver = driver;
    }

    @Override
    public void notify(List<StateChange> messages) {
        for (StateChange m : messages) {
            if (m.getReservationState() == ReservationState.RESERVE_TIMEOUT && m.getResource() != null) {
                driver.holdExpired(m.getResource());
            }
        }
    }
}
