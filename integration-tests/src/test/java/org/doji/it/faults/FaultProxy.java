package org.doji.it.faults;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fault-injecting HTTP proxy in front of one real RM: every SOAP request is classified by the local
 * name of its body element (reserve, reserveCommit, reserveAbort, getAvailableResources, ...) and either
 * forwarded untouched or treated by the first matching {@link Rule}: delayed, dropped (connection closed
 * with no answer, before or after the RM saw it), answered with a recorded SOAP fault, duplicated, or
 * held until the test releases it. Everything that passes is recorded so tests can replay old messages.
 */
public final class FaultProxy implements AutoCloseable {

    private static final Pattern OPERATION = Pattern.compile("<(?:[\\w.-]+:)?Body[^>]*>\\s*<(?:[\\w.-]+:)?([\\w.-]+)");

    /** What happens to a matching request. */
    public enum Action {
        /** answer only after the delay (then forward) */
        DELAY,
        /** close the connection without forwarding: the RM never sees it (an RM that is down) */
        DROP,
        /** forward, then close the connection without the answer: the RM acted, the caller never hears */
        DROP_RESPONSE,
        /** answer with the configured SOAP fault, never forwarding */
        FAULT,
        /** forward twice (same message, same correlation id); the caller gets the second answer */
        DUPLICATE,
        /** keep the request unanswered until {@link #releaseHeld(boolean)} */
        HOLD,
        /** answer 503 at once without forwarding (a service refusing work, or a load balancer without it) */
        REFUSE,
        /** forward, then break the connection in the middle of the answer: the RM acted, the caller reads half */
        RESET
    }

    /** A rule for one operation ("*" = any) applied to the next {@code times} matching requests. */
    public static final class Rule {
        final String operation;
        final Action action;
        final Duration delay;
        final String faultBody;
        final AtomicInteger remaining;
        /** The rule applies until then (null: until its count is used up). */
        final java.time.Instant until;

        Rule(String operation, Action action, Duration delay, String faultBody, int times, java.time.Instant until) {
            this.operation = operation;
            this.action = action;
            this.delay = delay;
            this.faultBody = faultBody;
            this.remaining = new AtomicInteger(times);
            this.until = until;
        }

        boolean take(String op) {
            if (!operation.equals("*") && !operation.equals(op)) {
                return false;
            }
            if (until != null) {
                return java.time.Instant.now().isBefore(until);
            }
            return remaining.getAndUpdate(n -> n > 0 ? n - 1 : n) > 0;
        }
    }

    /** One request that went through (or was stopped at) the proxy. */
    public record Exchange(String operation, String request, Action treatment, int status, String response) {
    }

    private record Answer(int status, String contentType, String body) {
    }

    private final String name;
    private final URI target;
    private final HttpServer server;
    private final ExecutorService handlers = Executors.newCachedThreadPool(daemon("proxy-handler"));
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("proxy-timer"));
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final List<Exchange> log = new CopyOnWriteArrayList<>();
    private final List<HttpExchange> held = new CopyOnWriteArrayList<>();
    private final List<String> heldBodies = new CopyOnWriteArrayList<>();
    /** Decides the treatment of requests no rule matched (null: forwarded untouched). */
    private volatile java.util.function.Function<String, Rule> chooser;
    private volatile boolean recording = true;

    public FaultProxy(String name, String targetUrl) throws IOException {
        this.name = name;
        this.target = URI.create(targetUrl);
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(handlers);
        server.createContext("/", this::handle);
        server.start();
    }

    /** The proxy's address of the RM port (same path and query as the target). */
    public String url() {
        return "http://localhost:" + server.getAddress().getPort() + target.getRawPath();
    }

    public String name() {
        return name;
    }

    public FaultProxy rule(String operation, Action action, int times) {
        rules.add(new Rule(operation, action, Duration.ZERO, null, times, null));
        return this;
    }

    /** Treats every matching request so for the next {@code period} (e.g. an RM that refuses for 30 s). */
    public FaultProxy ruleFor(String operation, Action action, Duration period) {
        rules.add(new Rule(operation, action, Duration.ZERO, null, Integer.MAX_VALUE, java.time.Instant.now().plus(period)));
        return this;
    }

    public FaultProxy delay(String operation, Duration delay, int times) {
        rules.add(new Rule(operation, Action.DELAY, delay, null, times, null));
        return this;
    }

    public FaultProxy fault(String operation, String soapFault, int times) {
        rules.add(new Rule(operation, Action.FAULT, Duration.ZERO, soapFault, times, null));
        return this;
    }

    /**
     * Treats every request no rule matched by {@code chooser} (the operation in, a one-shot rule or null out), e.g.
     * seeded random faults; null turns it off.
     */
    public FaultProxy choosing(java.util.function.Function<String, Rule> chooser) {
        this.chooser = chooser;
        return this;
    }

    /** A rule for one request, for a chooser. */
    public static Rule once(Action action, Duration delay) {
        return new Rule("*", action, delay, null, 1, null);
    }

    /** Whether exchanges are kept in the log (off for long runs: the bodies add up). */
    public FaultProxy recording(boolean on) {
        this.recording = on;
        return this;
    }

    /** Forgets the rules (held requests stay held) and the log. */
    public void reset() {
        rules.clear();
        log.clear();
    }

    public List<Exchange> exchanges() {
        return List.copyOf(log);
    }

    public List<Exchange> exchanges(String operation) {
        return log.stream().filter(e -> e.operation().equals(operation)).toList();
    }

    /** Requests currently held (their bodies). */
    public List<String> held() {
        return List.copyOf(heldBodies);
    }

    /** Ends every held request: forwarded to the RM (and answered), or dropped unseen. */
    public void releaseHeld(boolean forward) {
        List<HttpExchange> now = new ArrayList<>(held);
        held.clear();
        heldBodies.clear();
        for (HttpExchange ex : now) {
            String body = (String) ex.getAttribute("body");
            String op = (String) ex.getAttribute("operation");
            handlers.execute(() -> {
                if (forward) {
                    forwardAndAnswer(ex, op, body, Action.HOLD);
                } else {
                    drop(ex, op, body, Action.HOLD);
                }
            });
        }
    }

    /** Sends a recorded request to the RM again, past every rule (a replayed message); returns the answer. */
    public Exchange replay(String request) {
        Answer a = forward(request, null, null);
        return new Exchange(operationOf(request), request, null, a.status(), a.body());
    }

    private void handle(HttpExchange ex) throws IOException {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        if (!"POST".equals(ex.getRequestMethod())) {
            // WSDL and listings: straight through
            Answer a = get(ex.getRequestURI());
            respond(ex, a);
            return;
        }
        String op = operationOf(body);
        Rule rule = rules.stream().filter(r -> r.take(op)).findFirst().orElse(null);
        java.util.function.Function<String, Rule> choose = chooser;
        if (rule == null && choose != null) {
            rule = choose.apply(op);
        }
        if (rule == null) {
            forwardAndAnswer(ex, op, body, null);
            return;
        }
        switch (rule.action) {
            case DELAY -> timer.schedule(() -> handlers.execute(() -> forwardAndAnswer(ex, op, body, Action.DELAY)),
                    rule.delay.toMillis(), TimeUnit.MILLISECONDS);
            case DROP -> drop(ex, op, body, Action.DROP);
            case DROP_RESPONSE -> {
                Answer a = forward(body, ex.getRequestHeaders().getFirst("Content-Type"), ex.getRequestURI().getRawQuery());
                record(new Exchange(op, body, Action.DROP_RESPONSE, a.status(), a.body()));
                ex.close(); // no headers were sent: the connection is closed, the caller sees no answer
            }
            case FAULT -> {
                Answer a = new Answer(500, "text/xml;charset=UTF-8", rule.faultBody);
                record(new Exchange(op, body, Action.FAULT, a.status(), a.body()));
                respond(ex, a);
            }
            case DUPLICATE -> {
                forward(body, ex.getRequestHeaders().getFirst("Content-Type"), ex.getRequestURI().getRawQuery());
                forwardAndAnswer(ex, op, body, Action.DUPLICATE);
            }
            case RESET -> {
                Answer a = forward(body, ex.getRequestHeaders().getFirst("Content-Type"), ex.getRequestURI().getRawQuery());
                record(new Exchange(op, body, Action.RESET, a.status(), a.body()));
                byte[] bytes = a.body().getBytes(StandardCharsets.UTF_8);
                ex.getResponseHeaders().set("Content-Type", a.contentType());
                ex.sendResponseHeaders(a.status(), bytes.length);
                ex.getResponseBody().write(bytes, 0, bytes.length / 2);
                ex.getResponseBody().flush();
                // the server closes the connection of a handler that throws: the caller reads half an answer and EOF
                throw new IOException("proxy " + name + ": connection reset halfway through the answer");
            }
            case REFUSE -> {
                record(new Exchange(op, body, Action.REFUSE, 503, null));
                respond(ex, new Answer(503, "text/plain", "proxy " + name + ": service unavailable"));
            }
            case HOLD -> {
                ex.setAttribute("body", body);
                ex.setAttribute("operation", op);
                held.add(ex);
                heldBodies.add(body);
            }
        }
    }

    private void record(Exchange e) {
        if (recording) {
            log.add(e);
        }
    }

    private void drop(HttpExchange ex, String op, String body, Action why) {
        record(new Exchange(op, body, why, 0, null));
        ex.close();
    }

    private void forwardAndAnswer(HttpExchange ex, String op, String body, Action why) {
        Answer a = forward(body, ex.getRequestHeaders().getFirst("Content-Type"), ex.getRequestURI().getRawQuery());
        record(new Exchange(op, body, why, a.status(), a.body()));
        try {
            respond(ex, a);
        } catch (IOException e) {
            ex.close(); // the caller gave up (timeout): nothing to tell it
        }
    }

    /** Forwards to the target, with the request's query (an EPR address such as {@code ?res=KEY}) if it had one. */
    private Answer forward(String body, String contentType, String query) {
        try {
            URI to = query == null ? target : URI.create(target.toString() + (target.getRawQuery() == null ? "?" : "&") + query);
            HttpRequest req = HttpRequest.newBuilder(to).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", contentType == null ? "text/xml; charset=UTF-8" : contentType)
                    .header("SOAPAction", "\"\"")
                    .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
            HttpResponse<String> r = client.send(req, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Answer(r.statusCode(), r.headers().firstValue("Content-Type").orElse("text/xml"), r.body());
        } catch (IOException e) {
            return new Answer(502, "text/plain", "proxy " + name + ": RM unreachable: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(502, "text/plain", "interrupted");
        }
    }

    private Answer get(URI uri) {
        try {
            URI to = target.resolve(uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(to).build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.headers().firstValue("Content-Type").orElse("text/xml"), r.body());
        } catch (IOException | InterruptedException e) {
            return new Answer(502, "text/plain", e.toString());
        }
    }

    private static void respond(HttpExchange ex, Answer a) throws IOException {
        byte[] bytes = a.body().getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", a.contentType());
        ex.sendResponseHeaders(a.status(), bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    static String operationOf(String soap) {
        Matcher m = OPERATION.matcher(soap);
        return m.find() ? m.group(1) : "?";
    }

    private static java.util.concurrent.ThreadFactory daemon(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public void close() {
        releaseHeld(false);
        server.stop(0);
        handlers.shutdownNow();
        timer.shutdownNow();
    }
}
