package org.doji.grc.soap;

import java.time.Instant;
import javax.xml.namespace.QName;
import org.doji.contract.InvalidFilterFault;
import org.doji.contract.InvalidTopicExpressionFault;
import org.doji.contract.ResourceUnknownFault;
import org.doji.contract.SubscribeCreationFailedFault;
import org.doji.contract.TopicExpressionDialectUnknownFault;
import org.doji.contract.TopicNotSupportedFault;
import org.doji.contract.UnacceptableInitialTerminationTimeFault;
import org.doji.contract.UnrecognizedPolicyRequestFault;
import org.doji.contract.wsn.UnrecognizedPolicyRequestFaultType;
import org.doji.contract.wsn.InvalidFilterFaultType;
import org.doji.contract.wsn.InvalidTopicExpressionFaultType;
import org.doji.contract.wsn.SubscribeCreationFailedFaultType;
import org.doji.contract.wsn.TopicExpressionDialectUnknownFaultType;
import org.doji.contract.wsn.TopicNotSupportedFaultType;
import org.doji.contract.wsn.UnacceptableInitialTerminationTimeFaultType;
import org.doji.contract.wsn.UnacceptableTerminationTimeFaultType;
import org.doji.contract.wsn.UnableToDestroySubscriptionFaultType;
import org.doji.contract.wsn.ports.UnableToDestroySubscriptionFault;
import org.doji.contract.wsn.ports.UnacceptableTerminationTimeFault;
import org.doji.contract.wsrf.bf.BaseFaultType;
import org.doji.contract.wsrf.r.ResourceUnknownFaultType;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.soap.BaseFaults;
import org.doji.rm.soap.Faults;

/**
 * The faults of the OASIS WS-BaseNotification operations: Subscribe's, Renew's and Unsubscribe's fault types as
 * the OASIS schemas declare them, with Doji's error code and description. What has no OASIS fault (bad input,
 * authorization, internal errors) is the contract's own typed fault, as on every other operation.
 */
final class WsnFaults {

    static final String INVALID_FILTER = "INVALID_FILTER";
    static final String TOPIC_DIALECT = "UNKNOWN_TOPIC_DIALECT";
    static final String INVALID_TOPIC = "INVALID_TOPIC_EXPRESSION";
    static final String TOPIC_NOT_SUPPORTED = "TOPIC_NOT_SUPPORTED";

    private final Faults faults;
    private final java.time.Duration maxLifetime;

    WsnFaults(Faults faults, java.time.Duration maxLifetime) {
        this.faults = faults;
        this.maxLifetime = maxLifetime;
    }

    Exception toSubscribeFault(RuntimeException e) {
        if (!(e instanceof DojiException d)) {
            return faults.toFault(e);
        }
        String m = d.getMessage();
        if (d.kind() == FaultKind.UNKNOWN_RESOURCE) {
            return new ResourceUnknownFault(m, fill(new ResourceUnknownFaultType(), d));
        }
        if (d.errorCode().startsWith("TERMINATION_")) {
            UnacceptableInitialTerminationTimeFaultType info = fill(new UnacceptableInitialTerminationTimeFaultType(), d);
            info.setMinimumTime(faults.now());
            info.setMaximumTime(faults.now().plus(maxLifetime));
            return new UnacceptableInitialTerminationTimeFault(m, info);
        }
        return switch (d.errorCode()) {
            case INVALID_FILTER -> {
                InvalidFilterFaultType info = fill(new InvalidFilterFaultType(), d);
                info.getUnknownFilter().add(d.detail() == null ? new QName("unknown") : QName.valueOf(d.detail()));
                yield new InvalidFilterFault(m, info);
            }
            case TOPIC_DIALECT -> new TopicExpressionDialectUnknownFault(m, fill(new TopicExpressionDialectUnknownFaultType(), d));
            case INVALID_TOPIC -> new InvalidTopicExpressionFault(m, fill(new InvalidTopicExpressionFaultType(), d));
            case TOPIC_NOT_SUPPORTED -> new TopicNotSupportedFault(m, fill(new TopicNotSupportedFaultType(), d));
            case "UNSUPPORTED_POLICY" ->
                    new UnrecognizedPolicyRequestFault(m, fill(new UnrecognizedPolicyRequestFaultType(), d));
            case "TOO_MANY_SUBSCRIPTIONS", "NO_CONSUMER", "CONSUMER_ADDRESS", "CONSUMER_NOT_ALLOWED" ->
                    new SubscribeCreationFailedFault(m, fill(new SubscribeCreationFailedFaultType(), d));
            default -> faults.toFault(e);
        };
    }

    Exception toRenewFault(RuntimeException e) {
        if (e instanceof DojiException d && d.errorCode().startsWith("TERMINATION_")) {
            UnacceptableTerminationTimeFaultType info = fill(new UnacceptableTerminationTimeFaultType(), d);
            info.setMinimumTime(faults.now());
            info.setMaximumTime(faults.now().plus(maxLifetime));
            return new UnacceptableTerminationTimeFault(d.getMessage(), info);
        }
        return toManagerFault(e);
    }

    Exception toUnsubscribeFault(RuntimeException e) {
        if (e instanceof DojiException d && d.kind() == FaultKind.INVALID_STATE_TRANSITION) {
            return new UnableToDestroySubscriptionFault(d.getMessage(), fill(new UnableToDestroySubscriptionFaultType(), d));
        }
        return toManagerFault(e);
    }

    /**
     * The subscription manager's port type (bw-2 as shipped) declares WS-Resource's unknown-resource fault and no
     * Doji fault, so a Doji fault cannot be marshalled there: anything else stays the domain exception, which the
     * wire interceptor types as every port's bad input (InvalidRequestFault) or internal error.
     */
    private Exception toManagerFault(RuntimeException e) {
        if (e instanceof DojiException d && d.kind() == FaultKind.UNKNOWN_RESOURCE) {
            return new org.doji.contract.wsrf.rw.ResourceUnknownFault(d.getMessage(), fill(new ResourceUnknownFaultType(), d));
        }
        return e;
    }

    Instant now() {
        return faults.now();
    }

    private <T extends BaseFaultType> T fill(T info, DojiException d) {
        return BaseFaults.fill(info, faults.now(), d.errorCode(), d.getMessage());
    }
}
