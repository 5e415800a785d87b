package org.doji.rm.testing;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A SOAP message exactly as a client sent it (body, content type, SOAPAction), captured by a stand-in server that
 * refuses it, to be posted again as it was: what an attacker who read it on the wire can do.
 */
public record CapturedMessage(String body, String contentType, String soapAction) {

    /** A client sending its message to the address it is given. */
    public interface Client {
        void send(String address) throws Exception;
    }

    /** Captures what {@code client} sends to the address it is given (a stand-in for a port at {@code path}). */
    public static CapturedMessage of(String path, Client client) throws Exception {
        AtomicReference<CapturedMessage> seen = new AtomicReference<>();
        HttpServer recorder = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        recorder.createContext(path, exchange -> {
            seen.set(new CapturedMessage(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8),
                    exchange.getRequestHeaders().getFirst("Content-Type"), exchange.getRequestHeaders().getFirst("SOAPAction")));
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
        });
        recorder.start();
        try {
            client.send("http://127.0.0.1:" + recorder.getAddress().getPort() + path);
        } catch (Exception refused) {
            // the stand-in refused it: what was sent is what counts
        } finally {
            recorder.stop(0);
        }
        if (seen.get() == null) {
            throw new IllegalStateException("the client sent nothing to " + path);
        }
        return seen.get();
    }

    /** Posts the message again, as it was, to {@code url}. */
    public HttpResponse<String> postTo(String url) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (soapAction != null) {
            b.header("SOAPAction", soapAction);
        }
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
