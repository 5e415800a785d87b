package org.doji.rm.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A standalone RM with the SIMULATED backend (demo/simulation mode), configured by {@code doji.rm.*}. */
@SpringBootApplication
public class RmApplication {

    public static void main(String[] args) {
        SpringApplication.run(RmApplication.class, args);
    }
}
