package org.doji.rm.soap;

import java.time.Instant;
import java.util.List;
import org.doji.contract.wsrf.bf.BaseFaultType;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;

/**
 * Reads and writes the OASIS WS-BaseFaults 1.2 part of every fault Doji sends or receives (its own typed faults
 * extend {@code wsrf-bf:BaseFaultType}, like the OASIS WS-RF faults): the timestamp, the error code in Doji's
 * dialect and the description.
 */
public final class BaseFaults {

    /** The dialect of the error codes Doji puts into a bf-2 ErrorCode. */
    public static final String DIALECT = "http://doji.org/ns/2026/errors";

    private BaseFaults() {
    }

    public static <T extends BaseFaultType> T fill(T info, Instant timestamp, String errorCode, String description) {
        info.setTimestamp(timestamp);
        if (errorCode != null) {
            BaseFaultType.ErrorCode code = new BaseFaultType.ErrorCode();
            code.setDialect(DIALECT);
            code.getContent().add(errorCode);
            info.setErrorCode(code);
        }
        if (description != null) {
            BaseFaultType.Description text = new BaseFaultType.Description();
            text.setValue(description);
            text.setLang("en");
            info.getDescription().add(text);
        }
        return info;
    }

    /** The error code's text (whatever its dialect), or null if the fault has none. */
    public static String errorCode(BaseFaultType info) {
        if (info == null || info.getErrorCode() == null) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        for (Object part : info.getErrorCode().getContent()) {
            if (part instanceof String s) {
                text.append(s);
            }
        }
        String code = text.toString().trim();
        return code.isEmpty() ? null : code;
    }

    /**
     * A fault received from a remote service as the domain exception: its error code (else the kind's name) and its
     * description (else the fault's message), with the fault's own detail (field, resource) if it has one.
     */
    static DojiException domain(FaultKind kind, BaseFaultType info, Exception fault, String detail) {
        String code = errorCode(info);
        String description = description(info);
        return new DojiException(kind, code == null ? kind.name() : code,
                description == null ? fault.getMessage() : description, detail, List.of());
    }

    /** The first description, or null if the fault has none. */
    public static String description(BaseFaultType info) {
        return info == null || info.getDescription().isEmpty() ? null : info.getDescription().get(0).getValue();
    }

    /** Whose fault a contract fault is, by its name (a detail element's or an exception class's simple name). */
    public static FaultKind kindOf(String faultName) {
        return switch (faultName) {
            case "InvalidRequestFault" -> FaultKind.INVALID_REQUEST;
            case "UnknownResourceFault", "ResourceUnknownFault" -> FaultKind.UNKNOWN_RESOURCE;
            case "NotAuthorizedFault" -> FaultKind.NOT_AUTHORIZED;
            case "InvalidStateTransitionFault" -> FaultKind.INVALID_STATE_TRANSITION;
            case "UnavailableFault", "ResourceUnavailableFault" -> FaultKind.RESOURCE_UNAVAILABLE;
            case "ResourceNotDestroyedFault", "UnableToSetTerminationTimeFault", "UnableToDestroySubscriptionFault" ->
                    FaultKind.INVALID_STATE_TRANSITION;
            // WS-ResourceProperties, WS-ResourceLifetime and WS-BaseNotification: what the caller asked cannot be served
            case "InvalidResourcePropertyQNameFault", "UnknownQueryExpressionDialectFault", "InvalidQueryExpressionFault",
                    "QueryEvaluationErrorFault", "TerminationTimeChangeRejectedFault", "InvalidFilterFault",
                    "TopicExpressionDialectUnknownFault", "InvalidTopicExpressionFault", "TopicNotSupportedFault",
                    "InvalidProducerPropertiesExpressionFault", "InvalidMessageContentExpressionFault",
                    "UnacceptableInitialTerminationTimeFault", "UnacceptableTerminationTimeFault",
                    "UnrecognizedPolicyRequestFault", "UnsupportedPolicyRequestFault", "SubscribeCreationFailedFault" ->
                    FaultKind.INVALID_REQUEST;
            default -> FaultKind.INTERNAL_ERROR;
        };
    }
}
