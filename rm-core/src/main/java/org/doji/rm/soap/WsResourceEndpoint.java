package org.doji.rm.soap;

import java.time.Clock;
import java.time.Instant;
import javax.xml.namespace.QName;
import org.doji.contract.InternalErrorFault;
import org.doji.contract.InvalidQueryExpressionFault;
import org.doji.contract.InvalidRequestFault;
import org.doji.contract.InvalidResourcePropertyQNameFault;
import org.doji.contract.NotAuthorizedFault;
import org.doji.contract.QueryEvaluationErrorFault;
import org.doji.contract.ResourceNotDestroyedFault;
import org.doji.contract.ResourceUnknownFault;
import org.doji.contract.TerminationTimeChangeRejectedFault;
import org.doji.contract.UnableToSetTerminationTimeFault;
import org.doji.contract.UnknownQueryExpressionDialectFault;
import org.doji.contract.wsrf.rl.SetTerminationTime;
import org.doji.contract.wsrf.rl.SetTerminationTimeResponse;
import org.doji.contract.wsrf.rp.GetMultipleResourceProperties;
import org.doji.contract.wsrf.rp.GetMultipleResourcePropertiesResponse;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocument;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocumentResponse;
import org.doji.contract.wsrf.rp.GetResourcePropertyResponse;
import org.doji.contract.wsrf.rp.QueryResourceProperties;
import org.doji.contract.wsrf.rp.QueryResourcePropertiesResponse;

/**
 * The OASIS WS-ResourceProperties 1.2 and WS-ResourceLifetime 1.2 operations, one copy for every port type that
 * offers them (the GRC's co-allocations, an RM's reservations): both generated port interfaces declare these
 * methods alike, so an endpoint extending this class implements them. It says only which resource is addressed
 * and how that resource is destroyed or scheduled to be.
 */
public abstract class WsResourceEndpoint {

    private final WsrfFaults faults;
    /** The service's clock: the WS-ResourceLifetime CurrentTime of every document and answer. */
    protected final Clock clock;

    protected WsResourceEndpoint(Faults faults, Clock clock) {
        this.faults = new WsrfFaults(faults);
        this.clock = clock;
    }

    /** The addressed resource's resource-properties document (a JAXB type of the contract). */
    protected abstract Object resourceProperties();

    /** Destroys the addressed resource now (WS-ResourceLifetime immediate termination). */
    protected abstract void destroyAddressed();

    /** Schedules when the addressed resource is forgotten (null: never); returns the time now set. */
    protected abstract Instant terminateAddressedAt(Instant requested);

    public GetResourcePropertyDocumentResponse getResourcePropertyDocument(GetResourcePropertyDocument request)
            throws ResourceUnknownFault, InvalidRequestFault, InternalErrorFault, NotAuthorizedFault {
        return TypedFaults.call(faults::toFault, () -> WsrfResourceProperties.document(resourceProperties()));
    }

    public GetResourcePropertyResponse getResourceProperty(QName property)
            throws ResourceUnknownFault, InvalidResourcePropertyQNameFault, InvalidRequestFault, InternalErrorFault,
            NotAuthorizedFault {
        return TypedFaults.call(faults::toFault,
                () -> WsrfResourceProperties.property(resourceProperties(), property));
    }

    public GetMultipleResourcePropertiesResponse getMultipleResourceProperties(GetMultipleResourceProperties request)
            throws ResourceUnknownFault, InvalidResourcePropertyQNameFault, InvalidRequestFault, InternalErrorFault,
            NotAuthorizedFault {
        return TypedFaults.call(faults::toFault,
                () -> WsrfResourceProperties.properties(resourceProperties(), request.getResourceProperty()));
    }

    public QueryResourcePropertiesResponse queryResourceProperties(QueryResourceProperties request)
            throws ResourceUnknownFault, InvalidResourcePropertyQNameFault, UnknownQueryExpressionDialectFault,
            InvalidQueryExpressionFault, QueryEvaluationErrorFault, InvalidRequestFault, InternalErrorFault,
            NotAuthorizedFault {
        return TypedFaults.call(faults::toFault,
                () -> WsrfResourceProperties.query(resourceProperties(), request.getQueryExpression()));
    }

    public void destroyResource() throws ResourceUnknownFault, ResourceNotDestroyedFault, InvalidRequestFault,
            InternalErrorFault, NotAuthorizedFault {
        TypedFaults.call(faults::toDestroyFault, () -> {
            destroyAddressed();
            return null;
        });
    }

    public SetTerminationTimeResponse setTerminationTime(SetTerminationTime request) throws ResourceUnknownFault,
            UnableToSetTerminationTimeFault, TerminationTimeChangeRejectedFault, InvalidRequestFault,
            InternalErrorFault, NotAuthorizedFault {
        return TypedFaults.call(faults::toTerminationFault, () -> {
            Instant now = clock.instant();
            return WsrfLifetime.response(terminateAddressedAt(WsrfLifetime.requested(request, now)), now);
        });
    }
}
