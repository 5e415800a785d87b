package org.doji.rm.soap;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.doji.rm.app.RmApplication;
import org.doji.rm.persistence.IdempotencyRepository;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.testing.LogCapture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Bad and hostile messages at the RM port, sent raw over HTTP as an attacker would: each gets the contract's typed
 * InvalidRequestFault with an error code saying what was wrong, and nothing is stored. (The RM port is published
 * like every Doji port, by {@link SoapPortPublisher}.)
 */
@SpringBootTest(classes = RmApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "doji.rm.id=crm-hostile",
        "spring.datasource.url=jdbc:h2:mem:crm-hostile;DB_CLOSE_DELAY=-1",
        "doji.rm.simulated.sites[0].name=siteA",
        "doji.rm.simulated.sites[0].nodes=4",
        "doji.rm.simulated.sites[0].cores-per-node=8",
        "doji.rm.simulated.sites[0].unit-price=2.0"})
class RmHostileInputTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @LocalServerPort
    int port;
    @Autowired
    ReservationRepository reservations;
    @Autowired
    IdempotencyRepository answers;

    private long reservationsBefore;
    private long answersBefore;

    @BeforeEach
    void count() {
        reservationsBefore = reservations.count();
        answersBefore = answers.count();
    }

    @AfterEach
    void nothingStored() {
        assertThat(reservations.count()).isEqualTo(reservationsBefore);
        assertThat(answers.count()).isEqualTo(answersBefore);
    }

    private static String reserve(String cores, String more) {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(2, ChronoUnit.DAYS);
        return "<?xml version=\"1.0\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" "
                + "xmlns:rm=\"http://doji.org/ns/2026/rm\" xmlns:t=\"http://doji.org/ns/2026/types\"><soap:Body>"
                + "<rm:reserve><rm:correlationId>c-" + UUID.randomUUID() + "</rm:correlationId><rm:spec>"
                + "<t:window><t:start>" + start + "</t:start><t:end>" + start.plus(1, ChronoUnit.HOURS) + "</t:end></t:window>"
                + "<t:compute site=\"siteA\" cores=\"" + cores + "\"/>" + more + "<t:globalId>Doji</t:globalId>"
                + "</rm:spec></rm:reserve></soap:Body></soap:Envelope>";
    }

    private HttpResponse<String> post(String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/services/rm"))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"http://doji.org/ns/2026/rm/reserve\"")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertTypedFault(HttpResponse<String> response, String errorCode) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(500);
        assertThat(response.body()).as(response.body())
                .contains("InvalidRequestFault", "ErrorCode dialect=\"http://doji.org/ns/2026/errors\">" + errorCode + "</", "soap:Client")
                .doesNotContain("at org.", "Exception:");
    }

    @Test
    void aValidRawRequestIsAnswered() throws Exception {
        HttpResponse<String> ok = post(reserve("2", ""));
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
        assertThat(ok.body()).contains("reserveResponse");
        reservationsBefore++;
        answersBefore++;
    }

    @Test
    void malformedXml() throws Exception {
        assertTypedFault(post(reserve("2", "").replace("</rm:spec>", "</rm:spc>")), "MALFORMED_XML");
    }

    @Test
    void schemaViolations() throws Exception {
        assertTypedFault(post(reserve("-4", "")), "SCHEMA_VIOLATION");
        assertTypedFault(post(reserve("2", "<t:unexpected/>")), "SCHEMA_VIOLATION");
    }

    @Test
    void entityExpansionIsRefused() throws Exception {
        String laughs = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
                + "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
                + "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">]>"
                + reserve("2", "").replace("<?xml version=\"1.0\"?>", "").replace("Doji", "&lol3;");
        assertTypedFault(post(laughs), "DTD_NOT_ALLOWED");
    }

    @Test
    void oversizedAndDeepMessagesAreRefusedByTheParser() throws Exception {
        assertTypedFault(post(reserve("2", "<t:user>" + "x".repeat(2_000_000) + "</t:user>")), "MESSAGE_TOO_LARGE");
        // nested in a header, which is read whole before the body's schema could refuse it
        String deep = "<soap:Header>" + "<t:x>".repeat(200) + "</t:x>".repeat(200) + "</soap:Header><soap:Body>";
        assertTypedFault(post(reserve("2", "").replace("<soap:Body>", deep)), "MESSAGE_TOO_LARGE");
    }

    private HttpResponse<String> post(String contentType, String soapAction, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/services/rm"))
                .header("Content-Type", contentType);
        if (soapAction != null) {
            b.header("SOAPAction", soapAction);
        }
        return HTTP.send(b.POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * What the sender got wrong about the envelope or the action is the sender's fault, not the server's: a client
     * fault code (Client, or VersionMismatch for a SOAP 1.2 envelope at the SOAP 1.1 address), no internal error, one
     * WARN line and no stack trace in the log.
     */
    @Test
    void envelopesAndActionsTheCallerGotWrongAreClientFaultsLoggedAsOneWarnLine() throws Exception {
        String soap12 = reserve("2", "").replace("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope");
        String destroy = "\"http://docs.oasis-open.org/wsrf/rlw-2/ImmediateResourceTermination/DestroyRequest\"";
        java.util.List<Throwable> failures = new java.util.ArrayList<>();
        record Case(String name, String contentType, String action, String body) { }
        for (Case c : java.util.List.of(
                new Case("SOAP 1.2 envelope at the SOAP 1.1 address", "text/xml; charset=UTF-8", "\"http://doji.org/ns/2026/rm/reserve\"", soap12),
                new Case("SOAP 1.2 envelope and content type at the SOAP 1.1 address",
                        "application/soap+xml; charset=UTF-8; action=\"http://doji.org/ns/2026/rm/reserve\"", null, soap12),
                new Case("unknown SOAPAction", "text/xml; charset=UTF-8", "\"urn:bogus\"", reserve("2", "")),
                new Case("unquoted unknown SOAPAction", "text/xml; charset=UTF-8", "urn:bogus", reserve("2", "")),
                new Case("Destroy's SOAPAction on a reserve body", "text/xml; charset=UTF-8", destroy, reserve("2", "")),
                new Case("cancel's SOAPAction on a reserve body", "text/xml; charset=UTF-8", "\"http://doji.org/ns/2026/rm/cancel\"",
                        reserve("2", "")),
                // found by the fuzzer (SoapFuzzIT)
                new Case("multipart without its boundary", "multipart/related", "\"http://doji.org/ns/2026/rm/reserve\"",
                        reserve("2", "")),
                new Case("multipart with an empty body", "multipart/related", "\"http://doji.org/ns/2026/rm/reserveAbort\"", ""),
                new Case("multipart with a boundary and a body that has none", "multipart/related; boundary=b1",
                        "\"http://doji.org/ns/2026/rm/reserve\"", reserve("2", "")),
                new Case("a character set nobody knows", "text/xml; charset=EBCDIC-bogus",
                        "\"http://doji.org/ns/2026/rm/reserve\"", reserve("2", "")),
                new Case("a header it must understand", "text/xml; charset=UTF-8", "\"http://doji.org/ns/2026/rm/reserve\"",
                        reserve("2", "").replace("<soap:Body>", "<soap:Header><ev:x xmlns:ev=\"urn:evil\" "
                                + "soap:mustUnderstand=\"1\"/></soap:Header><soap:Body>")),
                new Case("no SOAP envelope", "text/xml; charset=UTF-8", "\"http://doji.org/ns/2026/rm/reserve\"",
                        reserve("2", "").replace("soap:Envelope", "soap:Envelopx")),
                new Case("no SOAP body", "text/xml; charset=UTF-8", "\"http://doji.org/ns/2026/rm/reserve\"",
                        reserve("2", "").replace("soap:Body", "soap:Bodx")),
                new Case("a header and no body", "text/xml; charset=UTF-8", "\"http://doji.org/ns/2026/rm/reserve\"",
                        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header/></soap:Envelope>"))) {
            var soft = new org.assertj.core.api.SoftAssertions();
            var logged = LogCapture.start();
            HttpResponse<String> response;
            try {
                response = post(c.contentType(), c.action(), c.body());
            } finally {
                logged.stop();
            }
            soft.assertThat(response.statusCode()).as(c.name() + ": " + response.body()).isIn(400, 415, 500);
            soft.assertThat(response.body()).as(c.name() + ": " + response.body())
                    .containsAnyOf(":Client</faultcode>", ":VersionMismatch</faultcode>", ":MustUnderstand</faultcode>", ":Sender<",
                            ":VersionMismatch<")
                    .doesNotContain("INTERNAL_ERROR", ":Server</faultcode>", "at org.", "Exception");
            soft.assertThat(logged.events()).as(c.name() + ": one WARN line, no stack trace")
                    .filteredOn(e -> e.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.WARN))
                    .singleElement().satisfies(e -> {
                        assertThat(e.getLevel()).isEqualTo(ch.qos.logback.classic.Level.WARN);
                        assertThat(e.getThrowableProxy()).isNull();
                    });
            failures.addAll(soft.errorsCollected());
        }
        assertThat(failures).isEmpty();
    }
}
