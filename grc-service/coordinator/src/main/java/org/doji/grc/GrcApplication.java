package org.doji.grc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The Global Resource Coordinator, configured by {@code doji.grc.*}. */
@SpringBootApplication
public class GrcApplication {

    public static void main(String[] args) {
        SpringApplication.run(GrcApplication.class, args);
    }
}
