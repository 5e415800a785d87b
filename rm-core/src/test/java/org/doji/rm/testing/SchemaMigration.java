package org.doji.rm.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Configuration;

/**
 * Runs a service's schema migrations exactly as the service does at start-up (Doji's defaults, Spring Boot's
 * Flyway on the configured data source) and nothing else: no Hibernate, no work that would change the data.
 */
public final class SchemaMigration {

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({DataSourceAutoConfiguration.class, FlywayAutoConfiguration.class})
    static class OnlyFlyway {
    }

    private SchemaMigration() {
    }

    /** Migrates an RM's database. */
    public static void rm(String url) {
        migrate(Map.of("doji.rm.id", "rm-under-test", "spring.datasource.url", url));
    }

    /** Migrates a GRC's database. */
    public static void grc(String url) {
        migrate(Map.of("spring.datasource.url", url));
    }

    private static void migrate(Map<String, Object> properties) {
        Map<String, Object> props = new LinkedHashMap<>(properties);
        props.put("spring.main.banner-mode", "off");
        new SpringApplicationBuilder(OnlyFlyway.class).web(WebApplicationType.NONE).properties(props).run().close();
    }
}
