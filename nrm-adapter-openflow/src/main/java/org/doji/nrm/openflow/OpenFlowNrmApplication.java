package org.doji.nrm.openflow;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The OpenFlow network RM as a service: the RM kernel (rm-core, active with {@code doji.rm.id}) over the
 * {@link OpenFlowBackend}, with the RM SOAP port under {@code /services/rm}.
 */
@SpringBootApplication
@Import(OpenFlowNrmConfiguration.class)
public class OpenFlowNrmApplication {

    public static void main(String[] args) {
        SpringApplication.run(OpenFlowNrmApplication.class, args);
    }
}
