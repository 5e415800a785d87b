package org.doji.rm.soap;

import jakarta.annotation.Resource;
import jakarta.jws.WebService;
import jakarta.xml.ws.WebServiceContext;
import java.time.Instant;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import org.doji.contract.*;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.rm.ReservationReference;
import org.doji.contract.types.Availability;
import org.doji.contract.types.ReservationDocument;
import org.doji.contract.types.ReservationSpec;
import org.doji.contract.types.ResourceDescription;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.ReservationView;

/**
 * The RM port over SOAP: reads the caller and the addressed resource, maps the contract's types to the
 * domain, calls the {@link ResourceManager}, and maps failures to typed faults. No logic of its own.
 */
@WebService(serviceName = "RmService", portName = "RmPort", targetNamespace = "http://doji.org/ns/2026/wsdl",
        endpointInterface = "org.doji.contract.RmPortType", wsdlLocation = "classpath:wsdl/doji-rm.wsdl")
public class RmEndpoint extends WsResourceEndpoint implements RmPortType {

    /** The element name of the EPR in the reserve answer (rm:ReservationReference/rm:reference). */
    private static final QName REFERENCE = new QName("http://doji.org/ns/2026/rm", "reference");

    private final ResourceManager rm;
    private final String rmId;
    private final Faults faults;

    @Resource
    private WebServiceContext context;

    public RmEndpoint(ResourceManager rm, String rmId, Faults faults, java.time.Clock clock) {
        super(faults, clock);
        this.rm = rm;
        this.rmId = rmId;
        this.faults = faults;
    }

    @Override
    public ResourceDescription describe() throws InternalErrorFault, NotAuthorizedFault {
        return call(() -> ToContract.description(rm.describe(caller())));
    }

    @Override
    public Availability getAvailableResources(org.doji.contract.types.AvailabilityQuery query)
            throws InvalidRequestFault, InternalErrorFault, NotAuthorizedFault {
        return call(() -> ToContract.availability(rmId, rm.availability(caller(), FromContract.query(query))));
    }

    @Override
    public ReservationReference reserve(String correlationId, ReservationSpec spec, EndpointReferenceType consumer)
            throws InvalidRequestFault, InternalErrorFault, NotAuthorizedFault, ResourceUnavailableFault {
        return call(() -> {
            String consumerAddress = consumer == null ? null : ResourceReferences.addressOf(consumer);
            ReservationView view = rm.reserve(caller(), correlationId, FromContract.spec(spec), consumerAddress);
            ReservationReference ref = new ReservationReference();
            ref.setReference(ResourceReferences.referenceElement(REFERENCE, SoapRequestContext.serviceAddress(context),
                    view.key()));
            ref.setDocument(ToContract.document(view, clock.instant()));
            return ref;
        });
    }

    @Override
    public ReservationDocument reserveCommit(String correlationId) throws InvalidStateTransitionFault,
            UnknownResourceFault, InvalidRequestFault, NotAuthorizedFault, InternalErrorFault, ResourceUnavailableFault {
        return call(() -> ToContract.document(rm.commit(caller(), key(), correlationId), clock.instant()));
    }

    @Override
    public ReservationDocument reserveAbort(String correlationId) throws InvalidStateTransitionFault,
            UnknownResourceFault, InvalidRequestFault, NotAuthorizedFault, InternalErrorFault, ResourceUnavailableFault {
        return call(() -> ToContract.document(rm.abort(caller(), key(), correlationId), clock.instant()));
    }

    @Override
    public ReservationDocument modify(String correlationId, ReservationSpec spec) throws InvalidStateTransitionFault,
            UnknownResourceFault, InvalidRequestFault, NotAuthorizedFault, InternalErrorFault, ResourceUnavailableFault {
        return call(() -> ToContract.document(rm.modify(caller(), key(), correlationId, FromContract.spec(spec)), clock.instant()));
    }

    @Override
    public ReservationDocument cancel(String correlationId) throws InvalidStateTransitionFault,
            UnknownResourceFault, InvalidRequestFault, NotAuthorizedFault, InternalErrorFault, ResourceUnavailableFault {
        return call(() -> ToContract.document(rm.cancel(caller(), key(), correlationId), clock.instant()));
    }

    // ---- what the OASIS WS-RF operations (WsResourceEndpoint) address

    @Override
    protected void destroyAddressed() {
        rm.destroy(caller(), key());
    }

    @Override
    protected Instant terminateAddressedAt(Instant requested) {
        return rm.setTerminationTime(caller(), key(), requested);
    }

    /** The addressed reservation's document; addressed to the RM service itself, the RM's status document. */
    @Override
    protected Object resourceProperties() {
        String key = SoapRequestContext.resourceKeyOrNull(context);
        return key == null ? StatusDocuments.document(rm.status(caller()))
                : ToContract.document(rm.get(caller(), key), clock.instant());
    }

    private Caller caller() {
        return SoapRequestContext.caller(context);
    }

    private String key() {
        return SoapRequestContext.resourceKey(context);
    }

    /** Runs the call and turns failures into the typed faults every operation may declare. */
    private <T, E1 extends Exception> T call(Supplier<T> body) throws E1 {
        return TypedFaults.call(faults::toFault, body);
    }

}
