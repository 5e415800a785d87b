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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;
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
import org.doji.rm.persistence.IdempotencyRepository;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.doji.rm.soap.BaseFaults;

/**
 * Hostile and broken input sent as raw HTTP, as an attacker would, to the GRC's user port AND to an RM port, case
 * for case: each gets the contract's typed InvalidRequestFault with a clear error code and the Client fault code,
 * shows nothing of the server's insides, and stores nothing.
 */
class BadInputIT {

    private static LocalGrid grid;
    private static final HttpClient http = HttpClient.newHttpClient();
    /** Everything logged while the grid runs (every service is in this JVM). */
    private static final ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> logged =
            new ch.qos.logback.core.read.ListAppender<>();

    /** One port under attack: how to address it, how to phrase its main request, and what it has stored. */
    record Port(String name, String url, String action, String namespaces, LongSupplier stored) {

        String envelope(String body) {
            return "<?xml version=\"1.0\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" "
                    + namespaces + "><soap:Body>" + body + "</soap:Body></soap:Envelope>";
        }

        /** The port's main request (create, reserve) for [start, end), with {@code more} inside the request. */
        String request(Instant start, Instant end, String cores, String more) {
            String id = "c-" + UUID.randomUUID();
            if (name.equals("grc")) {
                return envelope("<g:createCoAllocation><g:correlationId>" + id + "</g:correlationId><g:request>"
                        + "<t:site id=\"a\" cores=\"" + cores + "\"/>" + more + "<t:time><t:fixed><t:start>" + start
                        + "</t:start><t:end>" + end + "</t:end></t:fixed></t:time></g:request></g:createCoAllocation>");
            }
            return envelope("<rm:reserve><rm:correlationId>" + id + "</rm:correlationId><rm:spec><t:window><t:start>"
                    + start + "</t:start><t:end>" + end + "</t:end></t:window><t:compute site=\"X\" cores=\"" + cores
                    + "\"/>" + more + "</rm:spec></rm:reserve>");
        }

        String request(String cores, String more) {
            Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(2, ChronoUnit.DAYS);
            return request(start, start.plus(1, ChronoUnit.HOURS), cores, more);
        }

        /** One more repeated element than the schema allows where the request repeats one (sites, compute parts). */
        String repeated(int count) {
            String element = name.equals("grc") ? "<t:site id=\"s%d\" cores=\"1\"/>" : "<t:compute site=\"S%d\" cores=\"1\"/>";
            StringBuilder more = new StringBuilder();
            for (int i = 0; i < count; i++) {
                more.append(String.format(element, i));
            }
            return request("1", more.toString());
        }

        /** A request with free text for people (a description; an attribute's value at an RM). */
        String withText(String text) {
            return name.equals("grc") ? request("1", "").replace("</t:time>", "</t:time><t:description>" + text
                    + "</t:description>") : request("1", "").replace("cores=\"1\"/>",
                    "cores=\"1\"><t:requirement name=\"os\" value=\"" + text + "\"/></t:compute>");
        }

        /** An operation that addresses one resource, sent without the resource key. */
        String keyless() {
            return name.equals("grc")
                    ? envelope("<rp:GetResourcePropertyDocument xmlns:rp=\"http://docs.oasis-open.org/wsrf/rp-2\"/>")
                    : envelope("<rl:Destroy xmlns:rl=\"http://docs.oasis-open.org/wsrf/rl-2\"/>");
        }

        /** A request of the operations Doji's own namespace had until the OASIS ones replaced them. */
        String beforeOasis() {
            return name.equals("grc") ? envelope("<g:GetResourcePropertyDocument/>") : envelope("<rm:Destroy/>");
        }

        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    static void start() {
        grid = LocalGrid.start(GridTopology.builder().crm("crm-x", "X", "D", 1, 4, 1.0, Map.of()).build(),
                0, TestDatabase.grid("mem"), Map.of(), Map.of("doji.grc.notifications.consumers[0]", "http://127.0.0.1:"));
        // after the start: each Spring Boot application resets Logback's configuration as it starts
        var root = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        logged.start();
        root.addAppender(logged);
    }

    @AfterAll
    static void stop() {
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
                .detachAppender(logged);
        if (grid != null) {
            grid.close();
        }
    }

    static List<Port> ports() {
        var rm = grid.rm("crm-x");
        return List.of(
                new Port("grc", grid.grcUrl(), "http://doji.org/ns/2026/grc/createCoAllocation",
                        "xmlns:g=\"http://doji.org/ns/2026/grc\" xmlns:t=\"http://doji.org/ns/2026/types\"",
                        () -> grid.grc().getBean(CoAllocationRepository.class).count()),
                new Port("rm", grid.rmUrls().get("crm-x"), "http://doji.org/ns/2026/rm/reserve",
                        "xmlns:rm=\"http://doji.org/ns/2026/rm\" xmlns:t=\"http://doji.org/ns/2026/types\"",
                        () -> rm.getBean(ReservationRepository.class).count() + rm.getBean(IdempotencyRepository.class).count()));
    }

    private static HttpResponse<String> post(Port port, String action, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(port.url()))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"" + action + "\"")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Sends the message and checks it is refused as the caller's fault with {@code errorCode}, storing nothing. */
    private static String refused(Port port, String action, String body, String errorCode) throws Exception {
        long before = port.stored().getAsLong();
        int logLines = logLines().size();
        HttpResponse<String> response = post(port, action, body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(500);
        assertThat(response.body()).as(response.body())
                .contains("InvalidRequestFault", "ErrorCode dialect=\"http://doji.org/ns/2026/errors\">" + errorCode + "</", "<faultcode>soap:Client</faultcode>")
                .doesNotContain("java.", "Exception", "org.apache", "org.doji.rm", "org.doji.grc", "Marshalling Error");
        assertThat(response.body().length()).as("a refusal is short, whatever was sent").isLessThan(3_000);
        assertThat(port.stored().getAsLong()).as("nothing stored").isEqualTo(before);
        List<ch.qos.logback.classic.spi.ILoggingEvent> all = logLines();
        var lines = all.subList(logLines, all.size());
        assertThat(lines).as("a client's error is one WARN line, without a stack trace")
                .filteredOn(e -> e.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.WARN)
                        && e.getThreadName().contains("-exec-")) // the server's request threads, not background work
                .singleElement().satisfies(e -> {
                    assertThat(e.getLevel()).isEqualTo(ch.qos.logback.classic.Level.WARN);
                    assertThat(e.getThrowableProxy()).isNull();
                    assertThat(e.getFormattedMessage()).contains(errorCode).doesNotContain("\n");
                });
        return response.body();
    }

    /** A copy of what was logged so far (the appender appends under its own lock). */
    private static List<ch.qos.logback.classic.spi.ILoggingEvent> logLines() {
        synchronized (logged) {
            return List.copyOf(logged.list);
        }
    }

    private static String refused(Port port, String body, String errorCode) throws Exception {
        return refused(port, port.action(), body, errorCode);
    }

    /**
     * WS-BaseNotification's ports get the same treatment: Subscribe at the GRC port, Renew and Unsubscribe at the
     * subscription manager (published with the same limits): typed, the caller's fault, one WARN line, nothing stored.
     */
    @Test
    void subscribeAndTheSubscriptionManagerRefuseBadInputAlike() throws Exception {
        var subscriptions = grid.grc().getBean(org.doji.grc.persistence.SubscriptionRepository.class);
        String wsnt = "xmlns:wsnt=\"http://docs.oasis-open.org/wsn/b-2\" xmlns:wsa=\"http://www.w3.org/2005/08/addressing\"";
        String subscribe = "http://docs.oasis-open.org/wsn/bw-2/NotificationProducer/SubscribeRequest";
        Port grc = new Port("grc", grid.grcUrl(), subscribe, wsnt, subscriptions::count);
        String topic = "<wsnt:Filter><wsnt:TopicExpression Dialect=\"http://docs.oasis-open.org/wsn/t-1/TopicExpression/Simple\">"
                + "dt:%s</wsnt:TopicExpression></wsnt:Filter>";
        String valid = grc.envelope("<wsnt:Subscribe><wsnt:ConsumerReference><wsa:Address>http://127.0.0.1:9/c</wsa:Address>"
                + "</wsnt:ConsumerReference>" + topic.formatted("Reserved") + "</wsnt:Subscribe>");
        refused(grc, valid.replace("dt:Reserved", "dt:Re&#x1;served"), "ILLEGAL_CHARACTER");
        refused(grc, valid.replace("</wsnt:Subscribe>", "<wsnt:Unknown/></wsnt:Subscribe>")
                .replace("<wsnt:Filter>", "<wsnt:Filter><wsnt:Filter/>"), "SCHEMA_VIOLATION");
        refused(grc, valid.replace("dt:Reserved", "x".repeat(2_000_000)), "MESSAGE_TOO_LARGE");
        HttpResponse<String> tooLong = post(grc, subscribe, valid.replace("http://127.0.0.1:9/c",
                "http://127.0.0.1:9/" + "c".repeat(2_000)));
        assertThat(tooLong.body()).contains("SubscribeCreationFailedFault", "<faultcode>soap:Client</faultcode>",
                "CONSUMER_ADDRESS").doesNotContain("c".repeat(1_100), "java.", "Exception");
        assertThat(post(grc, subscribe, valid).statusCode()).as("a valid Subscribe is taken").isEqualTo(200);

        String renew = "http://docs.oasis-open.org/wsn/bw-2/SubscriptionManager/RenewRequest";
        String base = grid.grcUrl().substring(0, grid.grcUrl().lastIndexOf('/'));
        Port manager = new Port("subscriptions", base + "/subscriptions", renew, wsnt, subscriptions::count);
        refused(manager, "", manager.envelope(""), "EMPTY_BODY");
        refused(manager, manager.envelope("<wsnt:Renew><wsnt:TerminationTime>PT1H</wsnt:TerminationTime></wsnt:Renew>"),
                "NO_RESOURCE_KEY");
        refused(manager, manager.envelope("<wsnt:Renew><wsnt:TerminationTime>" + "x".repeat(2_000_000)
                + "</wsnt:TerminationTime></wsnt:Renew>"), "MESSAGE_TOO_LARGE");
        refused(manager, manager.envelope("<wsnt:Renew><wsnt:TerminationTime>PT1H</wsnt:TerminationTime></wsnt:Renew>")
                .replace("PT1H", "<!DOCTYPE x []>"), "MALFORMED_XML");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void aValidRawRequestIsAccepted(Port port) throws Exception {
        HttpResponse<String> ok = post(port, port.action(), port.request("2", ""));
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
        assertThat(ok.body()).contains("ResourceKey");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void malformedXml(Port port) throws Exception {
        refused(port, port.request("2", "").replace("</t:start>", "</t:strat>"), "MALFORMED_XML");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void schemaViolations(Port port) throws Exception {
        refused(port, port.request("-4", ""), "SCHEMA_VIOLATION");
        refused(port, port.request("2", "<t:unexpected/>"), "SCHEMA_VIOLATION");
        refused(port, port.request("2", "").replace("site=\"X\"", "site=\"no spaces\"")
                .replace("id=\"a\"", "id=\"no spaces\""), "SCHEMA_VIOLATION");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void entityExpansionIsRefused(Port port) throws Exception {
        String laughs = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
                + "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
                + "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">]>"
                + port.withText("&lol3;").replace("<?xml version=\"1.0\"?>", "");
        refused(port, laughs, "DTD_NOT_ALLOWED");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void oversizedAndDeepMessagesAreRefusedWithoutAnEcho(Port port) throws Exception {
        refused(port, port.withText("x".repeat(12_000_000)), "MESSAGE_TOO_LARGE");
        // deep where no schema looks first: a header
        String deep = "<t:x>".repeat(200) + "</t:x>".repeat(200);
        refused(port, port.request("2", "").replace("<soap:Body>", "<soap:Header>" + deep + "</soap:Header><soap:Body>"),
                "MESSAGE_TOO_LARGE");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void tooManyRepeatedElementsIsASchemaViolationNotASizeLimit(Port port) throws Exception {
        assertThat(refused(port, port.repeated(10_000), "SCHEMA_VIOLATION")).contains("maximum of '64'");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void anEmptyBodyOrAnUnknownElementIsTyped(Port port) throws Exception {
        refused(port, port.envelope(""), "EMPTY_BODY");
        refused(port, "", port.envelope("  "), "EMPTY_BODY");
        refused(port, "", port.envelope("<t:nothing/>"), "UNKNOWN_OPERATION");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void aCallWithoutTheResourceKeyIsTyped(Port port) throws Exception {
        refused(port, "", port.keyless(), "NO_RESOURCE_KEY");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void repeatedWsAddressingHeadersAreTheCallersError(Port port) throws Exception {
        String action = port.name().equals("grc")
                ? "http://docs.oasis-open.org/wsrf/rpw-2/GetResourcePropertyDocument/GetResourcePropertyDocumentRequest"
                : "http://docs.oasis-open.org/wsrf/rlw-2/ImmediateResourceTermination/DestroyRequest";
        String headers = ("<wsa:Action>" + action + "</wsa:Action><wsa:MessageID>urn:uuid:" + UUID.randomUUID()
                + "</wsa:MessageID>");
        String body = port.keyless().replace("<soap:Body>", "<soap:Header xmlns:wsa=\"http://www.w3.org/2005/08/addressing\">"
                + headers + headers.replaceAll("urn:uuid:[0-9a-f-]+", "urn:uuid:" + UUID.randomUUID()) + "</soap:Header><soap:Body>");
        refused(port, action, body, "INVALID_ADDRESSING");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void aRequestInTheNamespaceTheOasisOperationsReplacedSaysWhatIsExpected(Port port) throws Exception {
        String answer = refused(port, "", port.beforeOasis(), "SCHEMA_VIOLATION");
        assertThat(answer).contains("Expected {http://docs.oasis-open.org/wsrf/");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void charactersXmlOrPeopleDoNotUseAreRefused(Port port) throws Exception {
        refused(port, port.withText("a&#x1;b"), "ILLEGAL_CHARACTER");
        refused(port, port.withText("a&#x85;b"), "SCHEMA_VIOLATION"); // C1 control (NEL): legal XML, not text
        refused(port, port.withText("a&#x1b;[31mred"), "ILLEGAL_CHARACTER");
    }

    /** An at-least requirement compares numbers; a value that is not a finite number cannot be met or refused later. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void anAtLeastRequirementThatIsNotANumberIsRefused(Port port) throws Exception {
        for (String value : List.of("lots", "NaN", "Infinity", "0x1p3")) {
            String requirement = "<t:requirement name=\"memoryGB\" value=\"" + value + "\" match=\"AT_LEAST\"/>";
            String body = port.name().equals("grc")
                    ? port.request("1", "").replace("cores=\"1\"/>", "cores=\"1\">" + requirement + "</t:site>")
                    : port.request("1", "").replace("cores=\"1\"/>", "cores=\"1\">" + requirement + "</t:compute>");
            assertThat(refused(port, body, "REQUIREMENT_NOT_A_NUMBER")).contains("memoryGB", value);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void timesOutsideTheOneTimePolicyAreRefused(Port port) throws Exception {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        refused(port, port.request(Instant.parse("9999-01-01T00:00:00Z"), Instant.parse("9999-01-01T02:00:00Z"), "1", ""),
                "TOO_FAR_AHEAD");
        refused(port, port.request(Instant.EPOCH, now.plus(2, ChronoUnit.HOURS), "1", ""), "STARTS_IN_PAST");
        refused(port, port.request(now.minus(3, ChronoUnit.HOURS), now.minus(1, ChronoUnit.HOURS), "1", ""),
                "WINDOW_IN_PAST");
        refused(port, port.request(now.plus(1, ChronoUnit.HOURS), now.plus(400, ChronoUnit.DAYS), "1", ""),
                "TOO_FAR_AHEAD");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void aTimeJavaCannotHoldSaysSoWithoutJavaWords(Port port) throws Exception {
        String body = port.name().equals("grc")
                ? port.request("1", "").replaceAll("<t:time>.*</t:time>", "<t:time><t:flexible><t:earliestStart>"
                        + Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS) + "</t:earliestStart><t:latestStart>"
                        + Instant.now().plus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS)
                        + "</t:latestStart><t:duration>P100000Y</t:duration></t:flexible></t:time>")
                : port.envelope("<rm:getAvailableResources><rm:query><t:slot><t:start>2030-01-01T00:00:00Z</t:start>"
                        + "<t:end>99999-01-01T00:00:00Z</t:end></t:slot></rm:query></rm:getAvailableResources>");
        assertThat(refused(port, "", body, "SCHEMA_VIOLATION")).containsAnyOf("P100000Y", "99999");
    }

    @Test
    void soap12BadInputIsTheSenderFault() throws Exception {
        for (Port port : ports()) {
            String envelope = port.request("-4", "").replace("http://schemas.xmlsoap.org/soap/envelope/",
                    "http://www.w3.org/2003/05/soap-envelope");
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(port.url() + "/soap12"))
                    .header("Content-Type", "application/soap+xml; charset=UTF-8; action=\"" + port.action() + "\"")
                    .POST(HttpRequest.BodyPublishers.ofString(envelope)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isIn(400, 500);
            assertThat(response.body()).as(response.body()).contains("soap:Sender", "SCHEMA_VIOLATION");
        }
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
        assertThatThrownBy(() -> grc.createCoAllocation("c-" + UUID.randomUUID(), r, null, null))
                .isInstanceOfSatisfying(InvalidRequestFault.class, f -> {
                    assertThat(BaseFaults.errorCode(f.getFaultInfo())).isEqualTo("SCHEMA_VIOLATION");
                    assertThat(BaseFaults.description(f.getFaultInfo())).contains("'0'", "minInclusive", "Cores");
                });
    }

    /** One SOAP port of a service: its address, one request it takes, that request's SOAPAction, and another port operation's action. */
    record AnyPort(String name, String url, String action, String body, String otherAction) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Every SOAP port of the GRC (user port, RM port, notification consumer, subscription manager) and an RM's. */
    static List<AnyPort> everyPort() {
        String base = grid.grcUrl().substring(0, grid.grcUrl().lastIndexOf('/'));
        Port grc = ports().get(0);
        Port rm = ports().get(1);
        String destroy = "http://docs.oasis-open.org/wsrf/rlw-2/ImmediateResourceTermination/DestroyRequest";
        String wsn = "xmlns:wsnt=\"http://docs.oasis-open.org/wsn/b-2\"";
        Port notify = new Port("notify", base + "/notify", "", wsn, () -> 0);
        Port manager = new Port("subscriptions", base + "/subscriptions", "", wsn, () -> 0);
        return List.of(
                new AnyPort("grc", grid.grcUrl(), grc.action(), grc.request("2", ""), destroy),
                new AnyPort("grc (cancel's action)", grid.grcUrl(), grc.action(), grc.request("2", ""),
                        "http://doji.org/ns/2026/grc/cancel"),
                new AnyPort("grc's rm port", base + "/rm", rm.action(), rm.request("2", "").replace("site=\"X\"", "site=\"X\""), destroy),
                new AnyPort("grc's rm port (cancel's action)", base + "/rm", rm.action(), rm.request("2", ""),
                        "http://doji.org/ns/2026/rm/cancel"),
                new AnyPort("rm", rm.url(), rm.action(), rm.request("2", ""), destroy),
                new AnyPort("rm (cancel's action)", rm.url(), rm.action(), rm.request("2", ""), "http://doji.org/ns/2026/rm/cancel"),
                new AnyPort("notify", base + "/notify", "http://docs.oasis-open.org/wsn/bw-2/NotificationConsumer/Notify",
                        notify.envelope("<wsnt:Notify><wsnt:NotificationMessage><wsnt:Message/></wsnt:NotificationMessage></wsnt:Notify>"),
                        "http://docs.oasis-open.org/wsn/bw-2/SubscriptionManager/RenewRequest"),
                new AnyPort("subscriptions", base + "/subscriptions",
                        "http://docs.oasis-open.org/wsn/bw-2/SubscriptionManager/RenewRequest",
                        manager.envelope("<wsnt:Renew><wsnt:TerminationTime>PT1H</wsnt:TerminationTime></wsnt:Renew>"),
                        "http://docs.oasis-open.org/wsn/bw-2/SubscriptionManager/UnsubscribeRequest"));
    }

    /**
     * What the sender got wrong about the envelope or the action, at every port: a SOAP 1.2 envelope at the SOAP 1.1
     * address, a SOAPAction no operation has, another operation's SOAPAction (Destroy, cancel) on the port's create
     * body. Each is the sender's fault (Client, or SOAP's VersionMismatch), one WARN line without a stack trace, and
     * nothing is stored.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("everyPort")
    void envelopesAndActionsTheSenderGotWrongAreClientFaultsAtEveryPort(AnyPort port) throws Exception {
        long grcStored = grid.grc().getBean(CoAllocationRepository.class).count();
        long rmStored = ports().get(1).stored().getAsLong();
        String soap12 = port.body().replace("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope");
        List<String[]> cases = List.of(
                new String[] {"SOAP 1.2 envelope at the SOAP 1.1 address", "text/xml; charset=UTF-8", "\"" + port.action() + "\"", soap12},
                new String[] {"SOAP 1.2 content type at the SOAP 1.1 address",
                        "application/soap+xml; charset=UTF-8; action=\"" + port.action() + "\"", null, soap12},
                new String[] {"SOAPAction urn:bogus", "text/xml; charset=UTF-8", "\"urn:bogus\"", port.body()},
                new String[] {"another operation's SOAPAction", "text/xml; charset=UTF-8", "\"" + port.otherAction() + "\"",
                        port.body()});
        List<String> failures = new java.util.ArrayList<>();
        for (String[] c : cases) {
            int before = logLines().size();
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(port.url())).header("Content-Type", c[1]);
            if (c[2] != null) {
                request.header("SOAPAction", c[2]);
            }
            HttpResponse<String> response = http.send(request.POST(HttpRequest.BodyPublishers.ofString(c[3])).build(),
                    HttpResponse.BodyHandlers.ofString());
            String body = response.body();
            List<ch.qos.logback.classic.spi.ILoggingEvent> all = logLines();
            var lines = all.subList(before, all.size()).stream()
                    .filter(e -> e.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.WARN)
                            && e.getThreadName().contains("-exec-")).toList();
            boolean clientFault = body.contains(":Client</faultcode>") || body.contains(":VersionMismatch</faultcode>")
                    || body.contains(":Sender<") || body.contains(":VersionMismatch<");
            if (!clientFault || body.contains("INTERNAL_ERROR") || body.contains("Exception")
                    || lines.size() != 1 || lines.get(0).getLevel() != ch.qos.logback.classic.Level.WARN
                    || lines.get(0).getThrowableProxy() != null) {
                failures.add(c[0] + ": HTTP " + response.statusCode() + " " + body + "\n  logged: "
                        + lines.stream().map(e -> e.getLevel() + " " + e.getFormattedMessage()
                        + (e.getThrowableProxy() == null ? "" : " + stack trace")).toList());
            }
        }
        assertThat(failures).isEmpty();
        assertThat(grid.grc().getBean(CoAllocationRepository.class).count()).as("nothing stored").isEqualTo(grcStored);
        assertThat(ports().get(1).stored().getAsLong()).as("nothing stored").isEqualTo(rmStored);
    }
}
