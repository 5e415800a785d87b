package org.doji.rm.soap;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.JAXBException;
import java.time.Clock;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.phase.Phase;
import org.doji.contract.types.InvalidRequestFaultType;
import org.doji.contract.types.ObjectFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Turns the faults CXF raises for bad input before any endpoint code runs (malformed XML, documents the
 * schema rejects, DTDs and entity expansion, messages over the size limits) into the contract's typed
 * InvalidRequestFault, so every client sees one kind of fault for bad input, with a clear message.
 */
public class BadInputFaultInterceptor extends AbstractSoapInterceptor {

    private static final QName DETAIL = new QName("http://doji.org/ns/2026/types", "InvalidRequestFault");

    private final String originator;
    private final Clock clock;
    private final JAXBContext jaxb;

    public BadInputFaultInterceptor(String originator, Clock clock) {
        super(Phase.PRE_LOGICAL);
        this.originator = originator;
        this.clock = clock;
        try {
            this.jaxb = JAXBContext.newInstance(ObjectFactory.class);
        } catch (JAXBException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void handleMessage(SoapMessage message) {
        Exception e = message.getContent(Exception.class);
        if (!(e instanceof Fault fault) || (fault.hasDetails() && fault.getDetail().getFirstChild() != null)) {
            return;
        }
        String code = classify(fault);
        if (code == null) {
            return;
        }
        InvalidRequestFaultType info = new InvalidRequestFaultType();
        info.setTimestamp(clock.instant());
        info.setOriginator(originator);
        info.setErrorCode(code);
        info.setDescription(describe(code, fault));
        try {
            Document doc = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().newDocument();
            jaxb.createMarshaller().marshal(new JAXBElement<>(DETAIL, InvalidRequestFaultType.class, info), doc);
            Element detail = fault.getOrCreateDetail();
            detail.appendChild(detail.getOwnerDocument().importNode(doc.getDocumentElement(), true));
            // the sender's fault: Client in SOAP 1.1, Sender in SOAP 1.2
            fault.setFaultCode(message.getVersion().getSender());
            fault.setMessage(info.getDescription());
        } catch (Exception marshalFailure) {
            // leave CXF's own fault untouched
        }
    }

    /** The error code for faults caused by the request document, or null for anything else. */
    static String classify(Fault fault) {
        String code = null;
        for (Throwable t = fault; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String type = t.getClass().getName();
            String msg = String.valueOf(t.getMessage());
            if (msg.contains("DOCTYPE") || msg.contains("DTD") || msg.contains("entity")) {
                return "DTD_NOT_ALLOWED";
            }
            if (msg.contains("Maximum") || msg.contains("maximum") || msg.contains("limit")) {
                return "MESSAGE_TOO_LARGE";
            }
            if (type.contains("Wstx") || msg.contains("Unexpected close tag") || msg.contains("Unexpected character")
                    || msg.contains("Unexpected EOF") || msg.contains("Unexpected end") || msg.contains("not well-formed")) {
                return "MALFORMED_XML";
            }
            if (code == null && (t instanceof org.xml.sax.SAXParseException || msg.contains("cvc-")
                    || type.endsWith("UnmarshalException") || msg.contains("Unmarshalling Error"))) {
                code = "SCHEMA_VIOLATION"; // keep looking: a cause may show it is really malformed
            }
            if (code == null && t instanceof javax.xml.stream.XMLStreamException) {
                code = "MALFORMED_XML";
            }
        }
        return code;
    }

    private static String describe(String code, Fault fault) {
        String detail = fault.getMessage() == null ? "" : fault.getMessage().replaceAll("\\s+", " ").trim();
        if (detail.length() > 600) {
            detail = detail.substring(0, 600) + "...";
        }
        return switch (code) {
            case "DTD_NOT_ALLOWED" -> "the message contains a DTD or entity declaration, which is not allowed: " + detail;
            case "MESSAGE_TOO_LARGE" -> "the message exceeds the size limits: " + detail;
            case "MALFORMED_XML" -> "the message is not well-formed XML: " + detail;
            default -> "the message does not match the schema: " + detail;
        };
    }
}
