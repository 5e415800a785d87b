package org.doji.rm.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.ValidatorHandler;
import org.junit.jupiter.api.Test;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;

class ReusedValidatorsTest {

    private static final String XSD = """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns="urn:t"
                       elementFormDefault="qualified">
              <xs:element name="site">
                <xs:complexType>
                  <xs:sequence><xs:element name="cores" type="xs:positiveInteger"/></xs:sequence>
                  <xs:attribute name="id" type="xs:ID" use="required"/>
                </xs:complexType>
              </xs:element>
            </xs:schema>""";
    private static final String VALID = "<site xmlns='urn:t' id='a'><cores>4</cores></site>";
    private static final String INVALID = "<site xmlns='urn:t' id='a'><cores>-4</cores></site>";

    private final ReusedValidators schema = new ReusedValidators(SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
            .newSchema(new StreamSource(new StringReader(XSD))));

    ReusedValidatorsTest() throws SAXException {
    }

    /** Feeds the document to the handler as JAXB does, an error handler that throws on any error (JAXB's does). */
    private static void validate(ValidatorHandler h, String xml) throws Exception {
        h.setErrorHandler(new ErrorHandler() {
            @Override
            public void warning(SAXParseException e) {
            }

            @Override
            public void error(SAXParseException e) throws SAXParseException {
                throw e;
            }

            @Override
            public void fatalError(SAXParseException e) throws SAXParseException {
                throw e;
            }
        });
        SAXParserFactory f = SAXParserFactory.newInstance();
        f.setNamespaceAware(true);
        XMLReader reader = f.newSAXParser().getXMLReader();
        reader.setContentHandler(h);
        reader.parse(new InputSource(new StringReader(xml)));
    }

    @Test
    void aHandlerThatFinishedADocumentValidatesTheNext() throws Exception {
        ValidatorHandler first = schema.newValidatorHandler();
        validate(first, VALID);
        assertEquals(1, schema.idle());
        ValidatorHandler second = schema.newValidatorHandler();
        assertSame(first, second);
        assertEquals(0, schema.idle());
        // the same document again: its ID from the first use was forgotten by the reset (else "duplicate ID")
        validate(second, VALID);
    }

    @Test
    void aReusedHandlerStillRefusesAnInvalidDocumentAndIsNotReturnedHalfway() throws Exception {
        validate(schema.newValidatorHandler(), VALID);
        ValidatorHandler reused = schema.newValidatorHandler();
        SAXParseException refused = assertThrows(SAXParseException.class, () -> validate(reused, INVALID));
        assertEquals(true, refused.getMessage().contains("-4"), refused.getMessage());
        assertEquals(0, schema.idle(), "abandoned halfway: dropped");
        assertNotSame(reused, schema.newValidatorHandler());
    }

    @Test
    void aHandlerEndedTwiceIsPooledOnce() throws Exception {
        ValidatorHandler h = schema.newValidatorHandler();
        validate(h, VALID);
        h.endDocument();
        assertEquals(1, schema.idle());
        assertSame(h, schema.newValidatorHandler());
        assertNotSame(h, schema.newValidatorHandler(), "never handed out twice");
    }

    @Test
    void atMostMaxIdleHandlersAreKept() throws Exception {
        List<ValidatorHandler> busy = new ArrayList<>();
        for (int i = 0; i < ReusedValidators.MAX_IDLE + 6; i++) {
            busy.add(schema.newValidatorHandler());
        }
        for (ValidatorHandler h : busy) {
            validate(h, VALID);
        }
        assertEquals(ReusedValidators.MAX_IDLE, schema.idle());
    }
}
