package org.doji.rm.soap;

import java.time.Clock;
import java.util.function.Consumer;
import javax.xml.namespace.QName;
import javax.xml.validation.Schema;
import jakarta.jws.WebService;
import jakarta.xml.ws.soap.SOAPBinding;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.service.model.ServiceInfo;
import org.apache.cxf.ws.addressing.EndpointReferenceUtils;
import org.apache.cxf.ws.addressing.WSAddressingFeature;
import org.apache.cxf.ws.policy.PolicyEngine;

/**
 * The one way every Doji SOAP port is published (the RM port, the GRC's user port, its RM port and its
 * notification consumer), so every port gets the same hardening: WS-Addressing, requests validated against the
 * schema, bounds on what a message may contain (the oversized and hostile messages of DESIGN §11), and bad input
 * answered with the contract's typed InvalidRequestFault rather than CXF's own fault. Each port is published
 * twice, as the contract declares it: SOAP 1.1 at its path, SOAP 1.2 at the path + {@value #SOAP12_SUFFIX}
 * (the WSDL's {@code <port>Soap12} port).
 */
public final class SoapPortPublisher {

    /** Bounds on one incoming message, enforced by the XML parser before anything is bound or stored. */
    public record Limits(int maxChildElements, int maxElementDepth, int maxTextLength, long maxXmlCharacters) {

        /** Requests of the user and RM ports: the largest legitimate ones (a plan with many sites) fit well within. */
        public static final Limits REQUESTS = new Limits(10_000, 64, 1_000_000, 10_000_000L);
        /** Notifications: a handful of state changes. */
        public static final Limits NOTIFICATIONS = new Limits(1_000, 32, 100_000, 1_000_000L);

        public Limits {
            if (maxChildElements < 1 || maxElementDepth < 1 || maxTextLength < 1 || maxXmlCharacters < 1) {
                throw new IllegalArgumentException("message limits must be positive: " + this);
            }
        }
    }

    /** Where a port's SOAP 1.2 binding is published, after the SOAP 1.1 port's path. */
    public static final String SOAP12_SUFFIX = "/soap12";

    private final Bus bus;
    // one of each for every port this publisher opens: stateless, and the fault interceptor holds a JAXB context
    private final EmptyBodyInterceptor emptyBody = new EmptyBodyInterceptor();
    private final SoapActionCheck soapAction = new SoapActionCheck();
    private final WireFaultInterceptor wireFaults;

    /** @param originator the service's id, named as the originator of the faults it answers bad input with */
    public SoapPortPublisher(Bus bus, String originator, Clock clock) {
        this.bus = bus;
        withoutPolicyEngine(bus);
        this.wireFaults = new WireFaultInterceptor(originator, clock);
    }

    /**
     * Publishes {@code implementor} at {@code path} (below the CXF servlet) over SOAP 1.1 and at {@code path}
     * {@value #SOAP12_SUFFIX} over SOAP 1.2, both with the common hardening; {@code security} adds the port's own
     * authentication (e.g. WS-Security) to each, before it opens. Returns the SOAP 1.1 endpoint.
     */
    public EndpointImpl publish(String path, Object implementor, Limits limits, Consumer<EndpointImpl> security) {
        EndpointImpl soap11 = endpoint(implementor, limits, security);
        soap11.publish(path);
        reuseValidators(soap11);
        WebService contract = implementor.getClass().getAnnotation(WebService.class);
        EndpointImpl soap12 = endpoint(implementor, limits, security);
        soap12.setEndpointName(new QName(contract.targetNamespace(), contract.portName() + "Soap12"));
        soap12.setBindingUri(SOAPBinding.SOAP12HTTP_BINDING);
        soap12.publish(path + SOAP12_SUFFIX);
        reuseValidators(soap12);
        return soap11;
    }

    /**
     * Gives the port's request validation the schema CXF compiled for it, with its validator handlers used again
     * ({@link ReusedValidators}); CXF takes a service's schema from this property when it is set.
     */
    private void reuseValidators(EndpointImpl endpoint) {
        for (ServiceInfo service : endpoint.getServer().getEndpoint().getService().getServiceInfos()) {
            Schema compiled = EndpointReferenceUtils.getSchema(service, bus);
            if (compiled != null && !(compiled instanceof ReusedValidators)) {
                service.setProperty(Schema.class.getName(), new ReusedValidators(compiled));
            }
        }
    }

    /**
     * Switches off CXF's WS-Policy engine on {@code bus}: no Doji contract attaches a policy (WS-Addressing is a
     * feature of each port, WS-Security its own interceptors), so the engine's interceptors only worked out, on
     * every message in and out, that there is nothing to assert.
     */
    public static void withoutPolicyEngine(Bus bus) {
        PolicyEngine policies = bus.getExtension(PolicyEngine.class);
        if (policies != null && policies.isEnabled()) {
            policies.setEnabled(false);
        }
    }

    private EndpointImpl endpoint(Object implementor, Limits limits, Consumer<EndpointImpl> security) {
        EndpointImpl endpoint = new EndpointImpl(bus, implementor);
        endpoint.getFeatures().add(new WSAddressingFeature());
        // requests only: validating answers made CXF buffer every response as StAX events (with a ServiceLoader
        // scan for the event factory per response); the answers come from the same XSD bindings, and the ITs
        // validate what is sent
        endpoint.getProperties().put("schema-validation-enabled", "IN");
        endpoint.getProperties().put("org.apache.cxf.stax.maxChildElements", limits.maxChildElements());
        endpoint.getProperties().put("org.apache.cxf.stax.maxElementDepth", limits.maxElementDepth());
        endpoint.getProperties().put("org.apache.cxf.stax.maxTextLength", limits.maxTextLength());
        endpoint.getProperties().put("org.apache.cxf.stax.maxXMLCharacters", limits.maxXmlCharacters());
        endpoint.getInInterceptors().add(emptyBody);
        endpoint.getInInterceptors().add(soapAction);
        endpoint.getOutFaultInterceptors().add(wireFaults);
        security.accept(endpoint);
        return endpoint;
    }
}
