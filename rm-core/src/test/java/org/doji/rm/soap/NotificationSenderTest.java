package org.doji.rm.soap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.xml.parsers.DocumentBuilderFactory;
import org.doji.contract.types.StateChange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/**
 * The sender keeps one client per consumer address: whatever it keeps, each Notify carries its own delivery's
 * reference parameters and change, and nothing of another's; deliveries to one consumer share its connections,
 * and bodies go unchunked (a chunked body meets Nagle and delayed ACKs on loopback).
 */
class NotificationSenderTest {

    private static final String NS = "urn:test:params";

    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private final List<String> transferEncodings = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private ExecutorService senders;

    @BeforeEach
    void consumer() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/a", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            clientPorts.add(exchange.getRemoteAddress().getPort());
            String te = exchange.getRequestHeaders().getFirst("Transfer-Encoding");
            if (te != null) {
                transferEncodings.add(te);
            }
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
        });
        server.createContext("/refusing", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
        });
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        senders = Executors.newFixedThreadPool(4);
    }

    @AfterEach
    void stop() {
        server.stop(0);
        senders.shutdownNow();
    }

    private String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    @Test
    void everyNotifyCarriesItsOwnReferenceParametersAndChangeOnlyWhenDeliveriesShareAConsumer() throws Exception {
        NotificationSender sender = new NotificationSender(Runnable::run);
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int n = i;
            // every third delivery has no reference parameters: none of another's may go along
            running.add(senders.submit(() -> sender.deliver(url("/a"), n % 3 == 0 ? List.of() : List.of(param("p" + n)),
                    new NotificationSender.Message(change("co-" + n), "Reserved", null, null))));
        }
        for (Future<?> f : running) {
            f.get();
        }
        assertThat(bodies).hasSize(40);
        for (String body : bodies) {
            Element envelope = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder()
                    .parse(new InputSource(new StringReader(body))).getDocumentElement();
            String resource = envelope.getElementsByTagNameNS("*", "resource").item(0).getTextContent();
            int n = Integer.parseInt(resource.substring(3));
            var params = envelope.getElementsByTagNameNS(NS, "subscription");
            if (n % 3 == 0) {
                assertThat(params.getLength()).as("reference parameters in %s", resource).isZero();
            } else {
                assertThat(params.getLength()).as("reference parameters in %s", resource).isEqualTo(1);
                assertThat(params.item(0).getTextContent()).isEqualTo("p" + n);
            }
        }
        assertThat(transferEncodings).as("chunked bodies").isEmpty();
    }

    @Test
    void deliveriesOneAfterTheOtherToOneConsumerShareOneConnection() {
        NotificationSender sender = new NotificationSender(Runnable::run);
        for (int i = 0; i < 10; i++) {
            sender.deliver(url("/a"), List.of(), new NotificationSender.Message(change("co-" + i), null, null, null));
        }
        assertThat(bodies).hasSize(10);
        assertThat(clientPorts).as("client ports the consumer saw").hasSize(1);
    }

    @Test
    void aConsumerThatRefusesFailsTheDeliveryAndTheNextDeliveryThereStillGoesOut() {
        NotificationSender sender = new NotificationSender(Runnable::run);
        var m = new NotificationSender.Message(change("co-1"), null, null, null);
        assertThatThrownBy(() -> sender.deliver(url("/refusing"), List.of(), m)).isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> sender.deliver(url("/refusing"), List.of(), m)).isInstanceOf(RuntimeException.class);
        sender.deliver(url("/a"), List.of(), m);
        assertThat(bodies).hasSize(1);
    }

    private static Element param(String value) {
        try {
            Element e = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().newDocument()
                    .createElementNS(NS, "s:subscription");
            e.setTextContent(value);
            return e;
        } catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static StateChange change(String resource) {
        StateChange c = new StateChange();
        c.setResource(resource);
        c.setProducer("grc");
        c.setTime(Instant.parse("2026-11-29T00:00:00Z"));
        return c;
    }
}
