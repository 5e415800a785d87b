package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The OASIS WS-ResourceProperties 1.2 and WS-ResourceLifetime 1.2 operations as a generic WS-RF client sends them:
 * raw SOAP over HTTP, the OASIS namespace and element names, the standard {@code wsa:Action} URIs, the resource
 * addressed by its EPR. Run against a co-allocation at the GRC's user port AND a reservation at an RM port.
 */
class WsrfResourcePropertiesIT {

    private static final String RP = "http://docs.oasis-open.org/wsrf/rp-2";
    private static final String RPW = "http://docs.oasis-open.org/wsrf/rpw-2";
    private static final String RL = "http://docs.oasis-open.org/wsrf/rl-2";
    private static final String DESTROY = "http://docs.oasis-open.org/wsrf/rlw-2/ImmediateResourceTermination/DestroyRequest";
    private static final String SET_TERMINATION_TIME =
            "http://docs.oasis-open.org/wsrf/rlw-2/ScheduledResourceTermination/SetTerminationTimeRequest";
    private static final HttpClient http = HttpClient.newHttpClient();
    private static LocalGrid grid;
    private static String coAllocation;
    private static String reservation;

    /** One addressed resource: its EPR's address, the namespace of its document, and its state property. */
    record Resource(String name, String address, String stateProperty) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        grid = LocalGrid.start(GridTopology.builder().crm("crm-x", "X", "D", 1, 4, 1.0, Map.of()).build(),
                0, TestDatabase.grid("mem"), Map.of(), Map.of());
        coAllocation = createCoAllocation(2);
        reservation = first(property(resources().get(0), "t:rm").body(), "reservationKey=\"([^\"]+)\"");
    }

    /** A one-site co-allocation two days ahead, through raw SOAP; returns its key once it is Reserved. */
    private static String createCoAllocation(int days) throws Exception {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(days, ChronoUnit.DAYS);
        String create = envelope("http://doji.org/ns/2026/grc/createCoAllocation", grid.grcUrl(),
                "<g:createCoAllocation xmlns:g=\"http://doji.org/ns/2026/grc\" xmlns:t=\"http://doji.org/ns/2026/types\">"
                + "<g:correlationId>c-" + UUID.randomUUID() + "</g:correlationId><g:request><t:site id=\"a\" cores=\"2\"/>"
                + "<t:time><t:fixed><t:start>" + start + "</t:start><t:end>" + start.plus(1, ChronoUnit.HOURS)
                + "</t:end></t:fixed></t:time></g:request></g:createCoAllocation>");
        String key = first(post(grid.grcUrl(), "http://doji.org/ns/2026/grc/createCoAllocation", create).body(),
                "ResourceKey[^>]*>([^<]+)<");
        Resource r = new Resource("co-allocation", grid.grcUrl() + "?res=" + key, "t:state");
        await().atMost(Duration.ofSeconds(60)).until(() -> state(r).equals("Reserved"));
        return key;
    }

    @AfterAll
    static void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    static List<Resource> resources() {
        return List.of(new Resource("co-allocation at the GRC", grid.grcUrl() + "?res=" + coAllocation, "t:state"),
                new Resource("reservation at an RM", grid.rmUrls().get("crm-x") + "?res=" + reservation, "t:reservationState"));
    }

    private static String envelope(String action, String to, String body) {
        return "<?xml version=\"1.0\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" "
                + "xmlns:wsa=\"http://www.w3.org/2005/08/addressing\" xmlns:wsrf-rp=\"" + RP + "\" xmlns:wsrf-rl=\"" + RL + "\" "
                + "xmlns:t=\"http://doji.org/ns/2026/types\"><soap:Header><wsa:Action>" + action + "</wsa:Action>"
                + "<wsa:To>" + to + "</wsa:To><wsa:MessageID>urn:uuid:" + UUID.randomUUID() + "</wsa:MessageID>"
                + "</soap:Header><soap:Body>" + body + "</soap:Body></soap:Envelope>";
    }

    private static HttpResponse<String> post(String address, String action, String envelope) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(address)).header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"" + action + "\"").POST(HttpRequest.BodyPublishers.ofString(envelope)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> call(Resource r, String operation, String body) throws Exception {
        String action = RPW + "/" + operation + "/" + operation + "Request";
        return post(r.address(), action, envelope(action, r.address(), body));
    }

    private static HttpResponse<String> property(Resource r, String qname) throws Exception {
        return call(r, "GetResourceProperty", "<wsrf-rp:GetResourceProperty>" + qname + "</wsrf-rp:GetResourceProperty>");
    }

    private static String state(Resource r) throws Exception {
        return first(property(r, r.stateProperty()).body(), "(?:state|reservationState)[^>]*>([A-Za-z]+)</");
    }

    private static String first(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return m.group(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("resources")
    void getResourcePropertyByQNameWithTheStandardAction(Resource r) throws Exception {
        HttpResponse<String> answer = property(r, r.stateProperty());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        assertThat(answer.body()).contains("GetResourcePropertyResponse", RP)
                .contains(RPW + "/GetResourceProperty/GetResourcePropertyResponse") // the standard output action
                .containsPattern("(state|reservationState)[^>]*>(Reserved|ReserveStart)</");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("resources")
    void theWholeDocumentAndSeveralProperties(Resource r) throws Exception {
        HttpResponse<String> document = call(r, "GetResourcePropertyDocument", "<wsrf-rp:GetResourcePropertyDocument/>");
        assertThat(document.statusCode()).as(document.body()).isEqualTo(200);
        assertThat(document.body()).contains("GetResourcePropertyDocumentResponse")
                .containsPattern("<(\\w+:)?(CoAllocationDocument|ReservationDocument)[ >]");
        HttpResponse<String> several = call(r, "GetMultipleResourceProperties", "<wsrf-rp:GetMultipleResourceProperties>"
                + "<wsrf-rp:ResourceProperty>t:key</wsrf-rp:ResourceProperty><wsrf-rp:ResourceProperty>"
                + r.stateProperty() + "</wsrf-rp:ResourceProperty></wsrf-rp:GetMultipleResourceProperties>");
        assertThat(several.statusCode()).as(several.body()).isEqualTo(200);
        assertThat(several.body()).containsPattern("key[^>]*>" + (r.address().contains("?res=co-") ? coAllocation : reservation) + "</");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("resources")
    void anXPathQuery(Resource r) throws Exception {
        String dialect = "http://www.w3.org/TR/1999/REC-xpath-19991116";
        HttpResponse<String> nodes = call(r, "QueryResourceProperties", "<wsrf-rp:QueryResourceProperties>"
                + "<wsrf-rp:QueryExpression Dialect=\"" + dialect + "\">/*/" + r.stateProperty()
                + "</wsrf-rp:QueryExpression></wsrf-rp:QueryResourceProperties>");
        assertThat(nodes.statusCode()).as(nodes.body()).isEqualTo(200);
        assertThat(nodes.body()).contains("QueryResourcePropertiesResponse").containsPattern("(state|reservationState)[^>]*>");
        HttpResponse<String> count = call(r, "QueryResourceProperties", "<wsrf-rp:QueryResourceProperties>"
                + "<wsrf-rp:QueryExpression Dialect=\"" + dialect + "\">count(/*/*[local-name()='key'])"
                + "</wsrf-rp:QueryExpression></wsrf-rp:QueryResourceProperties>");
        assertThat(count.body()).as(count.body()).containsPattern("QueryResourcePropertiesResponse[^>]*>1<");
        HttpResponse<String> otherDialect = call(r, "QueryResourceProperties", "<wsrf-rp:QueryResourceProperties>"
                + "<wsrf-rp:QueryExpression Dialect=\"urn:sql\">select *</wsrf-rp:QueryExpression></wsrf-rp:QueryResourceProperties>");
        assertThat(otherDialect.body()).as(otherDialect.body()).contains("UnknownQueryExpressionDialectFault", "soap:Client");
        HttpResponse<String> broken = call(r, "QueryResourceProperties", "<wsrf-rp:QueryResourceProperties>"
                + "<wsrf-rp:QueryExpression Dialect=\"" + dialect + "\">/*[</wsrf-rp:QueryExpression></wsrf-rp:QueryResourceProperties>");
        assertThat(broken.body()).as(broken.body()).contains("InvalidQueryExpressionFault", "soap:Client");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("resources")
    void theOasisFaults(Resource r) throws Exception {
        HttpResponse<String> unknownProperty = property(r, "t:noSuchProperty");
        assertThat(unknownProperty.statusCode()).isEqualTo(500);
        assertThat(unknownProperty.body()).as(unknownProperty.body())
                .contains("InvalidResourcePropertyQNameFault", "soap:Client", "Timestamp", "UNKNOWN_RESOURCE_PROPERTY");
        Resource gone = new Resource(r.name(), r.address().replaceAll("res=[A-Za-z0-9-]+", "res=x-unknown"), r.stateProperty());
        HttpResponse<String> unknownResource = property(gone, r.stateProperty());
        assertThat(unknownResource.statusCode()).isEqualTo(500);
        assertThat(unknownResource.body()).as(unknownResource.body())
                .contains("ResourceUnknownFault", "http://docs.oasis-open.org/wsrf/r-2", "soap:Client")
                .doesNotContain("java.", "Exception");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("resources")
    void currentTimeAndTerminationTimeAreResourceProperties(Resource r) throws Exception {
        HttpResponse<String> answer = call(r, "GetMultipleResourceProperties", "<wsrf-rp:GetMultipleResourceProperties>"
                + "<wsrf-rp:ResourceProperty>wsrf-rl:CurrentTime</wsrf-rp:ResourceProperty>"
                + "<wsrf-rp:ResourceProperty>wsrf-rl:TerminationTime</wsrf-rp:ResourceProperty>"
                + "</wsrf-rp:GetMultipleResourceProperties>");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        Instant current = Instant.parse(first(answer.body(), "CurrentTime[^>]*>([^<]+)</"));
        assertThat(current).isBetween(Instant.now().minusSeconds(60), Instant.now().plusSeconds(60));
        assertThat(answer.body()).containsPattern("TerminationTime[^>]*(nil=\"true\"|>[0-9T:.Z-]+</)");
    }

    @Test
    void setTerminationTimeOfAReservationAsTimeOrLifetime() throws Exception {
        Resource r = resources().get(1);
        Instant end = Instant.parse(first(property(r, "t:spec").body(), "<(?:\\w+:)?end>([^<]+)</"));
        Instant wanted = end.plus(3, ChronoUnit.DAYS);
        HttpResponse<String> set = post(r.address(), SET_TERMINATION_TIME, envelope(SET_TERMINATION_TIME, r.address(),
                "<wsrf-rl:SetTerminationTime><wsrf-rl:RequestedTerminationTime>" + wanted
                        + "</wsrf-rl:RequestedTerminationTime></wsrf-rl:SetTerminationTime>"));
        assertThat(set.statusCode()).as(set.body()).isEqualTo(200);
        assertThat(set.body()).contains("SetTerminationTimeResponse", RL,
                "http://docs.oasis-open.org/wsrf/rlw-2/ScheduledResourceTermination/SetTerminationTimeResponse");
        assertThat(Instant.parse(first(set.body(), "NewTerminationTime[^>]*>([^<]+)</"))).isEqualTo(wanted);
        assertThat(Instant.parse(first(property(r, "wsrf-rl:TerminationTime").body(), "TerminationTime[^>]*>([^<]+)</")))
                .isEqualTo(wanted);

        HttpResponse<String> lifetime = post(r.address(), SET_TERMINATION_TIME, envelope(SET_TERMINATION_TIME,
                r.address(), "<wsrf-rl:SetTerminationTime><wsrf-rl:RequestedLifetimeDuration>P30D"
                        + "</wsrf-rl:RequestedLifetimeDuration></wsrf-rl:SetTerminationTime>"));
        assertThat(lifetime.statusCode()).as(lifetime.body()).isEqualTo(200);
        Instant now = Instant.parse(first(lifetime.body(), "CurrentTime[^>]*>([^<]+)</"));
        assertThat(Instant.parse(first(lifetime.body(), "NewTerminationTime[^>]*>([^<]+)</")))
                .isEqualTo(now.plus(30, ChronoUnit.DAYS));

        // before the reservation ends: the service's policy refuses it with WS-ResourceLifetime's fault
        HttpResponse<String> early = post(r.address(), SET_TERMINATION_TIME, envelope(SET_TERMINATION_TIME, r.address(),
                "<wsrf-rl:SetTerminationTime><wsrf-rl:RequestedTerminationTime>" + end.minus(1, ChronoUnit.MINUTES)
                        + "</wsrf-rl:RequestedTerminationTime></wsrf-rl:SetTerminationTime>"));
        assertThat(early.statusCode()).isEqualTo(500);
        assertThat(early.body()).as(early.body()).contains("TerminationTimeChangeRejectedFault", RL, "soap:Client",
                "TERMINATION_BEFORE_END");
        HttpResponse<String> nil = post(r.address(), SET_TERMINATION_TIME, envelope(SET_TERMINATION_TIME, r.address(),
                "<wsrf-rl:SetTerminationTime><wsrf-rl:RequestedTerminationTime xsi:nil=\"true\" xmlns:xsi=\""
                        + "http://www.w3.org/2001/XMLSchema-instance\"/></wsrf-rl:SetTerminationTime>"));
        assertThat(nil.statusCode()).as(nil.body()).isEqualTo(200);
        assertThat(nil.body()).containsPattern("NewTerminationTime[^>]*nil=\"true\"");
    }

    @Test
    void aCoAllocationThatHasNotEndedCanBeNeitherDestroyedNorGivenAnEarlierTerminationTimeAndACancelledOneCan() throws Exception {
        String key = createCoAllocation(3);
        Resource co = new Resource("co-allocation", grid.grcUrl() + "?res=" + key, "t:state");
        HttpResponse<String> refused = post(co.address(), DESTROY, envelope(DESTROY, co.address(), "<wsrf-rl:Destroy/>"));
        assertThat(refused.statusCode()).isEqualTo(500);
        assertThat(refused.body()).as(refused.body()).contains("ResourceNotDestroyedFault", RL, "soap:Client");
        assertThat(state(co)).isEqualTo("Reserved");
        HttpResponse<String> early = post(co.address(), SET_TERMINATION_TIME, envelope(SET_TERMINATION_TIME,
                co.address(), "<wsrf-rl:SetTerminationTime><wsrf-rl:RequestedLifetimeDuration>PT1H"
                        + "</wsrf-rl:RequestedLifetimeDuration></wsrf-rl:SetTerminationTime>"));
        assertThat(early.body()).as(early.body()).contains("TerminationTimeChangeRejectedFault", "TERMINATION_BEFORE_END");

        String cancel = envelope("http://doji.org/ns/2026/grc/cancel", co.address(), "<g:cancel xmlns:g=\""
                + "http://doji.org/ns/2026/grc\"><g:correlationId>c-" + UUID.randomUUID() + "</g:correlationId></g:cancel>");
        assertThat(post(co.address(), "http://doji.org/ns/2026/grc/cancel", cancel).statusCode()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(60)).until(() -> state(co).equals("Cancelled"));
        // an ended co-allocation may be given any termination time
        Instant soon = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
        HttpResponse<String> scheduled = post(co.address(), SET_TERMINATION_TIME, envelope(SET_TERMINATION_TIME,
                co.address(), "<wsrf-rl:SetTerminationTime><wsrf-rl:RequestedTerminationTime>" + soon
                        + "</wsrf-rl:RequestedTerminationTime></wsrf-rl:SetTerminationTime>"));
        assertThat(scheduled.statusCode()).as(scheduled.body()).isEqualTo(200);
        assertThat(Instant.parse(first(property(co, "wsrf-rl:TerminationTime").body(), "TerminationTime[^>]*>([^<]+)</")))
                .isEqualTo(soon);
        HttpResponse<String> destroyed = post(co.address(), DESTROY, envelope(DESTROY, co.address(), "<wsrf-rl:Destroy/>"));
        assertThat(destroyed.statusCode()).as(destroyed.body()).isEqualTo(200);
        assertThat(destroyed.body()).contains("DestroyResponse", RL,
                "http://docs.oasis-open.org/wsrf/rlw-2/ImmediateResourceTermination/DestroyResponse");
        HttpResponse<String> gone = property(co, "t:state");
        assertThat(gone.body()).as(gone.body()).contains("ResourceUnknownFault");
        HttpResponse<String> again = post(co.address(), DESTROY, envelope(DESTROY, co.address(), "<wsrf-rl:Destroy/>"));
        assertThat(again.body()).as(again.body()).contains("ResourceUnknownFault", "soap:Client");
    }
}
