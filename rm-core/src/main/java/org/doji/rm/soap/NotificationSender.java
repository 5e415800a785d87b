package org.doji.rm.soap;

import jakarta.xml.bind.JAXBElement;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.AddressingFeature;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import javax.xml.namespace.QName;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.headers.Header;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transport.http.HTTPConduitFactory;
import org.apache.cxf.transport.http.URLConnectionHTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.doji.contract.NotificationConsumerService;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.types.ObjectFactory;
import org.doji.contract.types.StateChange;
import org.doji.contract.wsn.NotificationMessageHolderType;
import org.doji.contract.wsn.Notify;
import org.doji.contract.wsn.TopicExpressionType;
import org.doji.contract.wsn.ports.NotificationConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;

/**
 * Sends OASIS WS-BaseNotification 1.3 {@code wsnt:Notify} messages, each {@code wsnt:Message} one
 * {@code t:stateChange}: the one sender of the RMs' notifications to their coordinators ({@link #send}: off the
 * caller's thread, best effort, as a hint that polling backs up) and of the GRC's to its subscribers
 * ({@link #deliver}: synchronous, failing loudly, so the GRC's outbox retries it).
 */
public final class NotificationSender {

    /** The namespace of Doji's topics: one per co-allocation state ({@code dt:Reserved}, ...). */
    public static final String TOPIC_NS = "http://doji.org/ns/2026/topics";
    public static final String TOPIC_PREFIX = "dt";
    public static final String SIMPLE_DIALECT = "http://docs.oasis-open.org/wsn/t-1/TopicExpression/Simple";
    private static final String WSA_NS = "http://www.w3.org/2005/08/addressing";
    private static final long CONNECT_TIMEOUT_MS = 5_000;
    private static final long RECEIVE_TIMEOUT_MS = 15_000;
    /** Consumer addresses whose clients are kept (a client is a few hundred kB; a GRC has few consumers per user). */
    static final int MAX_CONSUMERS = 256;

    private static final Logger log = LoggerFactory.getLogger(NotificationSender.class);

    /** One notification: what changed, its topic's local name in {@link #TOPIC_NS} (or null), and its EPRs (or null). */
    public record Message(StateChange change, String topic, EndpointReferenceType subscription,
                          EndpointReferenceType producer) {
    }

    private final Executor executor;
    private final NotificationConsumerService service = new NotificationConsumerService();
    /** One client per consumer address, the most recently used {@link #MAX_CONSUMERS} of them. */
    private final java.util.Map<String, NotificationConsumer> ports = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, NotificationConsumer> eldest) {
                    return size() > MAX_CONSUMERS;
                }
            });

    public NotificationSender(Executor executor) {
        this.executor = executor;
    }

    /** Best effort, off the caller's thread: a consumer that cannot be reached costs one WARN line. */
    public void send(String consumer, StateChange change) {
        send(consumer, change, null);
    }

    /** As above, with {@code signIn}'s header (a WS-Security UsernameToken, fresh each time; null: none). */
    public void send(String consumer, StateChange change, java.util.function.Supplier<Header> signIn) {
        try {
            executor.execute(() -> {
                try {
                    deliver(consumer, List.of(), new Message(change, null, null, null), signIn);
                } catch (RuntimeException e) {
                    log.warn("could not notify {} of {} ({}): {}", consumer, change.getResource(), change.getMessage(),
                            e.toString());
                }
            });
        } catch (RuntimeException e) {
            log.warn("notification of {} to {} not sent: {}", change.getResource(), consumer, e.toString());
        }
    }

    /**
     * Sends {@code message} to the consumer at {@code address} now, with the consumer EPR's reference parameters
     * as SOAP headers (as WS-Addressing asks); throws if the consumer cannot be reached or refuses it.
     */
    public void deliver(String address, List<Element> referenceParameters, Message message) {
        deliver(address, referenceParameters, message, null);
    }

    private void deliver(String address, List<Element> referenceParameters, Message message,
                         java.util.function.Supplier<Header> signIn) {
        NotificationConsumer port = ports.computeIfAbsent(address, this::port);
        List<Header> headers = new ArrayList<>();
        if (signIn != null) {
            headers.add(signIn.get());
        }
        for (Element p : referenceParameters) {
            Element header = (Element) p.cloneNode(true);
            header.setAttributeNS(WSA_NS, "wsa:IsReferenceParameter", "true");
            headers.add(new Header(new QName(p.getNamespaceURI(), p.getLocalName()), header));
        }
        // this thread's own request context (the port is shared): every call sets all of its per-call values, so
        // nothing of an earlier delivery (another subscription's reference parameters) goes along
        java.util.Map<String, Object> context = ((BindingProvider) port).getRequestContext();
        context.put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
        context.put(Header.HEADER_LIST, headers);
        // the topic's prefix is declared on the envelope, so the topic expression "dt:Reserved" resolves
        context.put("soap.env.ns.map", java.util.Map.of(TOPIC_PREFIX, TOPIC_NS));
        port.notify(notify(message));
    }

    /**
     * A client for one consumer address, kept for the next delivery there: a new one per delivery cost a CXF
     * client (service model, interceptor chains, conduit) and a new HTTP client with a new connection each time.
     * The URLConnection conduit answers in the calling thread and keeps connections alive; bodies are not chunked
     * (a chunked body meets Nagle and delayed ACKs: ~40 ms per call on loopback), as in RemoteResourceManager.
     */
    private NotificationConsumer port(String address) {
        NotificationConsumer port = service.getNotificationConsumerPort(new AddressingFeature());
        BindingProvider bp = (BindingProvider) port;
        bp.getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
        bp.getRequestContext().put("thread.local.request.context", "true");
        Client client = ClientProxy.getClient(port);
        client.getEndpoint().getEndpointInfo().setProperty(HTTPConduitFactory.class.getName(),
                (HTTPConduitFactory) (factory, bus, info, target) -> new URLConnectionHTTPConduit(bus, info, target));
        HTTPClientPolicy policy = new HTTPClientPolicy();
        policy.setConnectionTimeout(CONNECT_TIMEOUT_MS);
        policy.setReceiveTimeout(RECEIVE_TIMEOUT_MS);
        policy.setAllowChunking(false);
        ((HTTPConduit) client.getConduit()).setClient(policy);
        return port;
    }

    static Notify notify(Message m) {
        NotificationMessageHolderType holder = new NotificationMessageHolderType();
        holder.setSubscriptionReference(m.subscription());
        holder.setProducerReference(m.producer());
        if (m.topic() != null) {
            TopicExpressionType topic = new TopicExpressionType();
            topic.setDialect(SIMPLE_DIALECT);
            topic.getContent().add(TOPIC_PREFIX + ":" + m.topic());
            holder.setTopic(topic);
        }
        NotificationMessageHolderType.Message content = new NotificationMessageHolderType.Message();
        JAXBElement<StateChange> change = new ObjectFactory().createStateChange(m.change());
        content.setAny(change);
        holder.setMessage(content);
        Notify notify = new Notify();
        notify.getNotificationMessage().add(holder);
        return notify;
    }

    /** The state changes a received Notify carries (messages of other kinds are skipped). */
    public static List<StateChange> stateChanges(Notify notify) {
        List<StateChange> out = new ArrayList<>();
        if (notify == null) {
            return out;
        }
        for (NotificationMessageHolderType m : notify.getNotificationMessage()) {
            Object any = m.getMessage() == null ? null : m.getMessage().getAny();
            if (any instanceof JAXBElement<?> e && e.getValue() instanceof StateChange c) {
                out.add(c);
            } else if (any instanceof StateChange c) {
                out.add(c);
            }
        }
        return out;
    }
}
