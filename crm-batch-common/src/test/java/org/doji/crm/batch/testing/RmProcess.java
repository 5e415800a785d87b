package org.doji.crm.batch.testing;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * An RM service (an adapter's Spring Boot application) run in this JVM as the product runs it: durable H2
 * file database under {@code dataDir}, SOAP port on a free port, the given clock. {@link #restart} stops it
 * without telling it anything and starts it again on the same database, as after a crash.
 */
public final class RmProcess implements AutoCloseable {

    private final Class<?> application;
    private final Map<String, Object> properties;
    private final Clock clock;
    private final Map<String, Object> beans;
    private ConfigurableApplicationContext context;
    private ResourceManager client;

    private RmProcess(Class<?> application, Map<String, Object> properties, Clock clock, Map<String, Object> beans) {
        this.application = application;
        this.properties = properties;
        this.clock = clock;
        this.beans = beans;
    }

    /** Starts {@code application} with {@code properties} (doji.rm.id and the adapter's own are the caller's). */
    public static RmProcess start(Class<?> application, Path dataDir, Clock clock, Map<String, Object> properties) {
        return start(application, dataDir, clock, properties, Map.of());
    }

    /** The same with {@code beans} (by name) in place of the application's own, e.g. a measuring command runner. */
    public static RmProcess start(Class<?> application, Path dataDir, Clock clock, Map<String, Object> properties,
                                  Map<String, Object> beans) {
        Map<String, Object> all = new HashMap<>(properties);
        all.put("doji.data-dir", dataDir.toString());
        all.put("server.port", "0");
        RmProcess p = new RmProcess(application, all, clock, Map.copyOf(beans));
        p.launch();
        return p;
    }

    private void launch() {
        context = new SpringApplicationBuilder(application).properties(properties)
                .initializers(ctx -> {
                    ctx.getBeanFactory().registerSingleton("dojiClock", clock);
                    beans.forEach(ctx.getBeanFactory()::registerSingleton);
                })
                .run();
    }

    public synchronized void restart() {
        restart(() -> { });
    }

    /** Stops the service, runs {@code whileDown} (e.g. changes the real system behind its back), starts it again. */
    public synchronized void restart(Runnable whileDown) {
        context.close();
        client = null;
        whileDown.run();
        launch();
    }

    public String url() {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        return "http://localhost:" + port + "/services/rm";
    }

    /** A SOAP client of the RM port, as a coordinator has. */
    public synchronized ResourceManager client() {
        if (client == null) {
            client = new RemoteResourceManager(url(), Duration.ofSeconds(5), Duration.ofSeconds(60));
        }
        return client;
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    @Override
    public synchronized void close() {
        if (context != null) {
            context.close();
            context = null;
        }
    }
}
