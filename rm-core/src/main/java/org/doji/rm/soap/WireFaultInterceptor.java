package org.doji.rm.soap;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.JAXBException;
import java.time.Clock;
import java.util.UUID;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.cxf.binding.soap.SoapFault;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.doji.contract.types.DojiFaultType;
import org.doji.contract.types.InternalErrorFaultType;
import org.doji.contract.types.InvalidRequestFaultType;
import org.doji.contract.types.ObjectFactory;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Every fault a Doji port answers passes here last, so all of them look alike on the wire:
 * <ul>
 *   <li>bad input CXF refuses before any endpoint code runs (malformed XML, schema violations, DTDs, size limits,
 *       an empty Body, an element no operation takes) becomes the contract's typed InvalidRequestFault;</li>
 *   <li>anything else without a typed detail is an InternalErrorFault that names a reference into the server's log
 *       and nothing of the server's insides;</li>
 *   <li>the fault code says whose fault it is: Client (SOAP 1.2: Sender) for what the caller can fix, Server
 *       (Receiver) for unavailable resources and internal errors;</li>
 *   <li>a client's error is logged as one WARN line, an internal error once with its stack trace.</li>
 * </ul>
 */
public class WireFaultInterceptor extends AbstractSoapInterceptor {

    private static final Logger log = LoggerFactory.getLogger(WireFaultInterceptor.class);
    /** Exchange property: an interceptor that refused the call has logged the refusal already. */
    public static final String LOGGED = "doji.fault.logged";
    private static final String TYPES_NS = "http://doji.org/ns/2026/types";
    /** The OASIS WS-RF namespaces (WS-Resource, -ResourceProperties, -ResourceLifetime, -BaseFaults). */
    private static final String OASIS_WSRF = "http://docs.oasis-open.org/wsrf/";
    /** The OASIS WS-Notification namespaces (WS-BaseNotification, WS-Topics). */
    private static final String OASIS_WSN = "http://docs.oasis-open.org/wsn/";
    private static final String BASE_FAULTS_NS = "http://docs.oasis-open.org/wsrf/bf-2";

    private final String originator;
    private final Clock clock;
    private final JAXBContext jaxb;

    public WireFaultInterceptor(String originator, Clock clock) {
        super(Phase.PRE_LOGICAL);
        addAfter(org.apache.cxf.ws.addressing.MAPAggregator.class.getName()); // its action is set by then
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
        if (!(message.getContent(Exception.class) instanceof Fault fault)) {
            return;
        }
        String operation = operation(message);
        String soapCode = fault instanceof SoapFault soap && soap.getFaultCode() != null
                ? soap.getFaultCode().getLocalPart() : "";
        // SOAP's own codes for the sender's errors: an envelope of the other version, a header it must understand
        boolean versionMismatch = "VersionMismatch".equals(soapCode);
        boolean mustUnderstand = "MustUnderstand".equals(soapCode);
        DojiException typed = versionMismatch ? versionMismatch(fault, message)
                : mustUnderstand ? mustUnderstand(fault) : typed(fault);
        if (typed == null) {
            typed = untyped(fault, operation);
        }
        boolean client = typed.kind().callersFault();
        fault.setFaultCode(versionMismatch ? message.getVersion().getVersionMismatch()
                : mustUnderstand ? message.getVersion().getMustUnderstand()
                : client ? message.getVersion().getSender() : message.getVersion().getReceiver());
        withoutClassNameInAction(message);
        fault.setMessage(xmlSafe(fault.getMessage()));
        if (client && !Boolean.TRUE.equals(message.getExchange() == null ? null : message.getExchange().get(LOGGED))) {
            log.warn("{} {}: refused {}: {}", originator, operation, typed.errorCode(), printable(typed.getMessage()));
        }
    }

    /**
     * An envelope of the other SOAP version (a SOAP 1.2 envelope at a SOAP 1.1 address): the sender's error, answered
     * with SOAP's own VersionMismatch fault code and the typed InvalidRequestFault saying where each version is taken.
     */
    private DojiException versionMismatch(Fault fault, SoapMessage message) {
        String description = "this address takes SOAP " + message.getVersion().getVersion() + " envelopes ("
                + message.getVersion().getEnvelope().getNamespaceURI() + "); send SOAP 1.2 to the port's "
                + SoapPortPublisher.SOAP12_SUFFIX + " address and SOAP 1.1 to the port's own";
        attach(fault, "InvalidRequestFault", InvalidRequestFaultType.class, fill(new InvalidRequestFaultType(),
                "VERSION_MISMATCH", description));
        return DojiException.invalid("VERSION_MISMATCH", description);
    }

    /** A header marked mustUnderstand that no part of the port understands: the sender's error, SOAP's own code. */
    private DojiException mustUnderstand(Fault fault) {
        String description = "the message carries headers marked mustUnderstand that this port does not understand: "
                + BadInput.clean(fault.getMessage());
        attach(fault, "InvalidRequestFault", InvalidRequestFaultType.class, fill(new InvalidRequestFaultType(),
                "MUST_UNDERSTAND", description));
        return DojiException.invalid("MUST_UNDERSTAND", description);
    }

    /**
     * WS-Addressing names a fault no operation declares by its Java class ({@code .../Fault/UnmarshalException}):
     * such a fault's action becomes WS-Addressing's generic fault action instead, so no class name leaves the server.
     */
    private static void withoutClassNameInAction(SoapMessage message) {
        Object maps = message.get(org.apache.cxf.ws.addressing.JAXWSAConstants.ADDRESSING_PROPERTIES_OUTBOUND);
        if (maps instanceof org.apache.cxf.ws.addressing.AddressingProperties a && a.getAction() != null
                && a.getAction().getValue() != null && a.getAction().getValue().matches(".*/Fault/\\w*(Exception|Error)")) {
            org.apache.cxf.ws.addressing.AttributedURIType generic = new org.apache.cxf.ws.addressing.AttributedURIType();
            generic.setValue("http://www.w3.org/2005/08/addressing/soap/fault");
            a.setAction(generic);
        }
    }

    /** The fault as the contract types it (a typed detail, or an endpoint's typed exception), or null. */
    private static DojiException typed(Fault fault) {
        if (fault.hasDetails()) {
            for (Node n = fault.getDetail().getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && e.getNamespaceURI() != null && (TYPES_NS.equals(e.getNamespaceURI())
                        || e.getNamespaceURI().startsWith(OASIS_WSRF) || e.getNamespaceURI().startsWith(OASIS_WSN))) {
                    return new DojiException(BaseFaults.kindOf(e.getLocalName()), text(e, "ErrorCode"), text(e, "Description"));
                }
            }
        }
        if (fault.getCause() instanceof Exception cause && cause.getClass().getPackageName().startsWith("org.doji.contract")) {
            return Faults.fromFault(cause);
        }
        return null;
    }

    /** Types a fault CXF raised: bad input the caller can fix, or an internal error named by a log reference. */
    private DojiException untyped(Fault fault, String operation) {
        DojiException domain = domainCause(fault);
        if (domain != null && domain.kind() == FaultKind.NOT_AUTHORIZED) {
            // refused before any operation was known (a one-way port's authentication)
            attach(fault, "NotAuthorizedFault", org.doji.contract.types.NotAuthorizedFaultType.class,
                    fill(new org.doji.contract.types.NotAuthorizedFaultType(), domain.errorCode(), domain.getMessage()));
            return domain;
        }
        boolean refusedByUs = domain != null && domain.kind() == FaultKind.INVALID_REQUEST;
        String code = refusedByUs ? domain.errorCode() : BadInput.classify(fault);
        if (code != null) {
            String description = refusedByUs ? domain.getMessage() : BadInput.describe(code, fault);
            InvalidRequestFaultType info = fill(new InvalidRequestFaultType(), code, description);
            attach(fault, "InvalidRequestFault", InvalidRequestFaultType.class, info);
            return DojiException.invalid(code, description);
        }
        String reference = UUID.randomUUID().toString().substring(0, 8);
        log.error("{} {}: internal error, reference {}", originator, operation, reference, fault);
        String description = "internal error (reference " + reference + " in the server's log)";
        attach(fault, "InternalErrorFault", InternalErrorFaultType.class,
                fill(new InternalErrorFaultType(), "INTERNAL_ERROR", description));
        return new DojiException(FaultKind.INTERNAL_ERROR, "INTERNAL_ERROR", description);
    }

    private <T extends DojiFaultType> T fill(T info, String code, String description) {
        BaseFaults.fill(info, clock.instant(), code, xmlSafe(description));
        info.setService(originator);
        return info;
    }

    private <T> void attach(Fault fault, String element, Class<T> type, T info) {
        try {
            Document doc = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().newDocument();
            jaxb.createMarshaller().marshal(new JAXBElement<>(new QName(TYPES_NS, element), type, info), doc);
            Element detail = fault.getOrCreateDetail();
            while (detail.getFirstChild() != null) {
                detail.removeChild(detail.getFirstChild());
            }
            detail.appendChild(detail.getOwnerDocument().importNode(doc.getDocumentElement(), true));
            fault.setMessage(BaseFaults.description((DojiFaultType) info));
        } catch (Exception marshalFailure) {
            fault.setMessage("internal error");
        }
    }

    private static DojiException domainCause(Throwable t) {
        for (; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof DojiException d) {
                return d;
            }
        }
        return null;
    }

    private static String text(Element e, String child) {
        var nodes = e.getElementsByTagNameNS(BASE_FAULTS_NS, child);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent();
    }

    /**
     * The text with every character XML 1.0 cannot carry (NUL and most C0 controls, lone surrogates) replaced by
     * U+FFFD: a fault's text may quote what the caller sent, and the answer must still be XML.
     */
    static String xmlSafe(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
            if (pair) {
                out.append(c).append(text.charAt(++i));
            } else if (c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)) {
                out.append(c);
            } else {
                out.append('\uFFFD');
            }
        }
        return out.toString();
    }

    /** The text with control characters escaped, so what a caller sent cannot forge log lines. */
    static String printable(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (Character.isISOControl(c)) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }

    private static String operation(SoapMessage message) {
        BindingOperationInfo op = message.getExchange() == null ? null : message.getExchange().getBindingOperationInfo();
        return op == null ? "(no operation)" : op.getName().getLocalPart();
    }
}
