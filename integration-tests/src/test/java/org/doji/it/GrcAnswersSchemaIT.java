package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.awaitility.Awaitility;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;

/**
 * The GRC validates requests only (validating every answer made CXF buffer it), so this checks the answers
 * themselves: the payload of each raw SOAP answer — the new co-allocation's EPR, its resource properties
 * document once Reserved, the caller's list — is valid against the published schema.
 */
class GrcAnswersSchemaIT {

    private static LocalGrid grid;
    private static Schema schema;
    private static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        grid = LocalGrid.start(GridTopology.builder().crm("crm-x", "X", "D", 1, 4, 1.0, Map.of())
                .crm("crm-y", "Y", "D", 1, 4, 2.0, Map.of()).build(), 0, TestDatabase.grid("mem"), Map.of(), Map.of());
        ClassLoader contract = GrcAnswersSchemaIT.class.getClassLoader();
        // Doji's GRC schema and OASIS WS-ResourceProperties' (whose answers hold the documents), as the contract ships them
        schema = SchemaFactory.newDefaultInstance().newSchema(new javax.xml.transform.Source[] {
                new javax.xml.transform.stream.StreamSource(contract.getResource("wsdl/doji-grc.xsd").toString()),
                new javax.xml.transform.stream.StreamSource(contract.getResource("wsdl/rp-2.xsd").toString())});
    }

    @AfterAll
    static void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    private static String envelope(String header, String body) {
        return "<?xml version=\"1.0\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" "
                + "xmlns:g=\"http://doji.org/ns/2026/grc\" xmlns:t=\"http://doji.org/ns/2026/types\">"
                + "<soap:Header>" + header + "</soap:Header><soap:Body>" + body + "</soap:Body></soap:Envelope>";
    }

    private static String call(String action, String header, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(grid.grcUrl()))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"" + (action.startsWith("http") ? action : "http://doji.org/ns/2026/grc/" + action) + "\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope(header, body))).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return r.body();
    }

    /** The first element child of soap:Body, validated against the GRC schema; returns it. */
    private static Element validPayload(String soap) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newDefaultNSInstance();
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        Element envelope = f.newDocumentBuilder().parse(new InputSource(new StringReader(soap))).getDocumentElement();
        Element body = (Element) envelope.getElementsByTagNameNS("http://schemas.xmlsoap.org/soap/envelope/", "Body").item(0);
        Node payload = body.getFirstChild();
        while (payload != null && payload.getNodeType() != Node.ELEMENT_NODE) {
            payload = payload.getNextSibling();
        }
        assertThat(payload).as(soap).isNotNull();
        schema.newValidator().validate(new DOMSource(payload));
        return (Element) payload;
    }

    private static String text(String xml, String pattern) {
        Matcher m = Pattern.compile(pattern).matcher(xml);
        assertThat(m.find()).as(xml).isTrue();
        return m.group(1);
    }

    @Test
    void createDocumentAndListAnswersAreSchemaValid() throws Exception {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(2, ChronoUnit.DAYS);
        String created = call("createCoAllocation", "", "<g:createCoAllocation><g:correlationId>c-" + UUID.randomUUID()
                + "</g:correlationId><g:request><t:site id=\"a\" cores=\"2\"/><t:site id=\"b\" cores=\"2\"/><t:time><t:fixed><t:start>"
                + start + "</t:start><t:end>" + start.plus(1, ChronoUnit.HOURS) + "</t:end></t:fixed></t:time>"
                + "</g:request></g:createCoAllocation>");
        validPayload(created);
        String key = text(created, "ResourceKey[^>]*>([^<]+)<");

        String keyHeader = "<t:ResourceKey>" + key + "</t:ResourceKey>";
        String getDocument = "http://docs.oasis-open.org/wsrf/rpw-2/GetResourcePropertyDocument/GetResourcePropertyDocumentRequest";
        String ask = "<rp:GetResourcePropertyDocument xmlns:rp=\"http://docs.oasis-open.org/wsrf/rp-2\"/>";
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> call(getDocument, keyHeader, ask).contains(">Reserved<"));
        String document = call(getDocument, keyHeader, ask);
        Element payload = validPayload(document);
        // the document with its per-RM outcomes and their reservation EPRs was what got checked
        assertThat(payload.getElementsByTagNameNS("http://doji.org/ns/2026/types", "rm").getLength()).isEqualTo(2);
        assertThat(payload.getElementsByTagNameNS("http://www.w3.org/2005/08/addressing", "Address").getLength()).isEqualTo(2);

        String list = call("list", "", "<g:list/>");
        validPayload(list);
        assertThat(list).contains(key);
    }

    @Test
    void theCheckCanFail() {
        // the same check rejects an answer that breaks the schema (an EPR without its address)
        String broken = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<g:createCoAllocationResponse xmlns:g=\"http://doji.org/ns/2026/grc\"><g:coAllocation/>"
                + "</g:createCoAllocationResponse></soap:Body></soap:Envelope>";
        assertThatThrownBy(() -> validPayload(broken)).isInstanceOf(SAXParseException.class);
    }
}
