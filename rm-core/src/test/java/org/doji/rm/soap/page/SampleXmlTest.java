package org.doji.rm.soap.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.apache.ws.commons.schema.XmlSchema;
import org.apache.ws.commons.schema.XmlSchemaCollection;
import org.junit.jupiter.api.Test;
import org.xml.sax.InputSource;

class SampleXmlTest {

    private static final String RM = "http://doji.org/ns/2026/rm";
    private static final String GRC = "http://doji.org/ns/2026/grc";
    private static final String T = "urn:test";

    @Test
    void everyRequestAndAnswerOfTheContractHasASampleThatTheContractAccepts() throws Exception {
        for (String file : List.of("doji-rm.xsd", "doji-grc.xsd")) {
            URL url = getClass().getClassLoader().getResource("wsdl/" + file);
            XmlSchemaCollection schemas = new XmlSchemaCollection();
            XmlSchema schema = schemas.read(new InputSource(url.toString()));
            Validator validator = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(url).newValidator();
            SampleXml samples = new SampleXml(schemas);
            List<QName> names = new ArrayList<>(schema.getElements().keySet());
            assertThat(names).as(file).hasSizeGreaterThan(10);
            for (QName name : names) {
                String xml = samples.element(name);
                try {
                    validator.validate(new StreamSource(new StringReader(xml)));
                } catch (org.xml.sax.SAXException e) {
                    throw new AssertionError(name + " sample is not valid: " + e.getMessage() + "\n" + xml, e);
                }
            }
        }
    }

    @Test
    void theSampleOfAContractRequestIsFilledFromItsTypes() {
        XmlSchemaCollection schemas = new XmlSchemaCollection();
        schemas.read(new InputSource(getClass().getClassLoader().getResource("wsdl/doji-grc.xsd").toString()));
        String xml = new SampleXml(schemas).element(new QName(GRC, "createCoAllocation"));
        assertThat(xml).startsWith("<grc:createCoAllocation").contains("xmlns:grc=\"" + GRC + "\"")
                .contains("<types:start>" + SampleValues.SAMPLE_INSTANT + "</types:start>")
                .contains("<types:end>" + SampleValues.SAMPLE_LATER + "</types:end>")
                .contains("bandwidthMbps=\"1\"").contains("<wsa:Address>http://example.org/Address</wsa:Address>").contains(SampleValues.SAMPLE_INSTANT);
    }

    @Test
    void walksSequencesChoicesOccurrencesEnumerationsBoundsAndRecursion() {
        String xsd = """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:t="urn:test" targetNamespace="urn:test"
                           elementFormDefault="qualified">
                  <xs:simpleType name="Colour"><xs:restriction base="xs:string">
                    <xs:enumeration value="green"/><xs:enumeration value="red"/></xs:restriction></xs:simpleType>
                  <xs:simpleType name="Small"><xs:restriction base="xs:int">
                    <xs:minInclusive value="5"/><xs:maxInclusive value="9"/></xs:restriction></xs:simpleType>
                  <xs:simpleType name="Code"><xs:restriction base="xs:string"><xs:pattern value="[0-9]{1,3}"/></xs:restriction></xs:simpleType>
                  <xs:complexType name="Node"><xs:sequence>
                    <xs:element name="label" type="xs:string"/>
                    <xs:element name="child" type="t:Node" minOccurs="0" maxOccurs="unbounded"/>
                  </xs:sequence><xs:attribute name="id" type="xs:ID" use="required"/></xs:complexType>
                  <xs:element name="order"><xs:complexType><xs:sequence>
                    <xs:element name="colour" type="t:Colour"/>
                    <xs:element name="count" type="t:Small"/>
                    <xs:element name="code" type="t:Code"/>
                    <xs:element name="when" type="xs:dateTime" minOccurs="0"/>
                    <xs:choice><xs:element name="byName" type="xs:string"/><xs:element name="byNumber" type="xs:long"/></xs:choice>
                    <xs:element name="tree" type="t:Node"/>
                  </xs:sequence></xs:complexType></xs:element>
                </xs:schema>""";
        XmlSchemaCollection schemas = new XmlSchemaCollection();
        schemas.read(new StringReader(xsd));
        String xml = new SampleXml(schemas).element(new QName(T, "order"));
        assertThat(xml).contains("<test:colour>green</test:colour>").contains("<test:count>5</test:count>")
                .contains("<test:code>1</test:code>").contains("<!-- optional -->")
                .contains("<test:when>" + SampleValues.SAMPLE_INSTANT + "</test:when>")
                .contains("<!-- one of: byName | byNumber -->").contains("<test:byName>byName</test:byName>")
                .doesNotContain("<test:byNumber>").contains("<test:tree id=\"id\">").contains("<!-- 0 to unbounded -->")
                .contains("<test:child><!-- as Node above --></test:child>").contains("xmlns:test=\"urn:test\"");
        assertThatThrownBy(() -> new SampleXml(schemas).element(new QName(T, "missing")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anEnvelopeDeclaresEveryPrefixItsBodyUses() {
        XmlSchemaCollection schemas = new XmlSchemaCollection();
        schemas.read(new InputSource(getClass().getClassLoader().getResource("wsdl/doji-rm.xsd").toString()));
        String xml = new SampleXml(schemas).envelope(SampleXml.SOAP11, List.of(new QName(RM, "describe")));
        assertThat(xml).startsWith("<soap:Envelope xmlns:soap=\"" + SampleXml.SOAP11 + "\"")
                .contains("xmlns:rm=\"" + RM + "\"").contains("<soap:Body>\n    <rm:describe/>\n  </soap:Body>");
        assertThat(SampleXml.prefixFor("http://www.w3.org/2005/08/addressing", Map.of())).isEqualTo("wsa");
        assertThat(SampleXml.prefixFor("urn:x:rm", Map.of("a", "rm"))).isEqualTo("rm2");
    }

    @Test
    void samplesEscapeWhatTheSchemaSays() {
        String xsd = """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:test" elementFormDefault="qualified">
                  <xs:element name="e"><xs:simpleType><xs:restriction base="xs:string">
                    <xs:enumeration value="a&lt;b&amp;&quot;c"/></xs:restriction></xs:simpleType></xs:element>
                </xs:schema>""";
        XmlSchemaCollection schemas = new XmlSchemaCollection();
        schemas.read(new StringReader(xsd));
        assertThat(new SampleXml(schemas).element(new QName(T, "e"))).contains(">a&lt;b&amp;&quot;c<");
    }
}
