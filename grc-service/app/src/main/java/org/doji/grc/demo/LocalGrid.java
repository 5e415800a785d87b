package org.doji.grc.demo;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.GrcApplication;
import org.doji.rm.app.RmApplication;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A complete grid in one JVM: one Spring Boot application per RM (simulated backends) and a GRC that
 * knows them all, each on its own port, talking real SOAP over loopback.
 */
public final class LocalGrid implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalGrid.class);

    private final Map<String, ConfigurableApplicationContext> rms = new LinkedHashMap<>();
    private final Map<String, String> rmUrls = new LinkedHashMap<>();
    private ConfigurableApplicationContext grc;
    private String grcUrl;
    private Map<String, Object> grcProps;

    private LocalGrid() {
    }

    /**
     * @param basePort  0 for random free ports; else the GRC gets basePort and the RMs the ports after it
     * @param database  "mem" for in-memory H2 databases, a directory for durable H2 files, or a JDBC URL in which
     *                  {@code {id}} stands for each service's id, lower case, [a-z0-9_] (e.g. a PostgreSQL schema
     *                  per service: {@code jdbc:postgresql://db/doji?currentSchema=grid_{id}}, made by Flyway)
     * @param common    extra properties for every application
     */
    public static LocalGrid start(GridTopology topology, int basePort, String database, Map<String, String> common,
                                  Map<String, String> grcProperties) {
        return start(topology, basePort, database, common, grcProperties, ctx -> { });
    }

    /** As above, with an initializer applied to the GRC's context (e.g. to register extra beans). */
    public static LocalGrid start(GridTopology topology, int basePort, String database, Map<String, String> common,
                                  Map<String, String> grcProperties,
                                  org.springframework.context.ApplicationContextInitializer<ConfigurableApplicationContext> grcInit) {
        LocalGrid grid = new LocalGrid();
        try {
            int i = 1;
            for (GridTopology.RmDef rm : topology.rms()) {
                Map<String, Object> props = new LinkedHashMap<>(common);
                props.putAll(rm.properties());
                props.put("doji.rm.id", rm.id());
                props.put("server.port", basePort == 0 ? 0 : basePort + i);
                props.put("spring.datasource.url", url(database, rm.id()));
                log.info("starting RM {} ({}/{})", rm.id(), i, topology.rms().size());
                ConfigurableApplicationContext ctx = new SpringApplicationBuilder(RmApplication.class).run(args(props));
                grid.rms.put(rm.id(), ctx);
                grid.rmUrls.put(rm.id(), scheme(props) + "://localhost:" + port(ctx) + "/services/rm");
                i++;
            }
            Map<String, Object> props = new LinkedHashMap<>(common);
            props.putAll(grcProperties);
            props.putIfAbsent("doji.grc.id", "grc");
            props.put("server.port", basePort);
            props.put("spring.datasource.url", url(database, "grc"));
            int r = 0;
            for (var e : grid.rmUrls.entrySet()) {
                props.put("doji.grc.rms[" + r + "].id", e.getKey());
                props.put("doji.grc.rms[" + r + "].url", e.getValue());
                r++;
            }
            log.info("starting the GRC with {} RMs", grid.rmUrls.size());
            grid.grcProps = props;
            grid.startGrc(grcInit);
            return grid;
        } catch (RuntimeException e) {
            grid.close();
            throw e;
        }
    }

    private void startGrc(org.springframework.context.ApplicationContextInitializer<ConfigurableApplicationContext> init) {
        grc = new SpringApplicationBuilder(GrcApplication.class).initializers(init).run(args(grcProps));
        grcUrl = scheme(grcProps) + "://localhost:" + port(grc) + "/services/grc";
    }

    /** Stops the GRC as a crash would leave it (nothing flushed beyond what is committed), keeping the RMs. */
    public void stopGrc() {
        grc.close();
        grc = null;
    }

    /** Starts the GRC again on the same database; with a random port it may get a new one. */
    public void restartGrc(org.springframework.context.ApplicationContextInitializer<ConfigurableApplicationContext> init) {
        if (grc != null) {
            stopGrc();
        }
        startGrc(init);
    }

    /** https when the properties turn on Spring Boot's {@code server.ssl}. */
    private static String scheme(Map<String, Object> props) {
        return "true".equals(String.valueOf(props.get("server.ssl.enabled"))) ? "https" : "http";
    }

    /** As command-line arguments: they take precedence over every other property source (builder properties do not). */
    private static String[] args(Map<String, Object> props) {
        return props.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toArray(String[]::new);
    }

    private static String url(String database, String id) {
        if (database.startsWith("jdbc:")) {
            return database.replace("{id}", id.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_]", "_"));
        }
        return "mem".equals(database) ? "jdbc:h2:mem:" + id + "-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1"
                : "jdbc:h2:file:" + database + "/" + id + org.doji.rm.config.DojiDefaults.H2_FILE_SETTINGS;
    }

    private static int port(ConfigurableApplicationContext ctx) {
        return ((ServletWebServerApplicationContext) ctx).getWebServer().getPort();
    }

    public String grcUrl() {
        return grcUrl;
    }

    public Map<String, String> rmUrls() {
        return Map.copyOf(rmUrls);
    }

    public List<String> rmIds() {
        return List.copyOf(rms.keySet());
    }

    public ConfigurableApplicationContext rm(String id) {
        return rms.get(id);
    }

    public ConfigurableApplicationContext grc() {
        return grc;
    }

    @Override
    public void close() {
        if (grc != null) {
            grc.close();
        }
        rms.values().forEach(ConfigurableApplicationContext::close);
    }
}
