package org.doji.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.xml.sax.SAXException;

/**
 * The WS-BaseFaults schema Doji ships (bf-2.xsd, rewritten at build time so that zeep can print the WSDLs) accepts
 * exactly the documents CXF's copy of the OASIS schema accepts: ErrorCode's content written out as the mixed,
 * lax any-content that extending xsd:anyType means. The samples tell lax from skip (a declared element inside
 * ErrorCode is checked against its declaration) and a required attribute from an optional one.
 */
class BaseFaultsSchemaTest {

    private static final String BF = "http://docs.oasis-open.org/wsrf/bf-2";

    private static Schema schema(URL location) throws SAXException {
        return SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(location);
    }

    private static String fault(String errorCode) {
        return "<bf:BaseFault xmlns:bf='" + BF + "' xmlns:x='urn:other'><bf:Timestamp>2030-01-01T00:00:00Z</bf:Timestamp>"
                + errorCode + "</bf:BaseFault>";
    }

    private static boolean valid(Schema schema, String document) throws IOException {
        try {
            schema.newValidator().validate(new StreamSource(new StringReader(document)));
            return true;
        } catch (SAXException e) {
            return false;
        }
    }

    @Test
    void theShippedSchemaAcceptsExactlyWhatTheStandardOneAccepts() throws Exception {
        URL standard = getClass().getResource("/org/apache/cxf/wsn/wsdl/bf-2.xsd");
        URL shipped = getClass().getResource("/wsdl/bf-2.xsd");
        Schema original = schema(standard);
        Schema rewritten = schema(shipped);
        Map<String, String> samples = new LinkedHashMap<>();
        samples.put("text", fault("<bf:ErrorCode dialect='urn:doji'>NO_CAPACITY</bf:ErrorCode>"));
        samples.put("empty", fault("<bf:ErrorCode dialect='urn:doji'/>"));
        samples.put("mixed, undeclared element", fault("<bf:ErrorCode dialect='urn:doji'>A<x:code>1</x:code>B</bf:ErrorCode>"));
        samples.put("foreign attribute", fault("<bf:ErrorCode dialect='urn:doji' x:at='1'>A</bf:ErrorCode>"));
        samples.put("declared element, valid", fault("<bf:ErrorCode dialect='urn:doji'>" + fault("") + "</bf:ErrorCode>"));
        samples.put("declared element, invalid (lax checks it)",
                fault("<bf:ErrorCode dialect='urn:doji'><bf:BaseFault/></bf:ErrorCode>"));
        samples.put("no dialect", fault("<bf:ErrorCode>NO_CAPACITY</bf:ErrorCode>"));
        samples.put("a dialect with spaces",
                fault("<bf:ErrorCode dialect='not a uri but a string'>A</bf:ErrorCode>"));
        Map<String, Boolean> byStandard = new LinkedHashMap<>();
        Map<String, Boolean> byShipped = new LinkedHashMap<>();
        for (var e : samples.entrySet()) {
            byStandard.put(e.getKey(), valid(original, e.getValue()));
            byShipped.put(e.getKey(), valid(rewritten, e.getValue()));
        }
        assertThat(byShipped).isEqualTo(byStandard);
        assertThat(byStandard).containsValue(true).containsValue(false)
                .containsEntry("declared element, invalid (lax checks it)", false).containsEntry("no dialect", false);
    }

    @Test
    void theShippedSchemaHasNoExtensionOfAnyType() throws Exception {
        try (InputStream in = getClass().getResourceAsStream("/wsdl/bf-2.xsd")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(text).contains("name=\"ErrorCode\"").doesNotContain("base=\"xsd:anyType\"");
        }
    }
}
