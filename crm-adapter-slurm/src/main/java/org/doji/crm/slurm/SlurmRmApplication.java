package org.doji.crm.slurm;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The Slurm compute RM as a service: rm-core's kernel and SOAP endpoint ({@code /services/rm}) over
 * {@link SlurmBackend}. Configure with {@code doji.rm.*} and {@code doji.slurm.*}.
 */
@SpringBootApplication
@Import(SlurmBackendConfiguration.class)
public class SlurmRmApplication {

    public static void main(String[] args) {
        SpringApplication.run(SlurmRmApplication.class, args);
    }
}
