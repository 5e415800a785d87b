package org.doji.rm.testing;

import java.util.Map;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Configuration;

/**
 * Runs a service's schema migrations as the service does at start-up (Doji's defaults with the service's
 * {@code doji.schema}, Spring Boot's Flyway on the configured data source) and nothing else: no Hibernate, no work
 * that would change the data.
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
        migrate("rm", url);
    }

    /** Migrates a GRC's database. */
    public static void grc(String url) {
        migrate("grc", url);
    }

    private static void migrate(String schema, String url) {
        new SpringApplicationBuilder(OnlyFlyway.class).web(WebApplicationType.NONE)
                .properties(Map.of("doji.schema", schema, "spring.datasource.url", url)).run().close();
    }
}
