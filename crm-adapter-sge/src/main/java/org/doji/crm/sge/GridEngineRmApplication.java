package org.doji.crm.sge;

import org.doji.crm.sge.backend.GridEngineBackend;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;

/**
 * The Grid Engine compute RM as a service: rm-core's kernel and SOAP port ({@code /services/rm}) over
 * {@link GridEngineBackend}. Defaults in {@code doji-sge-defaults.properties}.
 */
@SpringBootApplication
@Import(GridEngineBackendConfiguration.class)
@PropertySource("classpath:doji-sge-defaults.properties")
public class GridEngineRmApplication {

    public static void main(String[] args) {
        SpringApplication.run(GridEngineRmApplication.class, args);
    }
}
