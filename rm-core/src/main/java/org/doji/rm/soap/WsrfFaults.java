package org.doji.rm.soap;

import org.doji.contract.InvalidQueryExpressionFault;
import org.doji.contract.InvalidResourcePropertyQNameFault;
import org.doji.contract.QueryEvaluationErrorFault;
import org.doji.contract.ResourceNotDestroyedFault;
import org.doji.contract.ResourceUnknownFault;
import org.doji.contract.TerminationTimeChangeRejectedFault;
import org.doji.contract.UnableToSetTerminationTimeFault;
import org.doji.contract.UnknownQueryExpressionDialectFault;
import org.doji.contract.wsrf.bf.BaseFaultType;
import org.doji.contract.wsrf.r.ResourceUnknownFaultType;
import org.doji.contract.wsrf.rl.ResourceNotDestroyedFaultType;
import org.doji.contract.wsrf.rl.TerminationTimeChangeRejectedFaultType;
import org.doji.contract.wsrf.rl.UnableToSetTerminationTimeFaultType;
import org.doji.contract.wsrf.rp.InvalidQueryExpressionFaultType;
import org.doji.contract.wsrf.rp.InvalidResourcePropertyQNameFaultType;
import org.doji.contract.wsrf.rp.QueryEvaluationErrorFaultType;
import org.doji.contract.wsrf.rp.UnknownQueryExpressionDialectFaultType;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;

/**
 * The faults of the OASIS WS-ResourceProperties and WS-ResourceLifetime operations: the fault types the OASIS
 * schemas declare, with Doji's error code (dialect {@value BaseFaults#DIALECT}) and description. What has no OASIS
 * fault (bad input, authorization, internal errors) is the contract's own typed fault, as on every other operation.
 */
public final class WsrfFaults {

    public static final String UNKNOWN_PROPERTY = "UNKNOWN_RESOURCE_PROPERTY";
    public static final String UNKNOWN_DIALECT = "UNKNOWN_QUERY_DIALECT";
    public static final String INVALID_QUERY = "INVALID_QUERY_EXPRESSION";
    public static final String QUERY_FAILED = "QUERY_EVALUATION_ERROR";

    private final Faults faults;

    public WsrfFaults(Faults faults) {
        this.faults = faults;
    }

    /** A WS-ResourceProperties operation's fault. */
    public Exception toFault(RuntimeException e) {
        if (!(e instanceof DojiException d)) {
            return faults.toFault(e);
        }
        String message = d.getMessage();
        if (d.kind() == FaultKind.UNKNOWN_RESOURCE) {
            return new ResourceUnknownFault(message, fill(new ResourceUnknownFaultType(), d));
        }
        if (d.kind() != FaultKind.INVALID_REQUEST) {
            return faults.toFault(e);
        }
        return switch (d.errorCode()) {
            case UNKNOWN_PROPERTY ->
                    new InvalidResourcePropertyQNameFault(message, fill(new InvalidResourcePropertyQNameFaultType(), d));
            case UNKNOWN_DIALECT ->
                    new UnknownQueryExpressionDialectFault(message, fill(new UnknownQueryExpressionDialectFaultType(), d));
            case INVALID_QUERY -> new InvalidQueryExpressionFault(message, fill(new InvalidQueryExpressionFaultType(), d));
            case QUERY_FAILED -> new QueryEvaluationErrorFault(message, fill(new QueryEvaluationErrorFaultType(), d));
            default -> faults.toFault(e);
        };
    }

    /** Destroy's fault: a resource that may not be destroyed now is ResourceNotDestroyedFault. */
    public Exception toDestroyFault(RuntimeException e) {
        if (e instanceof DojiException d && d.kind() == FaultKind.INVALID_STATE_TRANSITION) {
            return new ResourceNotDestroyedFault(d.getMessage(), fill(new ResourceNotDestroyedFaultType(), d));
        }
        return toFault(e);
    }

    /**
     * SetTerminationTime's fault: a time the service's policy refuses (codes {@code TERMINATION_*}) is
     * TerminationTimeChangeRejectedFault; a resource whose state allows no change is UnableToSetTerminationTimeFault.
     */
    public Exception toTerminationFault(RuntimeException e) {
        if (e instanceof DojiException d) {
            if (d.kind() == FaultKind.INVALID_REQUEST && d.errorCode().startsWith("TERMINATION_")) {
                return new TerminationTimeChangeRejectedFault(d.getMessage(),
                        fill(new TerminationTimeChangeRejectedFaultType(), d));
            }
            if (d.kind() == FaultKind.INVALID_STATE_TRANSITION) {
                return new UnableToSetTerminationTimeFault(d.getMessage(),
                        fill(new UnableToSetTerminationTimeFaultType(), d));
            }
        }
        return toFault(e);
    }

    private <T extends BaseFaultType> T fill(T info, DojiException d) {
        return BaseFaults.fill(info, faults.now(), d.errorCode(), d.getMessage());
    }

    /** An OASIS fault (received, or on its way out) as a domain exception; null for any other exception. */
    static DojiException fromFault(Exception fault) {
        BaseFaultType info;
        FaultKind kind = FaultKind.INVALID_REQUEST;
        if (fault instanceof ResourceUnknownFault f) {
            info = f.getFaultInfo();
            kind = FaultKind.UNKNOWN_RESOURCE;
        } else if (fault instanceof InvalidResourcePropertyQNameFault f) {
            info = f.getFaultInfo();
        } else if (fault instanceof UnknownQueryExpressionDialectFault f) {
            info = f.getFaultInfo();
        } else if (fault instanceof InvalidQueryExpressionFault f) {
            info = f.getFaultInfo();
        } else if (fault instanceof QueryEvaluationErrorFault f) {
            info = f.getFaultInfo();
        } else if (fault instanceof TerminationTimeChangeRejectedFault f) {
            info = f.getFaultInfo();
        } else if (fault instanceof ResourceNotDestroyedFault f) {
            info = f.getFaultInfo();
            kind = FaultKind.INVALID_STATE_TRANSITION;
        } else if (fault instanceof UnableToSetTerminationTimeFault f) {
            info = f.getFaultInfo();
            kind = FaultKind.INVALID_STATE_TRANSITION;
        } else {
            return otherOasisFault(fault);
        }
        return BaseFaults.domain(kind, info, fault, null);
    }

    /**
     * Any other generated OASIS fault (WS-BaseNotification's, ...): every generated fault exception carries its
     * bf-2 fault as {@code getFaultInfo()}; the kind follows from the fault's name. Null when it is none.
     */
    private static DojiException otherOasisFault(Exception fault) {
        if (!fault.getClass().getPackageName().startsWith("org.doji.contract")) {
            return null;
        }
        try {
            if (fault.getClass().getMethod("getFaultInfo").invoke(fault) instanceof BaseFaultType info) {
                return BaseFaults.domain(BaseFaults.kindOf(fault.getClass().getSimpleName()), info, fault, null);
            }
        } catch (ReflectiveOperationException notAFault) {
            // not a generated fault exception
        }
        return null;
    }
}
