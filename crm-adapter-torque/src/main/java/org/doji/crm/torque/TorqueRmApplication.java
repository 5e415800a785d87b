package org.doji.crm.torque;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The TORQUE compute RM as a service: rm-core's kernel and SOAP endpoint ({@code /services/rm}) over
 * {@link TorqueBackend}. Configure with {@code doji.rm.*} and {@code doji.torque.*}.
 */
@SpringBootApplication
@Import(TorqueBackendConfiguration.class)
public class TorqueRmApplication {

    public static void main(String[] args) {
        SpringApplication.run(TorqueRmApplication.class, args);
    }
}
