package org.doji.it.fuzz;

import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.doji.rm.soap.page.SampleXml;
import org.doji.rm.soap.page.ServicePort;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * A schema-based SOAP fuzzer: each case starts from a valid request of one of the port's operations, generated from
 * the port's own schema ({@link SampleXml}, what the service pages show), and applies one to three seeded mutations
 * that follow the grammar (drop, repeat, rename or retype an element, hostile values in text and attributes, unknown
 * elements, attributes and headers, another operation's SOAPAction or none, the other SOAP version, DOCTYPEs and
 * processing instructions) or break it (truncation, flipped bytes, a wrong content type). A case is a pure function
 * of (port, seed), so any failure is replayed from its printed seed.
 */
final class SoapFuzzer {

    /** One message to send: where, with which headers, what; and the mutations that made it. */
    record Case(String port, long seed, String url, String contentType, String soapAction, byte[] body, List<String> mutations) {
        @Override
        public String toString() {
            return port + " seed " + seed + " " + mutations + " action=" + soapAction + " type=" + contentType;
        }
    }

    private static final String SOAP11 = SampleXml.SOAP11;
    private static final String SOAP12 = SampleXml.SOAP12;
    private static final String[] HOSTILE = {"", " ", "-1", "0", "-0", "2147483648", "9223372036854775808", "1e308",
            "NaN", "INF", "-INF", "0x10", "true", "9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z", "2030-02-30T00:00:00Z",
            "P1000000Y", "PT-1S", "-P1D", "\u202e\u0644\u0627", "\uD83D\uDE00", "a\u0085b", "a\tb\nc", "x".repeat(300),
            "co-00000000000000000000", "r-" + "0".repeat(62), "../../etc/passwd", "' OR '1'='1", "<b>x</b>", "%s%n%x",
            "${jndi:ldap://127.0.0.1:9/x}", "http://169.254.169.254/", "urn:bogus", "&amp;lt;", "\u0000".replace('\u0000', 'Z')};

    private final String name;
    private final String url;
    private final ServicePort port;
    private final SampleXml samples;
    private final List<String> actions = new ArrayList<>();

    SoapFuzzer(String name, String url, ServicePort port) {
        this.name = name;
        this.url = url;
        this.port = port;
        this.samples = new SampleXml(port.schemas());
        port.operations().forEach(o -> actions.add(o.soapAction()));
    }

    @Override
    public String toString() {
        return name;
    }

    Case next(long seed) {
        Random random = new Random(seed);
        ServicePort.Operation op = port.operations().get(random.nextInt(port.operations().size()));
        boolean soap12 = random.nextInt(4) == 0;
        String envelopeNs = soap12 ? SOAP12 : SOAP11;
        String xml = samples.envelope(envelopeNs, List.of(op.input()));
        String action = op.soapAction();
        String target = soap12 ? url + "/soap12" : url;
        List<String> mutations = new ArrayList<>();
        String contentType = null;
        int count = 1 + random.nextInt(3);
        try {
            Document doc = parse(xml);
            for (int i = 0; i < count; i++) {
                int kind = random.nextInt(16);
                switch (kind) {
                    case 0 -> mutations.add(drop(doc, random));
                    case 1 -> mutations.add(repeat(doc, random));
                    case 2, 3 -> mutations.add(text(doc, random));
                    case 4 -> mutations.add(attribute(doc, random));
                    case 5 -> mutations.add(insert(doc, random));
                    case 6 -> mutations.add(rename(doc, random));
                    case 7 -> mutations.add(header(doc, random, envelopeNs));
                    case 8 -> {
                        action = switch (random.nextInt(4)) {
                            case 0 -> "urn:bogus";
                            case 1 -> "";
                            case 2 -> null;
                            default -> actions.get(random.nextInt(actions.size()));
                        };
                        mutations.add("action " + action);
                    }
                    case 9 -> {
                        target = random.nextBoolean() ? url : url + "/soap12";
                        mutations.add("address " + target.substring(target.lastIndexOf('/')));
                    }
                    default -> mutations.add("later");
                }
            }
            xml = serialize(doc);
        } catch (Exception e) {
            throw new IllegalStateException("sample of " + op.name() + " does not parse", e);
        }
        // byte- and text-level mutations after the document ones
        for (int i = 0; i < mutations.size(); i++) {
            if (!mutations.get(i).equals("later")) {
                continue;
            }
            int kind = random.nextInt(6);
            switch (kind) {
                case 0 -> {
                    int at = random.nextInt(Math.max(1, xml.length()));
                    xml = xml.substring(0, at);
                    mutations.set(i, "truncate at " + at);
                }
                case 1 -> {
                    xml = xml.replace(SOAP11, "#S11#").replace(SOAP12, SOAP11).replace("#S11#", SOAP12);
                    mutations.set(i, "other SOAP version");
                }
                case 2 -> {
                    String[] prologs = {"<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>",
                            "<!DOCTYPE x SYSTEM \"http://127.0.0.1:9/x.dtd\">", "<?xml-stylesheet href=\"x\"?>",
                            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>", "\uFEFF", "<?xml version=\"1.1\"?>", "<!-- c -->"};
                    String prolog = prologs[random.nextInt(prologs.length)];
                    xml = prolog + xml;
                    mutations.set(i, "prolog " + prolog);
                }
                case 3 -> {
                    String[] types = {"text/plain", "application/json", "multipart/related", "text/xml; charset=EBCDIC-bogus",
                            "application/soap+xml; charset=UTF-8; action=\"urn:bogus\"", "text/xml; charset=UTF-16",
                            "application/x-www-form-urlencoded"};
                    contentType = types[random.nextInt(types.length)];
                    mutations.set(i, "content type " + contentType);
                }
                case 4 -> {
                    char[] chars = xml.toCharArray();
                    int flips = 1 + random.nextInt(4);
                    for (int f = 0; f < flips && chars.length > 0; f++) {
                        String alphabet = "<>&\"'/=:x \u0001]";
                        chars[random.nextInt(chars.length)] = alphabet.charAt(random.nextInt(alphabet.length()));
                    }
                    xml = new String(chars);
                    mutations.set(i, "flip " + flips + " characters");
                }
                default -> {
                    int depth = 20 + random.nextInt(120);
                    xml = xml.replaceFirst("(<[a-zA-Z0-9]+:Body[^>]*>)", "$1" + "<z:d xmlns:z=\"urn:z\">".repeat(depth)
                            + "</z:d>".repeat(depth));
                    mutations.set(i, "nest " + depth + " deep in the body");
                }
            }
        }
        boolean toSoap12 = target.endsWith("/soap12");
        if (contentType == null) {
            contentType = toSoap12 ? "application/soap+xml; charset=UTF-8" + (action == null ? "" : "; action=\"" + action + "\"")
                    : "text/xml; charset=UTF-8";
        }
        String soapAction = toSoap12 || action == null ? null : "\"" + action + "\"";
        return new Case(name, seed, target, contentType, soapAction, xml.getBytes(StandardCharsets.UTF_8), mutations);
    }

    private static List<Element> bodyElements(Document doc) {
        List<Element> out = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            String ns = e.getNamespaceURI();
            if (!SOAP11.equals(ns) && !SOAP12.equals(ns)) {
                out.add(e);
            }
        }
        return out;
    }

    private static Element pick(Document doc, Random random) {
        List<Element> elements = bodyElements(doc);
        return elements.isEmpty() ? null : elements.get(random.nextInt(elements.size()));
    }

    private static String drop(Document doc, Random random) {
        Element e = pick(doc, random);
        if (e == null) {
            return "drop nothing";
        }
        e.getParentNode().removeChild(e);
        return "drop " + e.getLocalName();
    }

    private static String repeat(Document doc, Random random) {
        Element e = pick(doc, random);
        if (e == null) {
            return "repeat nothing";
        }
        int times = random.nextInt(5) == 0 ? 70 : 1 + random.nextInt(2);
        for (int i = 0; i < times; i++) {
            e.getParentNode().insertBefore(e.cloneNode(true), e.getNextSibling());
        }
        return "repeat " + e.getLocalName() + " x" + times;
    }

    private static String text(Document doc, Random random) {
        Element e = pick(doc, random);
        if (e == null) {
            return "text nothing";
        }
        String value = HOSTILE[random.nextInt(HOSTILE.length)];
        e.setTextContent(value);
        return "text of " + e.getLocalName() + " = " + abbreviate(value);
    }

    private static String attribute(Document doc, Random random) {
        Element e = pick(doc, random);
        if (e == null) {
            return "attribute nothing";
        }
        String value = HOSTILE[random.nextInt(HOSTILE.length)];
        if (e.getAttributes().getLength() > 0 && random.nextBoolean()) {
            Node a = e.getAttributes().item(random.nextInt(e.getAttributes().getLength()));
            a.setNodeValue(value);
            return "attribute " + a.getNodeName() + " of " + e.getLocalName() + " = " + abbreviate(value);
        }
        e.setAttributeNS("urn:evil", "ev:a", value);
        return "new attribute on " + e.getLocalName();
    }

    private static String insert(Document doc, Random random) {
        Element e = pick(doc, random);
        Element parent = e == null ? body(doc) : e;
        Element inserted = random.nextBoolean() ? doc.createElementNS("urn:evil", "ev:unexpected")
                : doc.createElementNS(parent.getNamespaceURI(), (parent.getPrefix() == null ? "" : parent.getPrefix() + ":") + "unexpected");
        inserted.setTextContent("1");
        parent.appendChild(inserted);
        return "insert into " + parent.getLocalName();
    }

    private static String rename(Document doc, Random random) {
        Element e = pick(doc, random);
        if (e == null) {
            return "rename nothing";
        }
        String ns = random.nextBoolean() ? e.getNamespaceURI() : "urn:evil";
        doc.renameNode(e, ns, (e.getPrefix() == null ? "" : e.getPrefix() + ":") + e.getLocalName() + "X");
        return "rename " + e.getLocalName();
    }

    private static String header(Document doc, Random random, String envelopeNs) {
        Element envelope = doc.getDocumentElement();
        Element header = null;
        for (Node n = envelope.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element h && "Header".equals(h.getLocalName())) {
                header = h;
            }
        }
        if (header == null) {
            header = doc.createElementNS(envelopeNs, "soap:Header");
            envelope.insertBefore(header, envelope.getFirstChild());
        }
        String[] kinds = {"security", "mustUnderstand", "action", "key", "to"};
        String kind = kinds[random.nextInt(kinds.length)];
        Element h = switch (kind) {
            case "security" -> {
                Element s = doc.createElementNS("http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd", "wsse:Security");
                Element token = doc.createElementNS(s.getNamespaceURI(), "wsse:UsernameToken");
                token.setTextContent(HOSTILE[random.nextInt(HOSTILE.length)]);
                s.appendChild(token);
                yield s;
            }
            case "mustUnderstand" -> {
                Element m = doc.createElementNS("urn:evil", "ev:mustKnow");
                m.setAttributeNS(envelopeNs, "soap:mustUnderstand", envelopeNs.equals(SOAP11) ? "1" : "true");
                yield m;
            }
            case "action" -> {
                Element a = doc.createElementNS("http://www.w3.org/2005/08/addressing", "wsa:Action");
                a.setTextContent("urn:bogus");
                yield a;
            }
            case "key" -> {
                Element k = doc.createElementNS("http://doji.org/ns/2026/types", "t:ResourceKey");
                k.setTextContent(HOSTILE[random.nextInt(HOSTILE.length)]);
                yield k;
            }
            default -> {
                Element t = doc.createElementNS("http://www.w3.org/2005/08/addressing", "wsa:To");
                t.setTextContent("http://169.254.169.254/");
                yield t;
            }
        };
        header.appendChild(h);
        return "header " + kind;
    }

    private static Element body(Document doc) {
        NodeList b = doc.getElementsByTagNameNS("*", "Body");
        return (Element) b.item(0);
    }

    private static String abbreviate(String s) {
        return s.length() > 20 ? s.substring(0, 20) + "…(" + s.length() + ")" : s;
    }

    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newDefaultNSInstance();
        return f.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    }

    private static String serialize(Document doc) throws Exception {
        var t = TransformerFactory.newDefaultInstance().newTransformer();
        t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
        StringWriter out = new StringWriter();
        t.transform(new DOMSource(doc), new StreamResult(out));
        return out.toString();
    }
}
