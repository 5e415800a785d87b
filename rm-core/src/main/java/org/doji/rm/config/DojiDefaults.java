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
 * a durable H2 file database per service under {@code doji.data-dir}, schema managed by Hibernate, CXF
 * under {@code /services}, and no Spring banner.
 */
public class DojiDefaults implements EnvironmentPostProcessor, Ordered {

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment env, SpringApplication application) {
        Map<String, Object> defaults = new HashMap<>();
        defaults.put("spring.datasource.url",
                "jdbc:h2:file:${doji.data-dir:./data}/${doji.rm.id:${doji.grc.id:doji}};DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0");
        defaults.put("spring.datasource.username", "sa");
        // the co-allocation (GRC) on every log line of the work done for it; nothing when there is none
        defaults.put("logging.pattern.level", "%5p%replace( [%X{coAllocation}]){' \\[\\]', ''}");
        defaults.put("spring.jpa.hibernate.ddl-auto", "update");
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
