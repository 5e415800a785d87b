package org.doji.grc.demo;

import jakarta.xml.ws.BindingProvider;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocument;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.FlexibleWindow;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.Policy;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;

/**
 * A GRC client written only against the generated stubs, as a user's program would be: builds the
 * sample request, creates the co-allocation, and polls its resource properties until it settles.
 */
public final class SampleClient {

    private final GrcPortType grc;
    private final String grcUrl;

    public SampleClient(String grcUrl) {
        this(grcUrl, org.doji.grc.cli.Credentials.NONE);
    }

    /** A client that sends {@code credentials} as a WS-Security UsernameToken (a secured GRC). */
    public SampleClient(String grcUrl, org.doji.grc.cli.Credentials credentials) {
        this.grcUrl = grcUrl;
        this.grc = new GrcService().getGrcPort(new jakarta.xml.ws.soap.AddressingFeature());
        ((BindingProvider) grc).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, grcUrl);
        credentials.apply(org.apache.cxf.frontend.ClientProxy.getClient(grc));
    }

    /** "3 sites x 4 cores, 1 Gbps between each pair, 2 h, start within the next 3 hours, cheapest". */
    public static CoAllocationRequest sampleRequest(Instant now) {
        CoAllocationRequest r = new CoAllocationRequest();
        for (String id : List.of("a", "b", "c")) {
            SiteRequest s = new SiteRequest();
            s.setId(id);
            s.setCores(4);
            r.getSite().add(s);
        }
        for (String[] pair : new String[][] {{"a", "b"}, {"b", "c"}, {"a", "c"}}) {
            LinkRequest l = new LinkRequest();
            l.setFrom(pair[0]);
            l.setTo(pair[1]);
            l.setBandwidthMbps(1000);
            r.getLink().add(l);
        }
        FlexibleWindow w = new FlexibleWindow();
        Instant start = now.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.HOURS);
        w.setEarliestStart(start);
        w.setLatestStart(start.plus(3, ChronoUnit.HOURS));
        w.setDuration(Duration.ofHours(2));
        TimeConstraint t = new TimeConstraint();
        t.setFlexible(w);
        r.setTime(t);
        r.setPolicy(Policy.CHEAPEST);
        r.setDescription("Doji demo co-allocation");
        return r;
    }

    public EndpointReferenceType create(CoAllocationRequest request) throws Exception {
        return grc.createCoAllocation(UUID.randomUUID().toString(), request, null, null);
    }

    /** The co-allocation's state document, addressing it through its EPR's address (?res=key). */
    public CoAllocationDocument document(EndpointReferenceType epr) throws Exception {
        GrcPortType port = new GrcService().getGrcPort();
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                org.doji.rm.soap.ResourceReferences.addressOf(epr));
        return org.doji.rm.soap.ResourceProperties.read(
                port.getResourcePropertyDocument(new GetResourcePropertyDocument()).getAny(), CoAllocationDocument.class);
    }

    private static final java.util.Set<CoAllocationState> SETTLED = java.util.EnumSet.of(CoAllocationState.RESERVED,
            CoAllocationState.ACTIVE, CoAllocationState.COMPLETED, CoAllocationState.CANCELLED, CoAllocationState.FAILED);

    /** Polls until nothing is in progress (Reserved, Active or final), or the deadline passes. */
    public CoAllocationDocument awaitSettled(EndpointReferenceType epr, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        CoAllocationDocument doc = document(epr);
        while (!SETTLED.contains(doc.getState()) && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
            doc = document(epr);
        }
        return doc;
    }

    public String grcUrl() {
        return grcUrl;
    }
}
