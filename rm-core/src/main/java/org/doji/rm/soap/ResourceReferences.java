package org.doji.rm.soap;

import jakarta.xml.ws.wsaddressing.W3CEndpointReference;
import jakarta.xml.ws.wsaddressing.W3CEndpointReferenceBuilder;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.doji.contract.addressing.AttributedURIType;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.addressing.ReferenceParametersType;
import org.w3c.dom.DOMImplementation;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Implied-resource pattern: a WS-Resource's EPR carries its key twice, as the reference parameter
 * {@code t:ResourceKey} (sent back as a SOAP header by WS-Addressing-aware clients) and as {@code ?res=}
 * in the address (for clients that ignore reference parameters).
 */
public final class ResourceReferences {

    public static final String TYPES_NS = "http://doji.org/ns/2026/types";
    public static final QName RESOURCE_KEY = new QName(TYPES_NS, "ResourceKey");
    private static final String WSA_NS = "http://www.w3.org/2005/08/addressing";
    private static final String XMLNS_NS = "http://www.w3.org/2000/xmlns/";

    /** Creates empty documents; stateless, so one serves all threads. */
    private static final DOMImplementation DOM = domImplementation();

    private ResourceReferences() {
    }

    public static String addressOf(String serviceAddress, String key) {
        return serviceAddress + "?res=" + URLEncoder.encode(key, StandardCharsets.UTF_8);
    }

    /** The EPR of a resource: address with {@code ?res=key} and the key as reference parameter. */
    public static EndpointReferenceType reference(String serviceAddress, String key) {
        ReferenceParametersType parameters = new ReferenceParametersType();
        parameters.getAny().add(keyElement(key));
        EndpointReferenceType epr = endpoint(addressOf(serviceAddress, key));
        epr.setReferenceParameters(parameters);
        return epr;
    }

    /** An EPR with just an address (a notification consumer). */
    public static EndpointReferenceType endpoint(String address) {
        AttributedURIType uri = new AttributedURIType();
        uri.setValue(address);
        EndpointReferenceType epr = new EndpointReferenceType();
        epr.setAddress(uri);
        return epr;
    }

    /**
     * The same EPR for JAX-WS's {@code Service.getPort(EndpointReference, ...)}. Costly: jakarta.xml.ws-api 4.0
     * builds a JAXB context per {@link W3CEndpointReference} instance, which is why the contract binds
     * wsa:EndpointReferenceType to the generated {@link EndpointReferenceType} instead.
     */
    public static W3CEndpointReference toW3C(EndpointReferenceType epr) {
        W3CEndpointReferenceBuilder builder = new W3CEndpointReferenceBuilder().address(addressOf(epr));
        if (epr.getReferenceParameters() != null) {
            for (Object p : epr.getReferenceParameters().getAny()) {
                if (p instanceof Element e) {
                    builder.referenceParameter(e);
                }
            }
        }
        return builder.build();
    }

    /**
     * The same EPR as {@link #reference}, as a DOM element named {@code name} (the RM port's reserve answer binds
     * its EPR as DOM).
     */
    public static Element referenceElement(QName name, String serviceAddress, String key) {
        Document doc = newDocument();
        Element epr = doc.createElementNS(name.getNamespaceURI(), "r:" + name.getLocalPart());
        epr.setAttributeNS(XMLNS_NS, "xmlns:r", name.getNamespaceURI());
        epr.setAttributeNS(XMLNS_NS, "xmlns:wsa", WSA_NS);
        epr.setAttributeNS(XMLNS_NS, "xmlns:t", TYPES_NS);
        Element address = doc.createElementNS(WSA_NS, "wsa:Address");
        address.setTextContent(addressOf(serviceAddress, key));
        Element parameters = doc.createElementNS(WSA_NS, "wsa:ReferenceParameters");
        Element keyElement = doc.createElementNS(TYPES_NS, "t:ResourceKey");
        keyElement.setTextContent(key);
        parameters.appendChild(keyElement);
        epr.appendChild(address);
        epr.appendChild(parameters);
        doc.appendChild(epr);
        return epr;
    }

    /** The key of an EPR given as DOM: the reference parameter if present, else {@code res=} of the address. */
    public static String keyOf(Element epr) {
        NodeList keys = epr.getElementsByTagNameNS(TYPES_NS, "ResourceKey");
        if (keys.getLength() > 0) {
            return keys.item(0).getTextContent().trim();
        }
        NodeList addresses = epr.getElementsByTagNameNS(WSA_NS, "Address");
        return addresses.getLength() == 0 ? null : keyFromQuery(queryOf(addresses.item(0).getTextContent().trim()));
    }

    /** The {@code <t:ResourceKey>} element for a key (a reference parameter or SOAP header). */
    public static Element keyElement(String key) {
        Document doc = newDocument();
        Element e = doc.createElementNS(TYPES_NS, "t:ResourceKey");
        e.setTextContent(key);
        doc.appendChild(e);
        return e;
    }

    /** The key of an EPR: the reference parameter if present, else {@code res=} of the address. */
    public static String keyOf(EndpointReferenceType epr) {
        if (epr.getReferenceParameters() != null) {
            for (Object p : epr.getReferenceParameters().getAny()) {
                // t:ResourceKey is no global element of the contract, so JAXB hands it over as DOM
                if (p instanceof Element e && TYPES_NS.equals(e.getNamespaceURI())
                        && RESOURCE_KEY.getLocalPart().equals(e.getLocalName())) {
                    return e.getTextContent().trim();
                }
            }
        }
        return keyFromQuery(queryOf(addressOf(epr)));
    }

    /** The address of an EPR, as given (with its query). */
    public static String addressOf(EndpointReferenceType epr) {
        if (epr.getAddress() == null || epr.getAddress().getValue() == null) {
            throw new IllegalArgumentException("endpoint reference without an address");
        }
        return epr.getAddress().getValue().trim();
    }

    /** The address without its query: the service the resource lives at. */
    public static String serviceAddressOf(EndpointReferenceType epr) {
        String address = addressOf(epr);
        int q = address.indexOf('?');
        return q < 0 ? address : address.substring(0, q);
    }

    public static String keyFromQuery(String query) {
        if (query == null) {
            return null;
        }
        for (String part : query.split("&")) {
            if (part.startsWith("res=")) {
                return URLDecoder.decode(part.substring(4), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static String queryOf(String address) {
        int q = address.indexOf('?');
        return q < 0 ? null : address.substring(q + 1);
    }

    private static Document newDocument() {
        // a new DocumentBuilder per call builds a whole Xerces parser configuration just to make an empty document
        return DOM.createDocument(null, null, null);
    }

    private static DOMImplementation domImplementation() {
        try {
            // the JDK's own factory: newInstance() searches the class path (ServiceLoader) on every call
            return DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().getDOMImplementation();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }
}
