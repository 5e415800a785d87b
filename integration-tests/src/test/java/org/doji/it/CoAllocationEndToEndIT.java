package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.AddressingFeature;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.xml.namespace.QName;
import org.apache.cxf.headers.Header;
import org.apache.cxf.jaxb.JAXBDataBinding;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.contract.InvalidRequestFault;
import org.doji.contract.UnknownResourceFault;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.PlannedPath;
import org.doji.contract.types.PlannedSite;
import org.doji.contract.types.RmOutcome;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.contract.types.TimeWindow;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.rm.api.Caller;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.soap.ResourceReferences;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.doji.rm.soap.BaseFaults;

/**
 * The walking skeleton end to end: a GRC and four simulated RMs (three compute sites, one network
 * domain) on random loopback ports in this JVM; the GRC is called through the generated stubs with
 * WS-Addressing, exactly as a user's client would.
 */
class CoAllocationEndToEndIT {

    private static LocalGrid grid;
    private static java.nio.file.Path lpDir;

    @BeforeAll
    static void startGrid() {
        GridTopology topology = GridTopology.builder()
                .crm("crm-a", "SITE_A", "D1", 2, 8, 1.0, Map.of("os", "linux"))
                .crm("crm-b", "SITE_B", "D1", 2, 8, 2.0, Map.of("os", "linux"))
                .crm("crm-c", "SITE_C", "D1", 4, 8, 3.0, Map.of("os", "linux"))
                .nrm("nrm-d1", "D1", List.of("SITE_A", "SITE_B", "SITE_C"), List.of(), 10_000, 0.005, 0, 0)
                .build();
        try {
            lpDir = java.nio.file.Files.createTempDirectory("doji-lp");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        grid = LocalGrid.start(topology, 0, TestDatabase.grid("mem"), Map.of(), Map.of("doji.grc.notifications.consumers[0]", "http://127.0.0.1:", "doji.grc.slots", "4",
                "doji.grc.export-lp-dir", lpDir.toString()));
    }

    @AfterAll
    static void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    private static GrcPortType grc() {
        GrcPortType port = new GrcService().getGrcPort(new AddressingFeature());
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, grid.grcUrl());
        return port;
    }

    /** A port addressing the co-allocation through the EPR (reference parameter + address), the JAX-WS way. */
    private static GrcPortType at(EndpointReferenceType epr) {
        return new GrcService().getPort(ResourceReferences.toW3C(epr), GrcPortType.class, new AddressingFeature());
    }

    private static CoAllocationRequest request(Instant start, Instant end, int coresA, int coresB, int mbps) {
        CoAllocationRequest r = new CoAllocationRequest();
        SiteRequest a = new SiteRequest();
        a.setId("a");
        a.setCores(coresA);
        SiteRequest b = new SiteRequest();
        b.setId("b");
        b.setCores(coresB);
        r.getSite().addAll(List.of(a, b));
        LinkRequest l = new LinkRequest();
        l.setFrom("a");
        l.setTo("b");
        l.setBandwidthMbps(mbps);
        r.getLink().add(l);
        TimeWindow w = new TimeWindow();
        w.setStart(start);
        w.setEnd(end);
        TimeConstraint t = new TimeConstraint();
        t.setFixed(w);
        r.setTime(t);
        return r;
    }

    private static Instant tomorrow(int hour) {
        return Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.DAYS).plus(hour, ChronoUnit.HOURS);
    }

    @Test
    void theConsumerIsNotifiedOfEveryStateChangeAndAnUnreachableConsumerChangesNothing() throws Exception {
        List<String> received = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        com.sun.net.httpserver.HttpServer consumer = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        consumer.createContext("/consumer", exchange -> {
            received.add(new String(exchange.getRequestBody().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
        });
        consumer.start();
        try {
            String address = "http://127.0.0.1:" + consumer.getAddress().getPort() + "/consumer";
            EndpointReferenceType epr = grc().createCoAllocation(UUID.randomUUID().toString(),
                    request(tomorrow(9), tomorrow(10), 2, 2, 10), ResourceReferences.reference(address, "me"), null);
            String key = ResourceReferences.keyOf(epr);
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(String.join("", received))
                    .contains(key, ">Reserving<", ">Reserved<"));
            assertThat(received).allSatisfy(body -> assertThat(body).contains("Notify", "coAllocationState"));

            // the states asked for only: one Notify, the outcome
            EndpointReferenceType asked = grc().createCoAllocation(UUID.randomUUID().toString(),
                    request(tomorrow(13), tomorrow(14), 2, 2, 10), ResourceReferences.reference(address, "me"),
                    List.of(CoAllocationState.RESERVED, CoAllocationState.FAILED));
            String settled = ResourceReferences.keyOf(asked);
            await().atMost(Duration.ofSeconds(60)).until(() -> CoAllocationDocuments.of(at(asked)).getState(),
                    s -> s == CoAllocationState.RESERVED);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(received.stream()
                    .filter(b -> b.contains(settled)).toList()).singleElement().satisfies(b -> assertThat(b)
                    .contains(">Reserved<").doesNotContain(">Reserving<", ">Committing<")));
        } finally {
            consumer.stop(0);
        }
        // a consumer that is gone: the co-allocation goes ahead as if there were none
        EndpointReferenceType epr = grc().createCoAllocation(UUID.randomUUID().toString(),
                request(tomorrow(11), tomorrow(12), 2, 2, 10), ResourceReferences.reference("http://127.0.0.1:9/gone", "x"), null);
        await().atMost(Duration.ofSeconds(60)).until(() -> CoAllocationDocuments.of(at(epr)).getState(), s -> s == CoAllocationState.RESERVED);
    }

    @Test
    void everySlotsProgramIsExportedAsLpAndGlpsolSolvesIt() throws Exception {
        EndpointReferenceType epr = grc().createCoAllocation(UUID.randomUUID().toString(),
                request(tomorrow(13), tomorrow(14), 4, 4, 100), null, null);
        String key = ResourceReferences.keyOf(epr);
        await().atMost(Duration.ofSeconds(60)).until(() -> CoAllocationDocuments.of(at(epr)).getState(), s -> s == CoAllocationState.RESERVED);
        List<java.nio.file.Path> files;
        try (var list = java.nio.file.Files.list(lpDir)) {
            files = list.filter(f -> f.getFileName().toString().startsWith(key)).sorted().toList();
        }
        assertThat(files).as("a fixed window is one slot").hasSize(1);
        assertThat(java.nio.file.Files.readString(files.get(0))).contains("Minimize", "Subject To", "End");
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isExecutable(java.nio.file.Path.of("/usr/bin/glpsol")),
                "glpsol (Debian glpk-utils) is not installed");
        java.nio.file.Path out = lpDir.resolve(key + ".out");
        Process glpsol = new ProcessBuilder("glpsol", "--lp", files.get(0).toString(), "-o", out.toString())
                .redirectErrorStream(true).start();
        glpsol.getInputStream().readAllBytes();
        assertThat(glpsol.waitFor()).isZero();
        String solution = java.nio.file.Files.readString(out);
        assertThat(solution).contains("INTEGER OPTIMAL");
        // the same optimum as the plan the GRC reserved
        var m = java.util.regex.Pattern.compile("Objective:\\s+\\S+\\s+=\\s+([-0-9.eE+]+)").matcher(solution);
        assertThat(m.find()).as(solution).isTrue();
        double cost = CoAllocationDocuments.of(at(epr))
                .getPlan().getCost();
        assertThat(Double.parseDouble(m.group(1))).isCloseTo(cost, org.assertj.core.data.Offset.offset(1e-6));
    }

    /** The GRC port's SOAP 1.2 binding (the WSDL's GrcPortSoap12): the same service, SOAP 1.2 envelopes. */
    @Test
    void theSoap12PortCoAllocatesAsTheSoap11PortDoes() throws Exception {
        GrcPortType soap12 = new GrcService().getGrcPortSoap12(new AddressingFeature());
        ((BindingProvider) soap12).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, grid.grcUrl() + "/soap12");
        assertThat(((BindingProvider) soap12).getBinding().getBindingID())
                .isEqualTo(jakarta.xml.ws.soap.SOAPBinding.SOAP12HTTP_BINDING);
        EndpointReferenceType epr = soap12.createCoAllocation(UUID.randomUUID().toString(),
                request(tomorrow(20), tomorrow(21), 2, 2, 10), null, null);
        String key = ResourceReferences.keyOf(epr);
        // the co-allocation's EPR names the port it was created through
        assertThat(ResourceReferences.addressOf(epr)).isEqualTo(grid.grcUrl() + "/soap12?res=" + key);
        GrcPortType co = new GrcService().getGrcPortSoap12(new AddressingFeature());
        ((BindingProvider) co).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, ResourceReferences.addressOf(epr));
        await().atMost(Duration.ofSeconds(60)).until(() ->
                CoAllocationDocuments.of(co).getState(),
                org.doji.it.faults.GrcClient::isFinal);
        assertThat(CoAllocationDocuments.of(co).getState())
                .isEqualTo(CoAllocationState.RESERVED);
        // the same co-allocation through the SOAP 1.1 port
        assertThat(CoAllocationDocuments.of(at(ResourceReferences.reference(grid.grcUrl(), key))).getState()).isEqualTo(CoAllocationState.RESERVED);
    }

    @Test
    void listsTheRegisteredRmsWithTheirSitesAndHealth() throws Exception {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            var rms = grc().listResourceManagers().getResourceManager();
            assertThat(rms).extracting(r -> r.getId()).containsExactlyInAnyOrder("crm-a", "crm-b", "crm-c", "nrm-d1");
            assertThat(rms).allSatisfy(r -> {
                assertThat(r.isReachable()).isTrue();
                assertThat(r.getLastSuccess()).isNotNull();
                assertThat(r.getAddress()).isEqualTo(grid.rmUrls().get(r.getId()));
            });
            assertThat(rms).filteredOn(r -> r.getId().equals("crm-b")).singleElement().satisfies(r -> {
                assertThat(r.getKind()).isEqualTo("COMPUTE");
                assertThat(r.getSite()).containsExactly("SITE_B");
            });
            assertThat(rms).filteredOn(r -> r.getId().equals("nrm-d1")).singleElement()
                    .satisfies(r -> assertThat(r.getKind()).isEqualTo("NETWORK"));
        });
    }

    @Test
    void coAllocatesTwoSitesAndAPathThroughAllRmsWithTwoPhaseCommit() throws Exception {
        Instant start = tomorrow(0);
        Instant end = tomorrow(2);
        EndpointReferenceType epr = grc().createCoAllocation(UUID.randomUUID().toString(),
                request(start, end, 8, 16, 1000), null, null);
        String key = ResourceReferences.keyOf(epr);
        assertThat(ResourceReferences.addressOf(epr)).isEqualTo(grid.grcUrl() + "?res=" + key);

        GrcPortType co = at(epr);
        await().atMost(Duration.ofSeconds(60)).until(() ->
                CoAllocationDocuments.of(co).getState(),
                org.doji.it.faults.GrcClient::isFinal);
        CoAllocationDocument doc = CoAllocationDocuments.of(co);
        assertThat(doc.getState()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(doc.getPlan().getWindow().getStart()).isEqualTo(start);
        assertThat(doc.getPlan().getWindow().getEnd()).isEqualTo(end);

        // the optimum: the larger site b (16 cores) on the cheapest SITE_A (price 1), a (8 cores) on SITE_B (price 2)
        assertThat(doc.getPlan().getSite()).extracting(PlannedSite::getRequestSite, PlannedSite::getSite, PlannedSite::getRmId)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("a", "SITE_B", "crm-b"),
                        org.assertj.core.groups.Tuple.tuple("b", "SITE_A", "crm-a"));
        PlannedSite b = doc.getPlan().getSite().stream().filter(s -> s.getRequestSite().equals("b")).findFirst().orElseThrow();
        assertThat(b.getNode()).containsExactly("SITE_A-n1", "SITE_A-n2");
        assertThat(b.getHandle()).startsWith("doji_r-");
        assertThat(doc.getPlan().getPath()).singleElement().satisfies(p -> {
            assertThat(p.getRmId()).isEqualTo("nrm-d1");
            assertThat(List.of(p.getFrom(), p.getTo())).containsExactlyInAnyOrder("SITE_A", "SITE_B");
            assertThat(p.getBandwidthMbps()).isEqualTo(1000);
        });
        // prices are per core-hour and per Mbps-hour: the hourly rate times the window's 2 hours
        assertThat(doc.getPlan().getCost()).isEqualTo((8 * 2.0 + 16 * 1.0 + 1000 * 0.005) * 2, org.assertj.core.data.Offset.offset(1e-9));

        // every participant holds a committed reservation, visible through its own EPR
        assertThat(doc.getRm()).extracting(RmOutcome::getRmId).containsExactlyInAnyOrder("crm-a", "crm-b", "nrm-d1");
        for (RmOutcome o : doc.getRm()) {
            ReservationView v = new RemoteResourceManager(ResourceReferences.serviceAddressOf(o.getReservation()),
                    Duration.ofSeconds(5), Duration.ofSeconds(30)).get(Caller.ANONYMOUS, ResourceReferences.keyOf(o.getReservation()));
            assertThat(v.reservationState()).isEqualTo(ReservationState.ReserveStart);
            assertThat(v.lifecycleState()).isEqualTo(LifecycleState.Created);
            assertThat(v.spec().window().start()).isEqualTo(start);
            assertThat(v.spec().globalId()).isEqualTo(key);
        }

        // WS-ResourceProperties GetResourceProperty of one property
        List<Object> state = co.getResourceProperty(new QName(ResourceReferences.TYPES_NS, "state")).getAny();
        assertThat(state).singleElement().satisfies(e -> assertThat(((Element) e).getTextContent()).isEqualTo("Reserved"));

        // the key in a SOAP header alone (no ?res= in the address) addresses the same co-allocation
        GrcPortType headerOnly = grc();
        ((BindingProvider) headerOnly).getRequestContext().put(Header.HEADER_LIST, new java.util.ArrayList<>(List.of(
                new Header(ResourceReferences.RESOURCE_KEY, key, new JAXBDataBinding(String.class)))));
        assertThat(CoAllocationDocuments.of(headerOnly).getKey()).isEqualTo(key);

        // the caller's list shows it
        assertThat(grc().list(List.of(CoAllocationState.RESERVED), null, null, null).getCoAllocation())
                .anySatisfy(s -> assertThat(s.getKey()).isEqualTo(key));
    }

    @Test
    void endBeforeStartIsATypedFaultAndStoresNothing() {
        long grcRows = grid.grc().getBean(CoAllocationRepository.class).count();
        Map<String, Long> rmRows = rmRowCounts();
        CoAllocationRequest bad = request(tomorrow(3), tomorrow(1), 1, 1, 100);
        assertThatThrownBy(() -> grc().createCoAllocation(UUID.randomUUID().toString(), bad, null, null))
                .isInstanceOfSatisfying(InvalidRequestFault.class, f -> {
                    assertThat(BaseFaults.errorCode(f.getFaultInfo())).isEqualTo("END_NOT_AFTER_START");
                    assertThat(BaseFaults.description(f.getFaultInfo())).contains("is not after start");
                    assertThat(f.getFaultInfo().getField()).isEqualTo("request/time/fixed/end");
                    assertThat(f.getFaultInfo().getService()).isEqualTo("grc");
                    assertThat(f.getFaultInfo().getTimestamp()).isNotNull();
                });
        assertThat(grid.grc().getBean(CoAllocationRepository.class).count()).isEqualTo(grcRows);
        assertThat(rmRowCounts()).isEqualTo(rmRows);
    }

    @Test
    void statesToNotifyOfWithoutAConsumerAreATypedFaultAndStoreNothing() {
        long grcRows = grid.grc().getBean(CoAllocationRepository.class).count();
        assertThatThrownBy(() -> grc().createCoAllocation(UUID.randomUUID().toString(),
                request(tomorrow(15), tomorrow(16), 1, 1, 100), null, List.of(CoAllocationState.RESERVED)))
                .isInstanceOfSatisfying(InvalidRequestFault.class, f -> {
                    assertThat(BaseFaults.errorCode(f.getFaultInfo())).isEqualTo("NOTIFY_ON_WITHOUT_CONSUMER");
                    assertThat(f.getFaultInfo().getField()).isEqualTo("notifyOn");
                });
        assertThat(grid.grc().getBean(CoAllocationRepository.class).count()).isEqualTo(grcRows);
    }

    @Test
    void unknownPinnedSiteIsAnUnknownResourceFault() {
        CoAllocationRequest r = request(tomorrow(4), tomorrow(5), 1, 1, 0);
        r.getSite().get(0).getCandidate().add(Requests.candidate("NO_SUCH_SITE"));
        assertThatThrownBy(() -> grc().createCoAllocation(UUID.randomUUID().toString(), r, null, null))
                .isInstanceOfSatisfying(UnknownResourceFault.class,
                        f -> assertThat(BaseFaults.description(f.getFaultInfo())).contains("NO_SUCH_SITE"));
    }

    @Test
    void wsdlAndServiceListingAreServedToBrowsers() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> wsdl = http.send(HttpRequest.newBuilder(URI.create(grid.grcUrl() + "?wsdl")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(wsdl.statusCode()).isEqualTo(200);
        assertThat(wsdl.body()).contains("GrcService", "createCoAllocation", "doji-grc.xsd");
        HttpResponse<String> xsd = http.send(HttpRequest.newBuilder(URI.create(grid.grcUrl() + "?xsd=doji-types.xsd")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(xsd.statusCode()).isEqualTo(200);
        assertThat(xsd.body()).contains("CoAllocationRequest", "ws-addr.xsd");
        String services = grid.grcUrl().replace("/grc", "");
        HttpResponse<String> listing = http.send(HttpRequest.newBuilder(URI.create(services)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(listing.statusCode()).isEqualTo(200);
        assertThat(listing.body()).contains("GrcPort");
        String rmUrl = grid.rmUrls().get("crm-a");
        HttpResponse<String> rmWsdl = http.send(HttpRequest.newBuilder(URI.create(rmUrl + "?wsdl")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(rmWsdl.body()).contains("RmService", "reserveCommit");
    }

    @Test
    void dryRunPlansWithoutReservingAndMetricsAndHealthAreExposed() throws Exception {
        Map<String, Long> before = rmRowCounts();
        var result = grc().plan(request(tomorrow(6), tomorrow(7), 8, 8, 500), 3);
        assertThat(result.getPlan()).isNotEmpty().hasSizeLessThanOrEqualTo(3);
        assertThat(result.getPlan().get(0).getRank()).isEqualTo(1);
        assertThat(result.getPlan()).extracting(p -> p.getCost()).isSorted();
        assertThat(rmRowCounts()).isEqualTo(before);

        HttpClient http = HttpClient.newHttpClient();
        String base = grid.grcUrl().replace("/services/grc", "");
        HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create(base + "/actuator/health")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("\"status\":\"UP\"");
        HttpResponse<String> planTime = http.send(HttpRequest.newBuilder(
                URI.create(base + "/actuator/metrics/doji.grc.plan.time")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(planTime.statusCode()).isEqualTo(200);
        assertThat(planTime.body()).contains("\"COUNT\"");
    }

    private static Map<String, Long> rmRowCounts() {
        Map<String, Long> counts = new java.util.TreeMap<>();
        for (String id : grid.rmIds()) {
            counts.put(id, grid.rm(id).getBean(ReservationRepository.class).count());
        }
        return counts;
    }
}
