package org.doji.it.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The benchmark's WS-BaseNotification consumer: a plain HTTP server in the clients' JVM that takes every
 * {@code wsnt:Notify} (202) and completes the waiting client's future once a co-allocation's notification says it
 * settled. A Notify may arrive before createCoAllocation has answered: the future is made by whichever comes first.
 * The XML is read with patterns, not parsed, so that the consumer's own cost stays small beside the GRC's.
 */
final class NotifyConsumer implements AutoCloseable {

    private static final Pattern CHANGE = Pattern.compile(
            "resource>([^<]+)</(?:[\\w-]+:)?resource>.*?coAllocationState>([A-Za-z]+)<", Pattern.DOTALL);

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    private final Map<String, CompletableFuture<String>> settled = new ConcurrentHashMap<>();
    private final AtomicLong notifies = new AtomicLong();
    private final AtomicLong messages = new AtomicLong();

    NotifyConsumer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.createContext("/consumer", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
            notifies.incrementAndGet();
            Matcher m = CHANGE.matcher(body);
            while (m.find()) {
                messages.incrementAndGet();
                if (settles(m.group(2))) {
                    future(m.group(1)).complete(m.group(2));
                }
            }
        });
        server.setExecutor(threads);
        server.start();
    }

    /** Reserved and every state after it, or the end of a co-allocation that could not be reserved. */
    static boolean settles(String state) {
        return switch (state) {
            case "Reserved", "Active", "Completed", "Cancelled", "Failed" -> true;
            default -> false;
        };
    }

    String address() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/consumer";
    }

    /** Completes with the state that settled {@code key} (the caller forgets it once done: {@link #forget}). */
    CompletableFuture<String> future(String key) {
        return settled.computeIfAbsent(key, k -> new CompletableFuture<>());
    }

    void forget(String key) {
        settled.remove(key);
    }

    /** Notify requests taken so far. */
    long notifies() {
        return notifies.get();
    }

    /** State changes those carried (a Notify may carry several). */
    long messages() {
        return messages.get();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
