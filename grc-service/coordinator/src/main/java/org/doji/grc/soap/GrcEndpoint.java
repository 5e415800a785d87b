package org.doji.grc.soap;

import jakarta.annotation.Resource;
import jakarta.jws.WebService;
import jakarta.xml.ws.WebServiceContext;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.doji.grc.coallocation.CoAllocationService;
import org.doji.grc.model.CoRequest;
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
import org.doji.grc.notify.Subscription;
import org.doji.grc.notify.Subscriptions;
import org.doji.contract.wsn.Subscribe;
import org.doji.contract.wsn.SubscribeResponse;
import org.doji.grc.registry.RmRegistry;
import org.doji.rm.soap.SoapPortPublisher;
import org.doji.rm.api.Caller;
import org.doji.rm.soap.Faults;
import org.doji.rm.soap.ResourceReferences;
import org.doji.rm.soap.SoapRequestContext;
import org.doji.rm.soap.TypedFaults;
import org.doji.rm.soap.WsResourceEndpoint;

/**
 * The GRC port over SOAP: reads the caller and the addressed co-allocation, maps the contract's types,
 * calls {@link CoAllocationService}, and maps failures to typed faults. No logic of its own.
 */
@WebService(serviceName = "GrcService", portName = "GrcPort", targetNamespace = "http://doji.org/ns/2026/wsdl",
        endpointInterface = "org.doji.contract.GrcPortType", wsdlLocation = "classpath:wsdl/doji-grc.wsdl")
public class GrcEndpoint extends WsResourceEndpoint implements GrcPortType {

    private final CoAllocationService service;
    private final RmRegistry registry;
    private final AdminPolicy policies;
    private final Faults faults;
    private final Subscriptions subscriptions;
    private final WsnFaults wsnFaults;

    @Resource
    private WebServiceContext context;

    public GrcEndpoint(CoAllocationService service, Subscriptions subscriptions, RmRegistry registry,
                       AdminPolicy policies, Faults faults, Clock clock, java.time.Duration maxSubscriptionLifetime) {
        super(faults, clock);
        this.service = service;
        this.subscriptions = subscriptions;
        this.registry = registry;
        this.policies = policies;
        this.faults = faults;
        this.wsnFaults = new WsnFaults(faults, maxSubscriptionLifetime);
    }

    @Override
    public EndpointReferenceType createCoAllocation(String correlationId, CoAllocationRequest request,
                                                   EndpointReferenceType consumer, List<CoAllocationState> notifyOn)
            throws UnknownResourceFault, InvalidRequestFault, InternalErrorFault, NotAuthorizedFault {
        return call(() -> {
            String consumerAddress = consumer == null ? null : ResourceReferences.addressOf(consumer);
            String key = service.create(caller(), correlationId, GrcFromContract.request(request), consumerAddress,
                    GrcFromContract.states(notifyOn));
            return ResourceReferences.reference(SoapRequestContext.serviceAddress(context), key);
        });
    }

    @Override
    public PlanResult plan(CoAllocationRequest request, Integer maxPlans)
            throws UnknownResourceFault, InvalidRequestFault, InternalErrorFault, NotAuthorizedFault {
        return call(() -> {
            CoRequest asked = GrcFromContract.request(request);
            return GrcToContract.planResult(service.plan(caller(), asked), maxPlans == null ? Integer.MAX_VALUE : maxPlans,
                    asked.pathPolicy());
        });
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
            CoAllocationList out = new CoAllocationList();
            String address = SoapRequestContext.serviceAddress(context);
            service.list(caller(), GrcFromContract.states(state), from, to, maxResults == null ? 1000 : maxResults)
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

    /**
     * WS-BaseNotification: addressed to a co-allocation, its state changes; addressed to the service itself, those
     * of all the caller's co-allocations.
     */
    @Override
    public SubscribeResponse subscribe(Subscribe request) throws ResourceUnknownFault, InvalidFilterFault,
            TopicExpressionDialectUnknownFault, InvalidTopicExpressionFault, TopicNotSupportedFault,
            InvalidProducerPropertiesExpressionFault, InvalidMessageContentExpressionFault,
            UnacceptableInitialTerminationTimeFault, UnrecognizedPolicyRequestFault, SubscribeCreationFailedFault,
            InvalidRequestFault, NotAuthorizedFault, InternalErrorFault {
        return TypedFaults.call(wsnFaults::toSubscribeFault, () -> {
            Instant now = clock.instant();
            if (request.getSubscriptionPolicy() != null && !request.getSubscriptionPolicy().getAny().isEmpty()) {
                throw org.doji.rm.fault.DojiException.invalid("UNSUPPORTED_POLICY", "no subscription policy is supported");
            }
            Subscription s = subscriptions.subscribe(caller(), SoapRequestContext.resourceKeyOrNull(context),
                    WsnFromContract.consumer(request.getConsumerReference()), WsnFromContract.topics(request.getFilter()),
                    WsnFromContract.time("InitialTerminationTime", request.getInitialTerminationTime() == null
                            || request.getInitialTerminationTime().isNil() ? null
                            : request.getInitialTerminationTime().getValue(), now));
            SubscribeResponse r = new SubscribeResponse();
            r.setSubscriptionReference(ResourceReferences.reference(managerAddress(), s.id()));
            r.setCurrentTime(now);
            r.setTerminationTime(s.terminationTime());
            return r;
        });
    }

    /** The subscription manager beside this port: {@code .../services/subscriptions} (+ {@code /soap12} if here). */
    private String managerAddress() {
        String here = SoapRequestContext.serviceAddress(context);
        String suffix = here.endsWith(SoapPortPublisher.SOAP12_SUFFIX) ? SoapPortPublisher.SOAP12_SUFFIX : "";
        String port = here.substring(0, here.length() - suffix.length());
        return port.substring(0, port.lastIndexOf('/')) + "/subscriptions" + suffix;
    }

    // ---- what the OASIS WS-RF operations (WsResourceEndpoint) address: the co-allocation

    @Override
    protected void destroyAddressed() {
        service.destroy(caller(), key());
    }

    @Override
    protected Instant terminateAddressedAt(Instant requested) {
        return service.setTerminationTime(caller(), key(), requested);
    }

    /** The addressed co-allocation's document. */
    @Override
    protected Object resourceProperties() {
        return document(service.get(caller(), key()));
    }

    private org.doji.contract.types.CoAllocationDocument document(org.doji.grc.model.CoAllocation c) {
        return GrcToContract.document(c, clock.instant());
    }

    private Caller caller() {
        return SoapRequestContext.caller(context);
    }

    private String key() {
        return SoapRequestContext.resourceKey(context);
    }

    /** Runs the call and turns failures into the typed faults every operation may declare. */
    private <T, E extends Exception> T call(Supplier<T> body) throws E {
        return TypedFaults.call(faults::toFault, body);
    }
}
