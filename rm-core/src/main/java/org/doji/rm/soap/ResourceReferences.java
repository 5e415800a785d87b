package org.doji.rm.soap;

import jakarta.xml.ws.wsaddressing.W3CEndpointReference;
import jakarta.xml.ws.wsaddressing.W3CEndpointReferenceBuilder;
import java.io.StringWriter;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.dom.DOMResult;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
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

    private ResourceReferences() {
    }

    public static String addressOf(String serviceAddress, String key) {
        return serviceAddress + "?res=" + URLEncoder.encode(key, StandardCharsets.UTF_8);
    }

    public static W3CEndpointReference reference(String serviceAddress, String key) {
        return new W3CEndpointReferenceBuilder()
                .address(addressOf(serviceAddress, key))
                .referenceParameter(keyElement(key))
                .build();
    }

    /**
     * The same EPR as {@link #reference}, as a DOM element named {@code name} (the RM port's reserve answer binds
     * its EPR as DOM: a {@link W3CEndpointReference} builds a JAXB context per instance).
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
    public static String keyOf(W3CEndpointReference epr) {
        Element root = toElement(epr);
        NodeList keys = root.getElementsByTagNameNS(TYPES_NS, "ResourceKey");
        if (keys.getLength() > 0) {
            return keys.item(0).getTextContent().trim();
        }
        return keyFromQuery(queryOf(addressOf(epr)));
    }

    /** The address of an EPR, as given (with its query). */
    public static String addressOf(W3CEndpointReference epr) {
        NodeList addresses = toElement(epr).getElementsByTagNameNS(WSA_NS, "Address");
        if (addresses.getLength() == 0) {
            throw new IllegalArgumentException("endpoint reference without an address");
        }
        return addresses.item(0).getTextContent().trim();
    }

    /** The address without its query: the service the resource lives at. */
    public static String serviceAddressOf(W3CEndpointReference epr) {
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

    public static String toXml(W3CEndpointReference epr) {
        StringWriter out = new StringWriter();
        epr.writeTo(new StreamResult(out));
        return out.toString();
    }

    private static Element toElement(W3CEndpointReference epr) {
        DOMResult result = new DOMResult(newDocument());
        epr.writeTo(result);
        Node node = result.getNode();
        Node root = node instanceof Document d ? d.getDocumentElement() : node;
        return (Element) root;
    }

    private static Document newDocument() {
        try {
            // the JDK's own factory: newInstance() searches the class path (ServiceLoader) on every call
            return DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }
}
