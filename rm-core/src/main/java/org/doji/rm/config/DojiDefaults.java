package org.doji.rm.config;

import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Defaults every Doji service shares, at the lowest precedence so any property source overrides them:
 * a durable H2 file database per service under {@code doji.data-dir}, its schema made and upgraded by Flyway's
 * versioned migrations and only validated by Hibernate, CXF under {@code /services}, and no Spring banner.
 * <p>
 * Migrations: {@code doji.schema} says which schema the service keeps, {@code grc} unless the RM kernel's
 * configuration sets {@code rm} (its {@code @PropertySource}: an adapter may name its {@code doji.rm.id} in a
 * {@code @PropertySource} of its own, which this post-processor does not see yet). Its scripts are in
 * {@code classpath:db/migration/<schema>} (one script for every database) and {@code db/migration/<schema>-<vendor>}
 * (what one database alone needs: {@code rm-h2} converges H2 files of releases before migrations), its history in
 * {@code flyway_<schema>_history}, so an RM and a GRC can share a database schema.
 */
public class DojiDefaults implements EnvironmentPostProcessor, Ordered {

    /**
     * What follows the path of a service's H2 file in its URL: written through (every commit in the file before it
     * is acknowledged), and each session keeps the parsed form of up to 64 statements (H2 keeps 8, fewer than the
     * statements a GRC runs: in profiles of the benchmark at 32 clients, parsing took 1.3 to 2.9 % of the samples
     * with 8, 0.8 % with 64).
     */
    public static final String H2_FILE_SETTINGS = ";DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0;QUERY_CACHE_SIZE=64";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment env, SpringApplication application) {
        Map<String, Object> defaults = new HashMap<>();
        defaults.put("spring.datasource.url",
                "jdbc:h2:file:${doji.data-dir:./data}/${doji.rm.id:${doji.grc.id:doji}}" + H2_FILE_SETTINGS);
        if (!env.containsProperty("spring.datasource.url")
                || env.getProperty("spring.datasource.url", "").startsWith("jdbc:h2:")) {
            defaults.put("spring.datasource.username", "sa"); // H2's files keep their first user; other databases: set it
        }
        // the co-allocation (GRC) on every log line of the work done for it; nothing when there is none
        defaults.put("logging.pattern.level", "%5p%replace( [%X{coAllocation}]){' \\[\\]', ''}");
        defaults.put("spring.flyway.locations",
                "classpath:db/migration/${doji.schema:grc},classpath:db/migration/${doji.schema:grc}-{vendor}");
        defaults.put("spring.flyway.table", "flyway_${doji.schema:grc}_history");
        // a database from before versioned migrations (Hibernate's ddl-auto=update; or a schema shared with other
        // tables) is baselined at 0: V1 creates what is missing, V2 converges the columns of earlier releases
        defaults.put("spring.flyway.baseline-on-migrate", "true");
        defaults.put("spring.flyway.baseline-version", "0");
        defaults.put("spring.flyway.baseline-description", "schema from before versioned migrations");
        defaults.put("spring.jpa.hibernate.ddl-auto", "validate");
        defaults.put("spring.jpa.open-in-view", "false");
        defaults.put("cxf.path", "/services");
        defaults.put("spring.main.banner-mode", "off");
        defaults.put("management.endpoints.web.exposure.include", "health,info,metrics");
        // every SOAP call is a POST to one URI per service: per-request HTTP observations say little (the
        // doji.* metrics time each operation) and cost a few % of a busy RM's CPU; set to true to have them
        defaults.put("management.observations.enable.http.server.requests", "false");
        // Spring Data's per-query metrics (repository invocations): same reasoning
        defaults.put("management.metrics.data.repository.autotime.enabled", "false");
        // clients without WS-Addressing (plain stubs, zeep, gSOAP) are welcome; CXF would warn on each call
        defaults.put("logging.level.org.apache.cxf.ws.addressing.ContextUtils", "ERROR");
        // a repeated WS-Addressing header is refused with one WARN line of our own (WireFaultInterceptor)
        defaults.put("logging.level.org.apache.cxf.ws.addressing.soap.MAPCodec", "ERROR");
        // every fault a port answers is logged once by WireFaultInterceptor (a client's error as one WARN line);
        // CXF would add a stack trace per refused request
        defaults.put("logging.level.org.apache.cxf.phase.PhaseInterceptorChain", "ERROR");
        defaults.put("logging.level.org.apache.cxf.service.invoker.AbstractInvoker", "OFF");
        // libraries' start-up chatter, at INFO at every start and for every SOAP client made: Hibernate's version,
        // cache and JTA lines and its "Database info" block (which calls the pool it cannot see "undefined/unknown"),
        // Spring Data's repository scan, CXF's line for every service or client built from a WSDL and every address
        // it publishes; their warnings and errors still show
        defaults.put("logging.level.org.hibernate", "WARN");
        defaults.put("logging.level.org.springframework.data", "WARN");
        defaults.put("logging.level.org.apache.cxf.wsdl.service.factory", "WARN");
        defaults.put("logging.level.org.apache.cxf.endpoint.ServerImpl", "WARN");
        // Spring Boot moves its own defaultProperties (SpringApplicationBuilder.properties) behind every
        // other source afterwards; a key already set anywhere must keep its value, so it is left out here
        defaults.keySet().removeIf(env::containsProperty);
        env.getPropertySources().addLast(new MapPropertySource("dojiDefaults", defaults));
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
