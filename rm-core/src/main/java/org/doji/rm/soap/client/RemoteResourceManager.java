package org.doji.rm.soap.client;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.WebServiceException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.headers.Header;
import org.apache.cxf.jaxb.JAXBDataBinding;
import javax.net.ssl.TrustManager;
import org.apache.cxf.configuration.jsse.TLSClientParameters;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transport.http.HTTPConduitFactory;
import org.apache.cxf.transport.http.URLConnectionHTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.doji.contract.RmPortType;
import org.doji.contract.RmService;
import org.doji.contract.types.ReservationDocument;
import org.doji.contract.types.RmStatusDocument;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocument;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.soap.SoapPortPublisher;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmStatus;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.Faults;
import org.doji.rm.soap.FromContract;
import org.doji.rm.soap.ResourceProperties;
import org.doji.rm.soap.ResourceReferences;
import org.doji.rm.soap.StatusDocuments;
import org.doji.rm.soap.ToContract;
import org.doji.rm.soap.WsrfLifetime;

/**
 * A remote RM reached over SOAP, as a {@link ResourceManager}: the GRC talks to every RM (and to child
 * GRCs) through this. One proxy per RM with thread-local request contexts, so calls may run in parallel.
 * Resource-addressed calls carry the key as a SOAP header (the reference parameter of its EPR). Transport failures become
 * RESOURCE_UNAVAILABLE with code RM_UNREACHABLE.
 */
public class RemoteResourceManager implements ResourceManager {

    private final String address;
    private final RmPortType port;
    /** The UsernameToken header source, or null for anonymous calls. */
    private final UsernameTokenHeader token;
    /** Built once: a JAXB context per call cost more than the rest of the client side. */
    private static final JAXBDataBinding KEY_BINDING = keyBinding();

    private static JAXBDataBinding keyBinding() {
        try {
            return new JAXBDataBinding(String.class);
        } catch (jakarta.xml.bind.JAXBException e) {
            throw new IllegalStateException(e);
        }
    }

    public RemoteResourceManager(String address, Duration connectTimeout, Duration receiveTimeout) {
        this(address, connectTimeout, receiveTimeout, ClientSecurity.NONE);
    }

    /** With a UsernameToken on every call and/or a trust store for https addresses. */
    public RemoteResourceManager(String address, Duration connectTimeout, Duration receiveTimeout,
                                 ClientSecurity security) {
        this.address = address;
        this.token = security.hasToken() ? new UsernameTokenHeader(security) : null;
        // no WS-Addressing headers: every call names its resource in the ResourceKey header itself, and the
        // RM's addressing interceptors then have nothing to decode, correlate or answer (a few % of each call)
        this.port = new RmService().getRmPort();
        BindingProvider bp = (BindingProvider) port;
        // every call goes to this one address (the resource key travels as a SOAP header): CXF then keeps ONE
        // conduit, with the policy and TLS settings below and its pooled connections; a per-resource address
        // made CXF create a fresh conduit (new HTTP client, new connection, default settings) for every key
        bp.getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
        bp.getRequestContext().put("thread.local.request.context", "true");
        Client client = ClientProxy.getClient(port);
        SoapPortPublisher.withoutPolicyEngine(client.getBus());
        // HttpURLConnection conduit for this client (set before the conduit exists): CXF 4.1's default
        // java.net.http conduit hops over selector and worker threads per call and, on machines where the common
        // fork-join pool has one thread (2 cores), starts a NEW thread per response (CompletableFuture's
        // thread-per-task fallback); the URLConnection conduit reads the answer in the calling thread
        client.getEndpoint().getEndpointInfo().setProperty(HTTPConduitFactory.class.getName(),
                (HTTPConduitFactory) (factory, bus, info, target) -> new URLConnectionHTTPConduit(bus, info, target));
        HTTPClientPolicy policy = new HTTPClientPolicy();
        policy.setConnectionTimeout(connectTimeout.toMillis());
        policy.setReceiveTimeout(receiveTimeout.toMillis());
        // one write per request: chunked bodies meet Nagle and delayed ACKs and cost ~40 ms per call on loopback
        policy.setAllowChunking(false);
        HTTPConduit conduit = (HTTPConduit) client.getConduit();
        conduit.setClient(policy);
        TrustManager[] trust = security.trustManagers();
        if (trust != null) {
            TLSClientParameters tls = new TLSClientParameters();
            tls.setTrustManagers(trust);
            conduit.setTlsClientParameters(tls);
        }
    }

    public String address() {
        return address;
    }

    private RmPortType at(String key) {
        Map<String, Object> ctx = ((BindingProvider) port).getRequestContext();
        // mutable: interceptors may add headers of their own
        List<Header> headers = new java.util.ArrayList<>(2);
        ctx.put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
        if (key != null) {
            headers.add(new Header(ResourceReferences.RESOURCE_KEY, key, KEY_BINDING));
        }
        if (token != null) {
            headers.add(token.header());
        }
        ctx.put(Header.HEADER_LIST, headers);
        return port;
    }

    @FunctionalInterface
    private interface RemoteCall<T> {
        T call() throws Exception;
    }

    private <T> T remote(String what, RemoteCall<T> call) {
        try {
            return call.call();
        } catch (DojiException e) {
            throw e;
        } catch (jakarta.xml.ws.soap.SOAPFaultException e) {
            // the RM answered, but with an untyped fault (e.g. a schema violation)
            throw new DojiException(FaultKind.INTERNAL_ERROR, "REMOTE_FAULT", what + " at " + address
                    + " failed: " + e.getFault().getFaultString());
        } catch (WebServiceException e) {
            throw new DojiException(FaultKind.RESOURCE_UNAVAILABLE, "RM_UNREACHABLE",
                    what + " at " + address + " failed: " + rootMessage(e));
        } catch (Exception e) {
            throw Faults.fromFault(e);
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }

    @Override
    public ResourceInventory describe(Caller caller) {
        return remote("describe", () -> FromContract.description(at(null).describe()));
    }

    @Override
    public List<SlotAvailability> availability(Caller caller, AvailabilityQuery query) {
        var q = new org.doji.contract.types.AvailabilityQuery();
        for (TimeWindow w : query.slots()) {
            q.getSlot().add(ToContract.window(w));
        }
        q.setOnBehalfOf(query.onBehalfOf());
        q.setPathPolicy(query.pathPolicy());
        return remote("getAvailableResources", () -> FromContract.availability(at(null).getAvailableResources(q)));
    }

    @Override
    public ReservationView reserve(Caller caller, String correlationId, ReservationSpec spec, String consumer) {
        var consumerEpr = consumer == null ? null : ResourceReferences.endpoint(consumer);
        return remote("reserve", () -> FromContract.view(
                at(null).reserve(correlationId, ToContract.spec(spec), consumerEpr).getDocument()));
    }

    @Override
    public ReservationView commit(Caller caller, String key, String correlationId) {
        return remote("reserveCommit", () -> FromContract.view(at(key).reserveCommit(correlationId)));
    }

    @Override
    public ReservationView abort(Caller caller, String key, String correlationId) {
        return remote("reserveAbort", () -> FromContract.view(at(key).reserveAbort(correlationId)));
    }

    @Override
    public ReservationView modify(Caller caller, String key, String correlationId, ReservationSpec spec) {
        return remote("modify", () -> FromContract.view(at(key).modify(correlationId, ToContract.spec(spec))));
    }

    @Override
    public ReservationView cancel(Caller caller, String key, String correlationId) {
        return remote("cancel", () -> FromContract.view(at(key).cancel(correlationId)));
    }

    @Override
    public ReservationView get(Caller caller, String key) {
        return remote("GetResourcePropertyDocument", () -> FromContract.view(ResourceProperties.read(
                at(key).getResourcePropertyDocument(new GetResourcePropertyDocument()).getAny(), ReservationDocument.class)));
    }

    /** The RM's own resource properties document (GetResourcePropertyDocument addressed to the service). */
    @Override
    public RmStatus status(Caller caller) {
        return remote("GetResourcePropertyDocument", () -> StatusDocuments.status(ResourceProperties.read(
                at(null).getResourcePropertyDocument(new GetResourcePropertyDocument()).getAny(), RmStatusDocument.class)));
    }

    @Override
    public void destroy(Caller caller, String key) {
        remote("Destroy", () -> {
            at(key).destroyResource();
            return null;
        });
    }

    @Override
    public Instant setTerminationTime(Caller caller, String key, Instant requested) {
        return remote("SetTerminationTime", 
                () -> at(key).setTerminationTime(WsrfLifetime.request(requested)).getNewTerminationTime());
    }
}
