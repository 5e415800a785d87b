package org.doji.grc.soap;

import jakarta.annotation.Resource;
import jakarta.jws.WebService;
import jakarta.xml.ws.WebServiceContext;
import org.doji.contract.wsn.Renew;
import org.doji.contract.wsn.RenewResponse;
import org.doji.contract.wsn.Unsubscribe;
import org.doji.contract.wsn.UnsubscribeResponse;
import org.doji.contract.wsn.ports.SubscriptionManager;
import org.doji.grc.notify.Subscriptions;
import org.doji.rm.soap.SoapRequestContext;
import org.doji.rm.soap.TypedFaults;

/**
 * The GRC's WS-BaseNotification subscription manager: Renew and Unsubscribe of the subscription a Subscribe
 * answered (addressed by its EPR). Only its owner sees it; for anyone else it does not exist.
 */
@WebService(serviceName = "SubscriptionManagerService", portName = "SubscriptionManagerPort",
        targetNamespace = "http://doji.org/ns/2026/wsdl", endpointInterface = "org.doji.contract.wsn.ports.SubscriptionManager",
        wsdlLocation = "classpath:wsdl/doji-notify.wsdl")
public class SubscriptionManagerEndpoint implements SubscriptionManager {

    private final Subscriptions subscriptions;
    private final WsnFaults faults;

    @Resource
    private WebServiceContext context;

    SubscriptionManagerEndpoint(Subscriptions subscriptions, WsnFaults faults) {
        this.subscriptions = subscriptions;
        this.faults = faults;
    }

    public SubscriptionManagerEndpoint(Subscriptions subscriptions, org.doji.rm.soap.Faults faults,
                                       java.time.Duration maxLifetime) {
        this(subscriptions, new WsnFaults(faults, maxLifetime));
    }

    @Override
    public RenewResponse renew(Renew renew) {
        return TypedFaults.call(faults::toRenewFault, () -> {
            var now = faults.now();
            var termination = subscriptions.renew(SoapRequestContext.caller(context), SoapRequestContext.resourceKey(context),
                    WsnFromContract.time("TerminationTime", renew.getTerminationTime(), now));
            RenewResponse r = new RenewResponse();
            r.setTerminationTime(termination);
            r.setCurrentTime(now);
            return r;
        });
    }

    @Override
    public UnsubscribeResponse unsubscribe(Unsubscribe unsubscribe) {
        return TypedFaults.call(faults::toUnsubscribeFault, () -> {
            subscriptions.unsubscribe(SoapRequestContext.caller(context), SoapRequestContext.resourceKey(context));
            return new UnsubscribeResponse();
        });
    }
}
