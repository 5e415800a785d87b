package org.doji.rm.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * An RM application (the kernel with its backend and SOAP port) in this JVM, on a durable H2 file database and
 * one port for its whole life, that a test can stop and start again on the same store: the contract suite's
 * restart case. Beans a test wants to keep across restarts (a virtual clock) are registered by the initializer
 * at every start.
 */
public final class RestartableRm implements AutoCloseable {

    private static final java.util.Set<Integer> HANDED_OUT = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final Class<?> application;
    private final Map<String, Object> properties;
    private final ApplicationContextInitializer<ConfigurableApplicationContext> initializer;
    private final int port;
    private ConfigurableApplicationContext context;
    private ResourceManager client;

    /**
     * @param database    the H2 file (without the .mv.db suffix) kept across restarts
     * @param properties  Spring properties of the RM ({@code doji.rm.id} at least)
     * @param initializer applied to the context at every start (e.g. registering a clock singleton)
     */
    public RestartableRm(Class<?> application, Path database, Map<String, ?> properties,
                         ApplicationContextInitializer<ConfigurableApplicationContext> initializer) {
        this.application = application;
        this.initializer = initializer;
        this.port = freePort();
        this.properties = new LinkedHashMap<>(properties);
        this.properties.put("server.port", port);
        this.properties.putIfAbsent("spring.datasource.url", TestDatabase.url(database));
        this.properties.put("spring.jmx.enabled", "false");
    }

    /** Starts the RM; returns this. */
    public synchronized RestartableRm start() {
        List<String> args = new ArrayList<>();
        properties.forEach((k, v) -> args.add("--" + k + "=" + v));
        context = new SpringApplicationBuilder(application).initializers(initializer).run(args.toArray(String[]::new));
        return this;
    }

    /** Stops the application (no call of the RM's API finishes anything first) and starts it on the same store. */
    public void restart() {
        restart(() -> { });
    }

    /** The same, running {@code whileDown} in between (e.g. changing the real system behind the RM's back). */
    public synchronized void restart(Runnable whileDown) {
        context.close();
        whileDown.run();
        start();
    }

    /** A SOAP client of the RM port, as a coordinator has (the port stays the same across restarts). */
    public synchronized ResourceManager client() {
        if (client == null) {
            client = new RemoteResourceManager(url("http"), Duration.ofSeconds(5), Duration.ofSeconds(60));
        }
        return client;
    }

    /** An initializer registering {@code beans} by name at every start, in place of the application's own. */
    public static ApplicationContextInitializer<ConfigurableApplicationContext> withBeans(Map<String, ?> beans) {
        Map<String, ?> copy = Map.copyOf(beans);
        return ctx -> copy.forEach(ctx.getBeanFactory()::registerSingleton);
    }

    /** An initializer registering {@code clock} as the RM's clock ({@code dojiClock}) at every start. */
    public static ApplicationContextInitializer<ConfigurableApplicationContext> withClock(Clock clock) {
        return withBeans(Map.of("dojiClock", clock));
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    public ConfigurableApplicationContext context() {
        return context;
    }

    public int port() {
        return port;
    }

    /** The RM port's address. */
    public String url(String scheme) {
        return scheme + "://localhost:" + port + "/services/rm";
    }

    @Override
    public void close() {
        if (context != null) {
            context.close();
        }
    }

    /**
     * A port free now and never handed out before in this JVM (the server binds it at every start, so the RM's address
     * stays the same across restarts). A grid picks all its ports before its processes bind them, and the operating
     * system hands out a free port again within a few hundred picks: two RMs given one port would serve each other's
     * calls, so the ports given are remembered for the JVM's life (the one scope in which they can collide).
     */
    public static int freePort() {
        for (int attempt = 0; attempt < 1000; attempt++) {
            try (ServerSocket s = new ServerSocket(0)) {
                s.setReuseAddress(true);
                if (HANDED_OUT.add(s.getLocalPort())) {
                    return s.getLocalPort();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("no free port that was not handed out before (" + HANDED_OUT.size() + " given)");
    }
}
