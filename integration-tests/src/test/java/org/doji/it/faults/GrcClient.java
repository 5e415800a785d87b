package org.doji.it.faults;

import static org.awaitility.Awaitility.await;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.AddressingFeature;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.FlexibleWindow;
import org.doji.contract.types.Policy;
import org.doji.contract.types.TimeConstraint;
import org.doji.contract.types.TimeWindow;
import org.doji.rm.soap.ResourceReferences;
import org.doji.it.CoAllocationDocuments;
import org.doji.it.Requests;

/**
 * A user of the GRC over SOAP through the generated stubs (WS-Addressing, implied-resource EPRs). One
 * port with thread-local request contexts, so several threads may share a client.
 */
public final class GrcClient {

    private final String url;
    private final GrcPortType port;

    public GrcClient(String url) {
        this.url = url;
        this.port = new GrcService().getGrcPort(new AddressingFeature());
        BindingProvider bp = (BindingProvider) port;
        bp.getRequestContext().put("thread.local.request.context", "true");
        // the HttpURLConnection conduit reads answers in the calling thread (CXF's default java.net.http conduit
        // hops over selector and worker threads per call; on 2 cores a new thread per response), as the GRC's own
        // RM clients do (RemoteResourceManager)
        org.apache.cxf.frontend.ClientProxy.getClient(port).getEndpoint().getEndpointInfo().setProperty(
                org.apache.cxf.transport.http.HTTPConduitFactory.class.getName(),
                (org.apache.cxf.transport.http.HTTPConduitFactory) (factory, bus, info, target) ->
                        new org.apache.cxf.transport.http.URLConnectionHTTPConduit(bus, info, target));
        var policy = new org.apache.cxf.transports.http.configuration.HTTPClientPolicy();
        policy.setAllowChunking(false); // one write per request (Nagle + delayed ACK cost ~40 ms otherwise)
        policy.setConnectionTimeout(5_000);
        policy.setReceiveTimeout(60_000);
        ((org.apache.cxf.transport.http.HTTPConduit) org.apache.cxf.frontend.ClientProxy.getClient(port).getConduit())
                .setClient(policy);
    }

    public String url() {
        return url;
    }

    private GrcPortType at(String key) {
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                key == null ? url : url + "?res=" + key);
        return port;
    }

    /** createCoAllocation; returns the new co-allocation's key (from the EPR). */
    public String create(String correlationId, CoAllocationRequest request) {
        return create(correlationId, request, null);
    }

    /** createCoAllocation with a consumer EPR at {@code consumer} (null: none); returns the new key. */
    public String create(String correlationId, CoAllocationRequest request, String consumer) {
        return create(correlationId, request, consumer, List.of());
    }

    /** As above, the consumer notified only of the states {@code notifyOn} (empty: of every change). */
    public String create(String correlationId, CoAllocationRequest request, String consumer,
                         List<CoAllocationState> notifyOn) {
        try {
            return ResourceReferences.keyOf(at(null).createCoAllocation(correlationId, request,
                    consumer == null ? null : ResourceReferences.endpoint(consumer), notifyOn));
        } catch (Exception e) {
            throw new IllegalStateException("createCoAllocation failed: " + e, e);
        }
    }

    public CoAllocationDocument document(String key) {
        try {
            return CoAllocationDocuments.of(at(key));
        } catch (Exception e) {
            throw new IllegalStateException("GetResourcePropertyDocument of " + key + " failed: " + e, e);
        }
    }

    /** modify; returns the co-allocation's document as the GRC answered it. */
    public CoAllocationDocument modify(String key, String correlationId, CoAllocationRequest request) throws Exception {
        org.doji.contract.grc.Modify m = new org.doji.contract.grc.Modify();
        m.setCorrelationId(correlationId);
        m.setRequest(request);
        return at(key).modify(m).getCoAllocationDocument();
    }

    /** cancel; returns the co-allocation's document as the GRC answered it. */
    public CoAllocationDocument cancel(String key, String correlationId) throws Exception {
        org.doji.contract.grc.Cancel c = new org.doji.contract.grc.Cancel();
        c.setCorrelationId(correlationId);
        return at(key).cancel(c).getCoAllocationDocument();
    }

    /** Every co-allocation of this caller: key → state. */
    public java.util.Map<String, CoAllocationState> listAll() {
        try {
            java.util.Map<String, CoAllocationState> out = new java.util.LinkedHashMap<>();
            at(null).list(List.of(), null, null, 10_000).getCoAllocation().forEach(s -> out.put(s.getKey(), s.getState()));
            return out;
        } catch (Exception e) {
            throw new IllegalStateException("list failed: " + e, e);
        }
    }

    public int listSize() {
        try {
            return at(null).list(List.of(), null, null, null).getCoAllocation().size();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Nothing in progress: Reserved, Active or final (not Planning, Reserving, Committing, Modifying, Cancelling). */
    public static boolean isFinal(CoAllocationState s) {
        return s == CoAllocationState.RESERVED || s == CoAllocationState.ACTIVE || s == CoAllocationState.COMPLETED
                || s == CoAllocationState.CANCELLED || s == CoAllocationState.FAILED;
    }

    /** Polls until nothing is in progress any more (Reserved, Active, or final). */
    public CoAllocationDocument awaitOutcome(String key, Duration atMost) {
        await().atMost(atMost).pollInterval(Duration.ofMillis(100)).ignoreExceptions()
                .until(() -> document(key).getState(), GrcClient::isFinal);
        return document(key);
    }

    /** sites name → cores (optionally pinned: "name=SITE"), links between every pair at {@code mbps}. */
    public static CoAllocationRequest request(Map<String, Integer> sites, Map<String, String> pins, int mbps,
                                             TimeConstraint time) {
        CoAllocationRequest r = new CoAllocationRequest();
        List<String> ids = new ArrayList<>(sites.keySet());
        for (String id : ids) {
            r.getSite().add(pins.containsKey(id) ? Requests.site(id, sites.get(id), pins.get(id))
                    : Requests.site(id, sites.get(id)));
        }
        if (mbps > 0) {
            for (int i = 0; i < ids.size(); i++) {
                for (int j = i + 1; j < ids.size(); j++) {
                    r.getLink().add(Requests.link(ids.get(i), ids.get(j), mbps));
                }
            }
        }
        r.setTime(time);
        r.setPolicy(Policy.CHEAPEST);
        return r;
    }

    public static TimeConstraint fixed(Instant start, Duration length) {
        TimeWindow w = new TimeWindow();
        w.setStart(start);
        w.setEnd(start.plus(length));
        TimeConstraint t = new TimeConstraint();
        t.setFixed(w);
        return t;
    }

    public static TimeConstraint flexible(Instant earliest, Instant latest, Duration length) {
        FlexibleWindow w = new FlexibleWindow();
        w.setEarliestStart(earliest);
        w.setLatestStart(latest);
        w.setDuration(length);
        TimeConstraint t = new TimeConstraint();
        t.setFlexible(w);
        return t;
    }
}
