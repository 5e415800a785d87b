package org.doji.it.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy's faults as a caller sees them, against a plain HTTP target that counts what reaches it. */
class FaultProxyTest {

    private static final String SOAP = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Body><reserve/></soap:Body></soap:Envelope>";

    private final AtomicInteger served = new AtomicInteger();
    private HttpServer target;
    private FaultProxy proxy;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeEach
    void start() throws IOException {
        target = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 8);
        target.createContext("/rm", ex -> {
            ex.getRequestBody().readAllBytes();
            served.incrementAndGet();
            byte[] answer = ("<answer>" + "x".repeat(4000) + "</answer>").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, answer.length);
            ex.getResponseBody().write(answer);
            ex.close();
        });
        target.start();
        proxy = new FaultProxy("rm", "http://127.0.0.1:" + target.getAddress().getPort() + "/rm");
    }

    @AfterEach
    void stop() {
        proxy.close();
        target.stop(0);
    }

    /** The whole answer, or the I/O error the caller gets; a connection left open mid-answer times out instead. */
    private HttpResponse<String> post() throws Exception {
        try {
            return client.sendAsync(HttpRequest.newBuilder(URI.create(proxy.url())).POST(HttpRequest.BodyPublishers
                    .ofString(SOAP)).build(), HttpResponse.BodyHandlers.ofString()).get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    @Test
    void resetForwardsThenBreaksTheConnectionHalfwayThroughTheAnswer() throws Exception {
        proxy.rule("reserve", FaultProxy.Action.RESET, 1);
        assertThatThrownBy(this::post).isInstanceOf(IOException.class);
        assertThat(served).hasValue(1);
        assertThat(post().body()).endsWith("</answer>"); // the rule is used up: the next call goes through
        assertThat(served).hasValue(2);
    }

    @Test
    void dropNeverReachesTheTargetAndDropResponseDoes() {
        proxy.rule("reserve", FaultProxy.Action.DROP, 1);
        assertThatThrownBy(this::post).isInstanceOf(IOException.class);
        assertThat(served).hasValue(0);
        proxy.rule("reserve", FaultProxy.Action.DROP_RESPONSE, 1);
        assertThatThrownBy(this::post).isInstanceOf(IOException.class);
        assertThat(served).hasValue(1);
    }
}
