package org.doji.rm.soap;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.JAXBException;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.doji.rm.fault.DojiException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * WS-ResourceProperties GetResourceProperty: the children of a resource properties document with a
 * given qualified name (or the whole document when its own name is asked for).
 */
public final class ResourceProperties {

    private static final JAXBContext CONTEXT = createContext();

    private ResourceProperties() {
    }

    private static JAXBContext createContext() {
        try {
            return JAXBContext.newInstance(org.doji.contract.types.ObjectFactory.class);
        } catch (JAXBException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Elements of {@code document} (a JAXB type with an element declaration in the types namespace) named {@code property}. */
    public static <T> List<Object> select(T document, QName property) {
        if (property == null) {
            throw DojiException.invalidField("property", "NO_PROPERTY", "name the resource property to get");
        }
        Element root = toDom(document);
        List<Object> out = new ArrayList<>();
        if (property.getNamespaceURI().equals(root.getNamespaceURI()) && property.getLocalPart().equals(root.getLocalName())) {
            out.add(root);
            return out;
        }
        for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && property.getLocalPart().equals(e.getLocalName())
                    && property.getNamespaceURI().equals(e.getNamespaceURI() == null ? "" : e.getNamespaceURI())) {
                out.add(e);
            }
        }
        if (out.isEmpty() && !knownProperty(root, property)) {
            throw DojiException.invalidField("property", "UNKNOWN_RESOURCE_PROPERTY", "no resource property " + property
                    + " in " + root.getLocalName() + "; properties are the child elements of the document, in namespace "
                    + root.getNamespaceURI());
        }
        return out;
    }

    /** A property that exists in the schema but has no value now answers empty rather than a fault. */
    private static boolean knownProperty(Element root, QName property) {
        return property.getNamespaceURI().equals(root.getNamespaceURI())
                && OPTIONAL_NAMES.contains(property.getLocalPart());
    }

    private static final List<String> OPTIONAL_NAMES = List.of("spec", "allocation", "pendingSpec",
            "pendingAllocation", "holdExpires", "reason", "plan", "rm",
            // the RM's own status document
            "domain", "reservationState", "lifecycleState", "property");

    /**
     * A resource-properties document as a client receives it in an OASIS answer's xsd:any (a DOM element, or a JAXB
     * element when the client's binding knows the type), as the contract's type; a document of another type is
     * the server's error.
     */
    public static <T> T read(Object any, Class<T> type) {
        Object value = any;
        try {
            if (any instanceof Element element) {
                value = CONTEXT.createUnmarshaller().unmarshal(element);
            }
        } catch (JAXBException e) {
            throw new DojiException(org.doji.rm.fault.FaultKind.INTERNAL_ERROR, "BAD_DOCUMENT",
                    "the answer's resource-properties document cannot be read: " + e.getMessage());
        }
        if (value instanceof JAXBElement<?> wrapped) {
            value = wrapped.getValue();
        }
        if (!type.isInstance(value)) {
            throw new DojiException(org.doji.rm.fault.FaultKind.INTERNAL_ERROR, "UNEXPECTED_DOCUMENT",
                    "expected a " + type.getSimpleName() + " document, the answer holds "
                            + (value == null ? "nothing" : value.getClass().getSimpleName()));
        }
        return type.cast(value);
    }

    /** The resource-properties document as a DOM element (for the OASIS operations' xsd:any answers). */
    public static Element document(Object document) {
        return toDom(document);
    }

    private static Element toDom(Object document) {
        try {
            Document doc = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().newDocument();
            Object element = document;
            if (!(document instanceof JAXBElement<?>)) {
                String local = document.getClass().getSimpleName();
                @SuppressWarnings({"unchecked", "rawtypes"})
                JAXBElement<?> wrapped = new JAXBElement(new QName(ResourceReferences.TYPES_NS, local), document.getClass(), document);
                element = wrapped;
            }
            CONTEXT.createMarshaller().marshal(element, doc);
            return doc.getDocumentElement();
        } catch (Exception e) {
            throw new IllegalStateException("cannot render resource properties", e);
        }
    }
}
