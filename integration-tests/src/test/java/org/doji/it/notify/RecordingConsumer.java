package org.doji.it.notify;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A WS-BaseNotification consumer written without Doji's code: an HTTP server that keeps every request body and
 * answers with a status the test sets (202, or 503 to play an unreachable consumer).
 */
public final class RecordingConsumer implements AutoCloseable {

    public static final String WSNT = "http://docs.oasis-open.org/wsn/b-2";
    public static final String WSA = "http://www.w3.org/2005/08/addressing";
    public static final String TYPES = "http://doji.org/ns/2026/types";
    public static final String TOPICS = "http://doji.org/ns/2026/topics";

    /** One received wsnt:NotificationMessage, read from the XML as any consumer would. */
    public record Received(String topic, String topicNamespace, String dialect, String subscription, String producer,
                           String resource, String state) {
    }

    private final HttpServer server;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<String> refused = new CopyOnWriteArrayList<>();
    private volatile int status = 202;

    public RecordingConsumer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/consumer", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            int answer = status;
            (answer < 300 ? bodies : refused).add(body);
            exchange.sendResponseHeaders(answer, -1);
            exchange.close();
        });
        server.start();
    }

    public String address() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/consumer";
    }

    /** From now on answer {@code status} (2xx: taken; else refused, so the sender must retry). */
    public void answer(int status) {
        this.status = status;
    }

    public List<String> bodies() {
        return List.copyOf(bodies);
    }

    public int refusedCount() {
        return refused.size();
    }

    /** Every notification message taken so far, in arrival order. */
    public List<Received> messages() throws Exception {
        List<Received> out = new ArrayList<>();
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        for (String body : bodies) {
            Element envelope = f.newDocumentBuilder()
                    .parse(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
            NodeList messages = envelope.getElementsByTagNameNS(WSNT, "NotificationMessage");
            for (int i = 0; i < messages.getLength(); i++) {
                Element m = (Element) messages.item(i);
                Element topic = first(m, WSNT, "Topic");
                String topicText = topic == null ? null : topic.getTextContent().trim();
                String prefix = topicText == null || !topicText.contains(":") ? null
                        : topicText.substring(0, topicText.indexOf(':'));
                out.add(new Received(topicText == null ? null : topicText.substring(topicText.indexOf(':') + 1),
                        prefix == null ? null : topic.lookupNamespaceURI(prefix),
                        topic == null ? null : topic.getAttribute("Dialect"),
                        address(first(m, WSNT, "SubscriptionReference")), address(first(m, WSNT, "ProducerReference")),
                        text(first(m, TYPES, "resource")), text(first(m, TYPES, "coAllocationState"))));
            }
        }
        return out;
    }

    private static Element first(Element in, String ns, String name) {
        NodeList l = in.getElementsByTagNameNS(ns, name);
        return l.getLength() == 0 ? null : (Element) l.item(0);
    }

    private static String address(Element epr) {
        return epr == null ? null : text(first(epr, WSA, "Address"));
    }

    private static String text(Element e) {
        return e == null ? null : e.getTextContent().trim();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
