package org.doji.nrm.openflow;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The OpenFlow network RM as a standalone service. */
@SpringBootApplication
public class OpenFlowNrmApplication {

    public static void main(String[] args) {
        SpringApplication.run(OpenFlowNrmApplication.class, args);
    }
}
