package org.doji.rm.soap;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpression;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import javax.xml.xpath.XPathFactoryConfigurationException;
import org.doji.rm.fault.DojiException;
import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * WS-ResourceProperties QueryResourceProperties with the XPath 1.0 dialect: the expression is evaluated with the
 * resource-properties document's root as the context node. Prefixes {@code t}, {@code rm} and {@code grc} name
 * Doji's namespaces ({@code local-name()} works without any). A node-set answers its elements (attributes and text
 * as text); any other result (a number, a string, a boolean) answers as text. Bounded: expressions of at most
 * {@value #MAX_EXPRESSION} characters, no extension functions, no variables.
 */
public final class ResourcePropertyQuery {

    public static final String XPATH_1 = "http://www.w3.org/TR/1999/REC-xpath-19991116";
    static final int MAX_EXPRESSION = 1_024;
    private static final Map<String, String> PREFIXES = Map.of(
            "t", "http://doji.org/ns/2026/types", "rm", "http://doji.org/ns/2026/rm", "grc", "http://doji.org/ns/2026/grc");

    private ResourcePropertyQuery() {
    }

    /** What {@code expression} (in {@code dialect}) selects in {@code document}: elements and text. */
    public static List<Object> evaluate(Element document, String dialect, String expression) {
        if (!XPATH_1.equals(dialect == null ? null : dialect.trim())) {
            throw DojiException.invalidField("QueryExpression/@Dialect", WsrfFaults.UNKNOWN_DIALECT,
                    "unknown query dialect " + dialect + "; the dialect understood is XPath 1.0 (" + XPATH_1 + ")");
        }
        String text = expression == null ? "" : expression.trim();
        if (text.isEmpty() || text.length() > MAX_EXPRESSION) {
            throw DojiException.invalidField("QueryExpression", WsrfFaults.INVALID_QUERY,
                    "the XPath expression must have 1 to " + MAX_EXPRESSION + " characters");
        }
        XPathExpression compiled;
        try {
            compiled = xpath().compile(text);
        } catch (XPathExpressionException e) {
            throw DojiException.invalidField("QueryExpression", WsrfFaults.INVALID_QUERY,
                    "not an XPath 1.0 expression: " + text);
        }
        List<Object> out = new ArrayList<>();
        try {
            NodeList nodes = (NodeList) compiled.evaluate(document, XPathConstants.NODESET);
            for (int i = 0; i < nodes.getLength(); i++) {
                Node n = nodes.item(i);
                out.add(n instanceof Element e ? e : n instanceof Attr a ? a.getValue() : n.getTextContent());
            }
            return out;
        } catch (XPathExpressionException notANodeSet) {
            try {
                out.add(compiled.evaluate(document, XPathConstants.STRING));
                return out;
            } catch (XPathExpressionException e) {
                throw DojiException.invalidField("QueryExpression", WsrfFaults.QUERY_FAILED,
                        "the XPath expression could not be evaluated on the resource-properties document: " + text);
            }
        }
    }

    private static XPath xpath() {
        XPathFactory factory = XPathFactory.newInstance();
        try {
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        } catch (XPathFactoryConfigurationException e) {
            throw new IllegalStateException(e);
        }
        XPath xpath = factory.newXPath();
        xpath.setXPathFunctionResolver((name, arity) -> null);
        xpath.setXPathVariableResolver(name -> null);
        xpath.setNamespaceContext(new NamespaceContext() {
            @Override
            public String getNamespaceURI(String prefix) {
                return PREFIXES.getOrDefault(prefix, XMLConstants.NULL_NS_URI);
            }

            @Override
            public String getPrefix(String uri) {
                return PREFIXES.entrySet().stream().filter(e -> e.getValue().equals(uri)).map(Map.Entry::getKey)
                        .findFirst().orElse(null);
            }

            @Override
            public Iterator<String> getPrefixes(String uri) {
                String prefix = getPrefix(uri);
                return prefix == null ? List.<String>of().iterator() : List.of(prefix).iterator();
            }
        });
        return xpath;
    }
}
