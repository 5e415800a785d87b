package org.doji.grc.soap;

import jakarta.annotation.Resource;
import jakarta.jws.WebService;
import jakarta.xml.ws.WebServiceContext;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import org.doji.contract.*;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.grc.Cancel;
import org.doji.contract.grc.CancelResponse;
import org.doji.contract.grc.CoAllocationList;
import org.doji.contract.grc.Modify;
import org.doji.contract.grc.ModifyResponse;
import org.doji.contract.grc.PlanResult;
import org.doji.contract.grc.ResourceManagerList;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.wsrf.rl.SetTerminationTime;
import org.doji.contract.wsrf.rl.SetTerminationTimeResponse;
import org.doji.contract.wsrf.rp.GetMultipleResourceProperties;
import org.doji.contract.wsrf.rp.GetMultipleResourcePropertiesResponse;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocument;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocumentResponse;
import org.doji.contract.wsrf.rp.GetResourcePropertyResponse;
import org.doji.contract.wsrf.rp.QueryResourceProperties;
import org.doji.contract.wsrf.rp.QueryResourcePropertiesResponse;
import org.doji.grc.core.CoAllocationService;
import org.doji.grc.core.RmRegistry;
import org.doji.rm.api.Caller;
import org.doji.rm.soap.Faults;
import org.doji.rm.soap.ResourceReferences;
import org.doji.rm.soap.SoapRequestContext;
import org.doji.rm.soap.WsrfFaults;
import org.doji.rm.soap.WsrfLifetime;
import org.doji.rm.soap.WsrfResourceProperties;

/**
 * The GRC port over SOAP: reads the caller and the addressed co-allocation, maps the contract's types,
 * calls {@link CoAllocationService}, and maps failures to typed faults. No logic of its own.
 */
@WebService(serviceName = "GrcService", portName = "GrcPort", targetNamespace = "http://doji.org/ns/2026/wsdl",
        endpointInterface = "org.doji.contract.GrcPortType", wsdlLocation = "classpath:wsdl/doji-grc.wsdl")
public class GrcEndpoint implements GrcPortType {

    private final CoAllocationService service;
    private final RmRegistry registry;
    private final AdminPolicy policies;
    private final Faults faults;
    private final WsrfFaults wsrfFaults;
    private final Clock clock;

    @Resource
    private WebServiceContext context;

    public GrcEndpoint(CoAllocationService service, RmRegistry registry, AdminPolicy policies, Faults faults,
                       Clock clock) {
        this.service = service;
        this.clock = clock;
        this.registry = registry;
        this.policies = policies;
        this.faults = faults;
        this.wsrfFaults = new WsrfFaults(faults);
    }

    @Override
    public EndpointReferenceType createCoAllocation(String correlationId, CoAllocationRequest request,
                                                   EndpointReferenceType consumer)
            throws UnknownResourceFault, InvalidRequestFault, InternalErrorFault, NotAuthorizedFault {
        return call(() -> {
            String consumerAddress = consumer == null ? null : ResourceReferences.addressOf(consumer);
            String key = service.create(caller(), correlationId, GrcFromContract.request(request), consumerAddress);
            return ResourceReferences.reference(SoapRequestContext.serviceAddress(context), key);
        });
    }

    @Override
    public PlanResult plan(CoAllocationRequest request, Integer maxPlans)
            throws UnknownResourceFault, InvalidRequestFault, InternalErrorFault, NotAuthorizedFault {
        return call(() -> GrcToContract.planResult(service.plan(caller(), GrcFromContract.request(request)),
                maxPlans == null ? Integer.MAX_VALUE : maxPlans));
    }

    @Override
    public CancelResponse cancel(Cancel parameters) throws InvalidStateTransitionFault, UnknownResourceFault,
            InvalidRequestFault, NotAuthorizedFault, InternalErrorFault, ResourceUnavailableFault {
        return call(() -> {
            CancelResponse r = new CancelResponse();
            r.setCoAllocationDocument(document(service.cancel(caller(), key(), parameters.getCorrelationId())));
            return r;
        });
    }

    @Override
    public ModifyResponse modify(Modify parameters) throws InvalidStateTransitionFault, UnknownResourceFault,
            InvalidRequestFault, NotAuthorizedFault, InternalErrorFault, ResourceUnavailableFault {
        return call(() -> {
            ModifyResponse r = new ModifyResponse();
            r.setCoAllocationDocument(document(service.modify(caller(), key(), parameters.getCorrelationId(),
                    GrcFromContract.request(parameters.getRequest()))));
            return r;
        });
    }

    @Override
    public CoAllocationList list(List<CoAllocationState> state, Instant from, Instant to, Integer maxResults)
            throws InvalidRequestFault, InternalErrorFault, NotAuthorizedFault {
        return call(() -> {
            Set<org.doji.grc.model.CoAllocationState> states = new HashSet<>();
            state.forEach(s -> states.add(org.doji.grc.model.CoAllocationState.valueOf(s.value())));
            CoAllocationList out = new CoAllocationList();
            String address = SoapRequestContext.serviceAddress(context);
            service.list(caller(), states, from, to, maxResults == null ? 1000 : maxResults)
                    .forEach(c -> out.getCoAllocation().add(GrcToContract.summary(c, address)));
            return out;
        });
    }

    @Override
    public ResourceManagerList listResourceManagers() throws InternalErrorFault, NotAuthorizedFault {
        return call(() -> {
            caller();
            registry.describeAll(); // an RM not described yet is asked now, so its sites show
            ResourceManagerList out = new ResourceManagerList();
            var health = registry.health();
            int i = 0;
            for (RmRegistry.Entry e : registry.all()) {
                out.getResourceManager().add(GrcToContract.rmStatus(e, registry.description(e.id()).orElse(null),
                        health.get(i++)));
            }
            out.setPolicies(GrcToContract.policies(policies));
            return out;
        });
    }

    // ---- OASIS WS-ResourceProperties 1.2 and WS-ResourceLifetime 1.2 on the addressed co-allocation

    @Override
    public GetResourcePropertyDocumentResponse getResourcePropertyDocument(GetResourcePropertyDocument request)
            throws ResourceUnknownFault, InvalidRequestFault, InternalErrorFault, NotAuthorizedFault {
        return WsrfResourceProperties.call(wsrfFaults::toFault, () -> WsrfResourceProperties.document(properties()));
    }

    @Override
    public GetResourcePropertyResponse getResourceProperty(QName property)
            throws ResourceUnknownFault, InvalidResourcePropertyQNameFault, InvalidRequestFault, InternalErrorFault,
            NotAuthorizedFault {
        return WsrfResourceProperties.call(wsrfFaults::toFault,
                () -> WsrfResourceProperties.property(properties(), property));
    }

    @Override
    public GetMultipleResourcePropertiesResponse getMultipleResourceProperties(GetMultipleResourceProperties request)
            throws ResourceUnknownFault, InvalidResourcePropertyQNameFault, InvalidRequestFault, InternalErrorFault,
            NotAuthorizedFault {
        return WsrfResourceProperties.call(wsrfFaults::toFault,
                () -> WsrfResourceProperties.properties(properties(), request.getResourceProperty()));
    }

    @Override
    public QueryResourcePropertiesResponse queryResourceProperties(QueryResourceProperties request)
            throws ResourceUnknownFault, InvalidResourcePropertyQNameFault, UnknownQueryExpressionDialectFault,
            InvalidQueryExpressionFault, QueryEvaluationErrorFault, InvalidRequestFault, InternalErrorFault,
            NotAuthorizedFault {
        return WsrfResourceProperties.call(wsrfFaults::toFault,
                () -> WsrfResourceProperties.query(properties(), request.getQueryExpression()));
    }

    @Override
    public void destroyResource() throws ResourceUnknownFault, ResourceNotDestroyedFault, InvalidRequestFault,
            InternalErrorFault, NotAuthorizedFault {
        WsrfResourceProperties.call(wsrfFaults::toDestroyFault, () -> {
            service.destroy(caller(), key());
            return null;
        });
    }

    @Override
    public SetTerminationTimeResponse setTerminationTime(SetTerminationTime request) throws ResourceUnknownFault,
            UnableToSetTerminationTimeFault, TerminationTimeChangeRejectedFault, InvalidRequestFault,
            InternalErrorFault, NotAuthorizedFault {
        return WsrfResourceProperties.call(wsrfFaults::toTerminationFault, () -> {
            Instant now = clock.instant();
            Instant requested = WsrfLifetime.requested(request, now);
            return WsrfLifetime.response(service.setTerminationTime(caller(), key(), requested), now);
        });
    }

    /** The addressed co-allocation's document. */
    private Object properties() {
        return document(service.get(caller(), key()));
    }

    private org.doji.contract.types.CoAllocationDocument document(org.doji.grc.core.CoAllocation c) {
        return GrcToContract.document(c, clock.instant());
    }

    private Caller caller() {
        return SoapRequestContext.caller(context);
    }

    private String key() {
        return SoapRequestContext.resourceKey(context);
    }

    @SuppressWarnings("unchecked")
    private <T, E extends Exception> T call(Supplier<T> body) throws E {
        try {
            return body.get();
        } catch (RuntimeException e) {
            throw (E) faults.toFault(e);
        }
    }
}
