package org.doji.rm.soap.page;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Puts a WSDL's messages into a readable, stable order: as its port types use them, operation by operation (input,
 * output, faults), then any others by name. CXF writes the WSDL it serves at {@code ?wsdl} from WSDL4J's model,
 * whose messages come out in hash order; everything else keeps its place.
 */
final class WsdlOrder {

    static final String WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";

    private WsdlOrder() {
    }

    /** The WSDL with its messages reordered; the input itself if it is not a WSDL this can read. */
    static byte[] readable(byte[] wsdl) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultNSInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(wsdl));
            Element root = doc.getDocumentElement();
            if (!WSDL_NS.equals(root.getNamespaceURI()) || !reorder(root)) {
                return wsdl;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(wsdl.length + 256);
            var transformer = TransformerFactory.newDefaultInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            transformer.transform(new DOMSource(doc), new StreamResult(out));
            return out.toByteArray();
        } catch (Exception unreadable) {
            return wsdl; // served as CXF wrote it
        }
    }

    /** Reorders the messages in place; false if there are none. */
    private static boolean reorder(Element root) {
        Map<String, Element> messages = new LinkedHashMap<>();
        Node anchor = null;
        for (Element e : children(root, "message")) {
            messages.put(e.getAttribute("name"), e);
            anchor = anchor == null ? e : anchor;
        }
        if (messages.isEmpty()) {
            return false;
        }
        List<Element> ordered = new ArrayList<>();
        for (Element portType : children(root, "portType")) {
            for (Element operation : children(portType, "operation")) {
                for (Node n = operation.getFirstChild(); n != null; n = n.getNextSibling()) {
                    if (n instanceof Element use && use.hasAttribute("message")) {
                        Element message = messages.remove(localPart(use.getAttribute("message")));
                        if (message != null) {
                            ordered.add(message);
                        }
                    }
                }
            }
        }
        ordered.addAll(new TreeMap<>(messages).values());
        Node before = anchor.getPreviousSibling();
        String indent = before != null && before.getNodeType() == Node.TEXT_NODE && before.getTextContent().isBlank()
                ? before.getTextContent() : null;
        for (Element message : ordered) {
            Node after = message.getNextSibling();
            if (after != null && after.getNodeType() == Node.TEXT_NODE && after.getTextContent().isBlank()) {
                root.removeChild(after); // its line break goes with it
            }
            root.removeChild(message);
        }
        Node next = before == null ? root.getFirstChild() : before.getNextSibling();
        for (Element message : ordered) {
            root.insertBefore(message, next);
            if (indent != null) {
                root.insertBefore(root.getOwnerDocument().createTextNode(indent), next);
            }
        }
        return true;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && WSDL_NS.equals(e.getNamespaceURI()) && name.equals(e.getLocalName())) {
                out.add(e);
            }
        }
        return out;
    }

    private static String localPart(String qname) {
        return qname.substring(qname.indexOf(':') + 1);
    }
}
