package org.doji.it.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.AddressingFeature;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.grc.Cancel;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.CoAllocationSummary;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.PlannedSite;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.contract.types.TimeWindow;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.grc.registry.RmRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.chrome.ChromeDriver;
import org.doji.it.CoAllocationDocuments;

/**
 * The dashboard as an operator sees it: the demo grid (a GRC and six simulated RMs on random loopback
 * ports), co-allocations made over SOAP (reserved, cancelled, failed), and the page loaded in headless
 * Chromium. Its content is checked against the GRC's own answers (SOAP list, the registry), its WSDL links
 * are followed, and a screenshot is saved to target/dashboard.png.
 */
class DashboardIT {

    private static final String HOSTILE = "<img src=x onerror=\"document.title='owned'\"> & <b>not bold</b>";

    private static LocalGrid grid;
    private static String reserved;
    private static String crossDomain;
    private static String cancelled;
    private static String failed;
    private static String shortOne;

    @BeforeAll
    static void startGridAndBook() throws Exception {
        grid = LocalGrid.start(GridTopology.demo(), 0, "mem", Map.of(),
                Map.of("doji.grc.slots", "4", "doji.dashboard.refresh", "PT1S", "doji.grc.health-interval", "PT1S"));
        Instant base = Instant.now().truncatedTo(ChronoUnit.HOURS);
        reserved = create(request(base, 2, 5, "EAST1", 4, "EAST2", 8, 1000, "nightly build"));
        crossDomain = create(request(base, 4, 9, "EAST2", 8, "WEST2", 16, 2000, "cross-domain run"));
        cancelled = create(request(base, 10, 12, "WEST1", 4, "WEST2", 4, 500, "to be cancelled"));
        failed = create(request(base, 6, 8, "WEST1", 400, "EAST1", 2, 100, HOSTILE));
        // 45 minutes: a bar too short for a label inside it
        CoAllocationRequest brief = request(base, 13, 14, "EAST1", 2, "WEST1", 2, 100, "short");
        brief.getTime().getFixed().setEnd(base.plus(13 * 60 + 45, ChronoUnit.MINUTES));
        shortOne = create(brief);
        for (String key : List.of(reserved, crossDomain, cancelled, shortOne)) {
            assertThat(awaitSettled(key).getState()).as(key).isEqualTo(CoAllocationState.RESERVED);
        }
        assertThat(awaitSettled(failed).getState()).isEqualTo(CoAllocationState.FAILED);
        Cancel cancel = new Cancel();
        cancel.setCorrelationId(UUID.randomUUID().toString());
        assertThat(at(cancelled).cancel(cancel).getCoAllocationDocument().getState()).isEqualTo(CoAllocationState.CANCELLED);
    }

    @AfterAll
    static void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    @Test
    void showsTheGrcsCoAllocationsResourcesHealthAndServices() throws Exception {
        String base = grid.grcUrl().substring(0, grid.grcUrl().indexOf("/services/"));
        try (HeadlessChromium chromium = HeadlessChromium.startOrSkip()) {
            ChromeDriver page = chromium.driver();
            page.get(base + "/");
            assertThat(page.getCurrentUrl()).isEqualTo(base + "/dashboard/");
            int listedCount = listed().size();
            PageSnapshot shown = await().atMost(Duration.ofSeconds(60)).until(() -> snapshot(chromium),
                    p -> p.rendered() > 0 && p.list("coAllocations").size() == listedCount
                            && p.strings("health").stream().allMatch(h -> h.endsWith(" up")));

            // every co-allocation the GRC lists, with its state
            Map<String, String> expected = listed().stream()
                    .collect(Collectors.toMap(CoAllocationSummary::getKey, s -> s.getState().value()));
            assertThat(expected).containsOnlyKeys(reserved, crossDomain, cancelled, failed, shortOne);
            assertThat(shown.list("coAllocations").stream().collect(Collectors.toMap(r -> (String) r.get("key"),
                    r -> (String) r.get("state")))).isEqualTo(expected);
            shown.list("coAllocations").forEach(r -> assertThat(r.get("keyText")).isEqualTo(r.get("key")));
            assertThat(shown.coAllocation(failed).get("reason")).isEqualTo(document(failed).getReason());
            assertThat(shown.coAllocation(reserved).get("rms")).asList()
                    .containsExactlyInAnyOrderElementsOf(document(reserved).getRm().stream().map(o -> o.getRmId()).toList());

            // nothing in the table is cut off (the long failure reason wraps inside its column)
            assertThat(shown.strings("clippedCells")).isEmpty();
            // a committed part reads "reserved" (its raw RM states, ReserveStart · Created, are in the tooltip)
            assertThat(shown.coAllocation(reserved).get("chips")).asList().isNotEmpty().containsOnly("reserved");
            assertThat(shown.coAllocation(reserved).get("chipTitles")).asList()
                    .allSatisfy(t -> assertThat((String) t).startsWith("ReserveStart · Created"));

            // user text is shown as text, never run as markup
            assertThat(shown.coAllocation(failed).get("description")).isEqualTo(HOSTILE);
            assertThat(shown.raw().get("markupInTable")).isEqualTo(0L);
            assertThat(shown.title()).isEqualTo("Doji · GRC dashboard");

            // the resource graph and the timeline show every site the registry knows, and X1
            List<String> sites = grid.grc().getBean(RmRegistry.class).knownSites();
            assertThat(sites).containsExactlyInAnyOrder("EAST1", "EAST2", "WEST1", "WEST2");
            assertThat(shown.list("graphNodes")).extracting(n -> n.get("id") + " " + n.get("kind"))
                    .containsExactlyInAnyOrder("EAST1 site", "EAST2 site", "WEST1 site", "WEST2 site", "X1 exchange");
            for (String site : sites) {
                assertThat((String) shown.timelineRow("site:" + site).get("text")).startsWith(site);
            }
            assertThat(shown.strings("graphEdges")).contains("path:nrm-east:EAST1|EAST2", "path:nrm-east:EAST1|X1",
                    "path:nrm-west:WEST2|X1");

            // each reserved co-allocation has a bar on every site of its plan; the cancelled one has none
            for (String key : List.of(reserved, crossDomain)) {
                for (PlannedSite s : document(key).getPlan().getSite()) {
                    assertThat(shown.bars(shown.timelineRow("site:" + s.getSite()))).as(key + " on " + s.getSite())
                            .contains(key + " Reserved");
                }
            }
            assertThat(shown.list("timelineRows")).allSatisfy(r -> assertThat(shown.bars(r)).noneMatch(b -> b.startsWith(cancelled)));
            // every bar is labelled, the short one too (beside it)
            assertThat(shown.list("timelineRows")).allSatisfy(r -> assertThat(shown.strings(r, "barLabels"))
                    .allSatisfy(l -> assertThat(l.substring(l.indexOf(' ') + 1)).as(l).isNotBlank()));
            assertThat(shown.strings(shown.timelineRow("site:EAST1"), "barLabels")).anyMatch(l -> l.startsWith(shortOne + " "
                    + shortOne.substring(0, 3)));
            // the timeline opens an hour before now, not on hours of empty past: "now" is near its left edge
            double nowX = ((Number) shown.raw().get("nowX")).doubleValue();
            double width = ((Number) shown.raw().get("timelineWidth")).doubleValue();
            assertThat(nowX).isPositive().isLessThan(190 + 0.15 * (width - 190));
            // the graph says what its core numbers are
            assertThat(shown.list("graphNodes")).filteredOn(n -> "site".equals(n.get("kind")))
                    .allSatisfy(n -> assertThat((String) n.get("text")).containsPattern("\\d+ of \\d+ cores in use now"));
            // the cross-domain link runs over both domains' paths through X1
            assertThat(shown.bars(shown.timelineRow("path:nrm-east:EAST2|X1"))).contains(crossDomain + " Reserved");
            assertThat(shown.bars(shown.timelineRow("path:nrm-west:WEST2|X1"))).contains(crossDomain + " Reserved");

            // RM health: every registered RM answers
            assertThat(shown.strings("health")).containsExactlyElementsOf(grid.rmIds().stream().map(id -> id + " up").toList());

            // every service's WSDL link resolves, the GRC's own RM port too
            List<String> wsdls = shown.strings("wsdl");
            assertThat(wsdls).hasSize(2 + grid.rmIds().size()).contains(grid.grcUrl() + "?wsdl",
                    grid.grcUrl().replace("/services/grc", "/services/rm") + "?wsdl");
            grid.rmUrls().values().forEach(u -> assertThat(wsdls).contains(u + "?wsdl"));
            HttpClient http = HttpClient.newHttpClient();
            for (String wsdl : wsdls) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(wsdl)).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(wsdl).isEqualTo(200);
                assertThat(r.body()).as(wsdl).contains("definitions");
            }

            chromium.fullPageScreenshot(Path.of(System.getProperty("basedir", "."), "target", "dashboard.png"));
        }
    }

    @Test
    void nothingInTheCoAllocationsTableIsCutOffInALaptopSizedWindow() throws Exception {
        String base = grid.grcUrl().substring(0, grid.grcUrl().indexOf("/services/"));
        try (HeadlessChromium chromium = HeadlessChromium.startOrSkip()) {
            ChromeDriver page = chromium.driver();
            page.manage().window().setSize(new org.openqa.selenium.Dimension(1024, 900));
            page.get(base + "/dashboard/");
            int listedCount = listed().size();
            PageSnapshot shown = await().atMost(Duration.ofSeconds(60)).until(() -> snapshot(chromium),
                    p -> p.rendered() > 0 && p.list("coAllocations").size() == listedCount);
            // the long failure reason wraps inside its column instead of running off the panel's right edge
            assertThat(shown.strings("clippedCells")).isEmpty();
            assertThat(shown.coAllocation(failed).get("reason")).isEqualTo(document(failed).getReason());
        }
    }

    @SuppressWarnings("unchecked")
    private static PageSnapshot snapshot(HeadlessChromium chromium) {
        return new PageSnapshot((Map<String, Object>) chromium.script(PageSnapshot.SCRIPT));
    }

    private static List<CoAllocationSummary> listed() throws Exception {
        return grc().list(List.of(), null, null, null).getCoAllocation();
    }

    private static GrcPortType grc() {
        GrcPortType port = new GrcService().getGrcPort(new AddressingFeature());
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, grid.grcUrl());
        return port;
    }

    private static GrcPortType at(String key) {
        GrcPortType port = grc();
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, grid.grcUrl() + "?res=" + key);
        return port;
    }

    private static CoAllocationDocument document(String key) throws Exception {
        return CoAllocationDocuments.of(at(key));
    }

    private static CoAllocationDocument awaitSettled(String key) throws Exception {
        await().atMost(Duration.ofSeconds(60)).until(() -> document(key).getState(),
                org.doji.it.faults.GrcClient::isFinal);
        return document(key);
    }

    private static String create(CoAllocationRequest request) throws Exception {
        EndpointReferenceType epr = grc().createCoAllocation(UUID.randomUUID().toString(), request, null, null);
        return org.doji.rm.soap.ResourceReferences.keyOf(epr);
    }

    /** Two pinned sites and a link between them, from {@code base} + fromHour to {@code base} + toHour. */
    private static CoAllocationRequest request(Instant base, int fromHour, int toHour, String siteA, int coresA,
                                               String siteB, int coresB, int mbps, String description) {
        CoAllocationRequest r = new CoAllocationRequest();
        r.getSite().add(site("a", siteA, coresA));
        r.getSite().add(site("b", siteB, coresB));
        LinkRequest l = new LinkRequest();
        l.setFrom("a");
        l.setTo("b");
        l.setBandwidthMbps(mbps);
        r.getLink().add(l);
        TimeWindow w = new TimeWindow();
        w.setStart(base.plus(fromHour, ChronoUnit.HOURS));
        w.setEnd(base.plus(toHour, ChronoUnit.HOURS));
        TimeConstraint t = new TimeConstraint();
        t.setFixed(w);
        r.setTime(t);
        r.setDescription(description);
        return r;
    }

    private static SiteRequest site(String id, String pinned, int cores) {
        SiteRequest s = new SiteRequest();
        s.setId(id);
        s.setCores(cores);
        s.getCandidate().add(org.doji.it.Requests.candidate(pinned));
        return s;
    }
}
