package org.doji.crm.sge;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** The Grid Engine compute RM as a service. */
@SpringBootApplication
@Import(GridEngineBackendConfiguration.class)
public class GridEngineRmApplication {

    public static void main(String[] args) {
        SpringApplication.run(GridEngineRmApplication.class, args);
    }
}
