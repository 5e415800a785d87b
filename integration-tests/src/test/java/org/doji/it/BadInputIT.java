package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.xml.ws.BindingProvider;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.contract.InvalidRequestFault;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.contract.types.TimeWindow;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hostile and broken input at the GRC's SOAP port, sent as raw HTTP: each gets the typed
 * InvalidRequestFault with a clear error code, and nothing is stored.
 */
class BadInputIT {

    private static LocalGrid grid;
    private static final HttpClient http = HttpClient.newHttpClient();
    private long rowsBefore;

    @BeforeAll
    static void start() {
        grid = LocalGrid.start(GridTopology.builder().crm("crm-x", "X", "D", 1, 4, 1.0, Map.of()).build(),
                0, TestDatabase.grid("mem"), Map.of(), Map.of());
    }

    @AfterAll
    static void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    @BeforeEach
    void count() {
        rowsBefore = grid.grc().getBean(CoAllocationRepository.class).count();
    }

    @AfterEach
    void nothingStored() {
        assertThat(grid.grc().getBean(CoAllocationRepository.class).count()).isEqualTo(rowsBefore);
    }

    private static String envelope(String body) {
        return "<?xml version=\"1.0\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" "
                + "xmlns:g=\"http://doji.org/ns/2026/grc\" xmlns:t=\"http://doji.org/ns/2026/types\"><soap:Body>"
                + body + "</soap:Body></soap:Envelope>";
    }

    private static String create(String request) {
        return envelope("<g:createCoAllocation><g:correlationId>c-" + UUID.randomUUID() + "</g:correlationId>"
                + "<g:request>" + request + "</g:request></g:createCoAllocation>");
    }

    private static String validRequestBody(String cores) {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(2, ChronoUnit.DAYS);
        return "<t:site id=\"a\" cores=\"" + cores + "\"/><t:time><t:fixed><t:start>" + start + "</t:start><t:end>"
                + start.plus(1, ChronoUnit.HOURS) + "</t:end></t:fixed></t:time>";
    }

    private static HttpResponse<String> post(String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(grid.grcUrl()))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"http://doji.org/ns/2026/grc/createCoAllocation\"")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertTypedFault(HttpResponse<String> response, String errorCode) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(500);
        assertThat(response.body()).as(response.body())
                .contains("InvalidRequestFault", "<errorCode>" + errorCode + "</errorCode>", "faultcode");
    }

    @Test
    void validRawRequestIsAccepted() throws Exception {
        HttpResponse<String> ok = post(create(validRequestBody("2")));
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
        assertThat(ok.body()).contains("?res=co-");
        rowsBefore++;
    }

    @Test
    void malformedXml() throws Exception {
        assertTypedFault(post(create(validRequestBody("2")).replace("</g:request>", "</g:requst>")), "MALFORMED_XML");
    }

    @Test
    void schemaViolations() throws Exception {
        assertTypedFault(post(create(validRequestBody("-4"))), "SCHEMA_VIOLATION");
        assertTypedFault(post(create(validRequestBody("2") + "<t:unexpected/>")), "SCHEMA_VIOLATION");
        assertTypedFault(post(create(validRequestBody("2").replace("<t:site id=\"a\"", "<t:site id=\"no spaces allowed\""))),
                "SCHEMA_VIOLATION");
    }

    @Test
    void entityExpansionIsRefused() throws Exception {
        String laughs = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
                + "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
                + "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">]>"
                + create(validRequestBody("2")).replace("<?xml version=\"1.0\"?>", "").replace("Doji", "&lol3;");
        HttpResponse<String> response = post(laughs);
        assertTypedFault(response, "DTD_NOT_ALLOWED");
    }

    @Test
    void oversizedAndDeepMessages() throws Exception {
        String huge = "<t:description>" + "x".repeat(2_000_000) + "</t:description>";
        assertThat(post(create(validRequestBody("2") + huge)).body()).contains("InvalidRequestFault");
        String deep = "<t:x>".repeat(200) + "</t:x>".repeat(200);
        assertThat(post(create(validRequestBody("2") + deep)).body()).contains("InvalidRequestFault");
    }

    @Test
    void schemaViolationThroughTheGeneratedStubIsTheTypedException() {
        GrcPortType grc = new GrcService().getGrcPort();
        ((BindingProvider) grc).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, grid.grcUrl());
        CoAllocationRequest r = new CoAllocationRequest();
        SiteRequest s = new SiteRequest();
        s.setId("a");
        s.setCores(0);
        r.getSite().add(s);
        TimeWindow w = new TimeWindow();
        w.setStart(Instant.now().plus(1, ChronoUnit.DAYS));
        w.setEnd(Instant.now().plus(2, ChronoUnit.DAYS));
        TimeConstraint t = new TimeConstraint();
        t.setFixed(w);
        r.setTime(t);
        assertThatThrownBy(() -> grc.createCoAllocation("c-" + UUID.randomUUID(), r, null))
                .isInstanceOfSatisfying(InvalidRequestFault.class, f -> {
                    assertThat(f.getFaultInfo().getErrorCode()).isEqualTo("SCHEMA_VIOLATION");
                    assertThat(f.getFaultInfo().getDescription()).contains("'0'", "minInclusive", "Cores");
                });
    }
}
