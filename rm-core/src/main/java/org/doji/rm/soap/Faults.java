package org.doji.rm.soap;

import java.time.Clock;
import java.time.Instant;
import org.doji.contract.InternalErrorFault;
import org.doji.contract.InvalidRequestFault;
import org.doji.contract.InvalidStateTransitionFault;
import org.doji.contract.NotAuthorizedFault;
import org.doji.contract.ResourceUnavailableFault;
import org.doji.contract.UnknownResourceFault;
import org.doji.contract.types.DojiFaultType;
import org.doji.contract.types.InternalErrorFaultType;
import org.doji.contract.types.InvalidRequestFaultType;
import org.doji.contract.types.InvalidStateTransitionFaultType;
import org.doji.contract.types.NotAuthorizedFaultType;
import org.doji.contract.types.UnavailableFaultType;
import org.doji.contract.types.UnknownResourceFaultType;
import org.doji.rm.fault.ChangedMeanwhile;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;

/** Maps {@link DojiException}s to the contract's typed faults and back (for SOAP clients). */
public final class Faults {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(Faults.class);

    private final String originator;
    private final Clock clock;

    public Faults(String originator, Clock clock) {
        this.originator = originator;
        this.clock = clock;
    }

    /** The time a fault is stamped with (the service's clock). */
    public Instant now() {
        return clock.instant();
    }

    /** The typed fault for a domain exception; anything else becomes an InternalErrorFault. */
    public Exception toFault(RuntimeException e) {
        DojiException d = e instanceof DojiException de ? de : e instanceof ChangedMeanwhile ? changedMeanwhile(e) : internal(e);
        String message = d.getMessage();
        return switch (d.kind()) {
            case INVALID_REQUEST -> {
                InvalidRequestFaultType info = fill(new InvalidRequestFaultType(), d);
                info.setField(d.detail());
                yield new InvalidRequestFault(message, info);
            }
            case UNKNOWN_RESOURCE -> {
                UnknownResourceFaultType info = fill(new UnknownResourceFaultType(), d);
                info.setResource(d.detail());
                yield new UnknownResourceFault(message, info);
            }
            case NOT_AUTHORIZED -> new NotAuthorizedFault(message, fill(new NotAuthorizedFaultType(), d));
            case RESOURCE_UNAVAILABLE -> new ResourceUnavailableFault(message, fill(new UnavailableFaultType(), d));
            case INVALID_STATE_TRANSITION -> {
                InvalidStateTransitionFaultType info = fill(new InvalidStateTransitionFaultType(), d);
                if (d.detail() != null && d.detail().contains("|")) {
                    info.setCurrentState(d.detail().substring(0, d.detail().indexOf('|')));
                    info.setOperation(d.detail().substring(d.detail().indexOf('|') + 1));
                }
                yield new InvalidStateTransitionFault(message, info);
            }
            case INTERNAL_ERROR -> new InternalErrorFault(message, fill(new InternalErrorFaultType(), d));
        };
    }

    /** Another writer got there first: one INFO line; the caller is told to read again and retry, nothing more. */
    private DojiException changedMeanwhile(RuntimeException e) {
        log.info("{}: refused, changed meanwhile: {}", originator, e.getMessage());
        return DojiException.unavailable("CHANGED_MEANWHILE", "the resource was changed meanwhile by another request or"
                + " another replica, and nothing of this request was written; read it again and retry");
    }

    /** An unexpected failure: logged once with its stack trace; the caller sees only a reference into the log. */
    private DojiException internal(RuntimeException e) {
        String reference = java.util.UUID.randomUUID().toString().substring(0, 8);
        log.error("{}: internal error, reference {}", originator, reference, e);
        return new DojiException(FaultKind.INTERNAL_ERROR, "INTERNAL_ERROR",
                "internal error (reference " + reference + " in the server's log)");
    }

    private <T extends DojiFaultType> T fill(T info, DojiException d) {
        BaseFaults.fill(info, clock.instant(), d.errorCode(), d.getMessage());
        info.setService(originator);
        for (DojiException cause : d.causes()) {
            info.getCause().add(fill(new DojiFaultType(), cause));
        }
        return info;
    }

    /** A typed fault received from a remote service, as a domain exception. */
    public static DojiException fromFault(Exception fault) {
        DojiFaultType info;
        FaultKind kind;
        String detail = null;
        if (fault instanceof InvalidRequestFault f) {
            info = f.getFaultInfo();
            kind = FaultKind.INVALID_REQUEST;
            detail = f.getFaultInfo() == null ? null : f.getFaultInfo().getField();
        } else if (fault instanceof UnknownResourceFault f) {
            info = f.getFaultInfo();
            kind = FaultKind.UNKNOWN_RESOURCE;
            detail = f.getFaultInfo() == null ? null : f.getFaultInfo().getResource();
        } else if (fault instanceof NotAuthorizedFault f) {
            info = f.getFaultInfo();
            kind = FaultKind.NOT_AUTHORIZED;
        } else if (fault instanceof ResourceUnavailableFault f) {
            info = f.getFaultInfo();
            kind = FaultKind.RESOURCE_UNAVAILABLE;
        } else if (fault instanceof InvalidStateTransitionFault f) {
            info = f.getFaultInfo();
            kind = FaultKind.INVALID_STATE_TRANSITION;
        } else if (fault instanceof InternalErrorFault f) {
            info = f.getFaultInfo();
            kind = FaultKind.INTERNAL_ERROR;
        } else {
            DojiException oasis = WsrfFaults.fromFault(fault);
            return oasis != null ? oasis
                    : new DojiException(FaultKind.INTERNAL_ERROR, "REMOTE_ERROR", String.valueOf(fault.getMessage()));
        }
        return BaseFaults.domain(kind, info, fault, detail);
    }
}
