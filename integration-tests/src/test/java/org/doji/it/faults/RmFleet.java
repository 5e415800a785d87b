package org.doji.it.faults;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.demo.GridTopology;
import org.doji.rm.app.RmApplication;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.testing.TestDatabase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Real RMs (the reservation kernel on the simulated backend, durable H2 files, SOAP on random loopback
 * ports) in this JVM, each optionally behind its own {@link FaultProxy}. The kernels stay reachable
 * for invariant checks; the GRC only ever sees the RMs through SOAP.
 */
public final class RmFleet implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RmFleet.class);

    private final Map<String, ConfigurableApplicationContext> rms = new LinkedHashMap<>();
    private final Map<String, String> directUrls = new LinkedHashMap<>();
    private final Map<String, FaultProxy> proxies = new LinkedHashMap<>();

    private RmFleet() {
    }

    /**
     * @param dataDir  each RM's H2 file goes here
     * @param common   properties for every RM (e.g. hold timeout)
     * @param proxied  put a fault proxy in front of every RM
     */
    public static RmFleet start(GridTopology topology, Path dataDir, Map<String, String> common, boolean proxied) {
        RmFleet fleet = new RmFleet();
        // one at a time: Spring Boot's logging system is JVM-wide, and two contexts initialising it at once
        // fail now and then ("Unable to find Spring Environment in logger context")
        java.util.concurrent.ExecutorService starter = java.util.concurrent.Executors.newFixedThreadPool(1);
        try {
            List<java.util.concurrent.Future<ConfigurableApplicationContext>> started = new ArrayList<>();
            for (GridTopology.RmDef rm : topology.rms()) {
                Map<String, Object> props = new LinkedHashMap<>(common);
                props.putAll(rm.properties());
                props.put("doji.rm.id", rm.id());
                props.put("server.port", 0);
                props.put("spring.datasource.url", TestDatabase.url(dataDir.resolve(rm.id())));
                props.putIfAbsent("spring.jmx.enabled", "false");
                props.putIfAbsent("spring.autoconfigure.exclude", GrcProcess.NO_LOGBACK_METRICS);
                props.putIfAbsent("management.endpoints.web.exposure.include", "health");
                String[] args = props.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toArray(String[]::new);
                started.add(starter.submit(() -> {
                    log.info("starting RM {}", rm.id());
                    return new SpringApplicationBuilder(RmApplication.class).run(args);
                }));
            }
            List<RuntimeException> failures = new ArrayList<>();
            for (int i = 0; i < started.size(); i++) {
                String id = topology.rms().get(i).id();
                try {
                    ConfigurableApplicationContext ctx = started.get(i).get();
                    fleet.rms.put(id, ctx);
                    String url = "http://localhost:" + ((ServletWebServerApplicationContext) ctx).getWebServer().getPort()
                            + "/services/rm";
                    fleet.directUrls.put(id, url);
                    if (proxied) {
                        fleet.proxies.put(id, new FaultProxy(id, url));
                    }
                } catch (java.util.concurrent.ExecutionException e) {
                    failures.add(new IllegalStateException("RM " + id + " did not start", e.getCause()));
                }
            }
            if (!failures.isEmpty()) {
                throw failures.get(0);
            }
            return fleet;
        } catch (RuntimeException | IOException e) {
            fleet.close();
            throw e instanceof RuntimeException re ? re : new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fleet.close();
            throw new IllegalStateException(e);
        } finally {
            starter.shutdown();
        }
    }

    public List<String> ids() {
        return new ArrayList<>(rms.keySet());
    }

    /** The address the GRC is given: the proxy's when proxied, else the RM's own. */
    public Map<String, String> urlsForGrc() {
        Map<String, String> out = new LinkedHashMap<>();
        directUrls.forEach((id, url) -> out.put(id, proxies.containsKey(id) ? proxies.get(id).url() : url));
        return out;
    }

    public String directUrl(String id) {
        return directUrls.get(id);
    }

    public FaultProxy proxy(String id) {
        return proxies.get(id);
    }

    public void resetProxies() {
        proxies.values().forEach(FaultProxy::reset);
    }

    public ReservationKernel kernel(String id) {
        return rms.get(id).getBean(ReservationKernel.class);
    }

    public ConfigurableApplicationContext context(String id) {
        return rms.get(id);
    }

    /** {@code doji.grc.rms[i].*} arguments registering every RM of the fleet. */
    public List<String> grcRegistryArgs() {
        List<String> args = new ArrayList<>();
        int i = 0;
        for (var e : urlsForGrc().entrySet()) {
            args.add("--doji.grc.rms[" + i + "].id=" + e.getKey());
            args.add("--doji.grc.rms[" + i + "].url=" + e.getValue());
            i++;
        }
        return args;
    }

    @Override
    public void close() {
        proxies.values().forEach(FaultProxy::close);
        rms.values().forEach(ConfigurableApplicationContext::close);
    }
}
