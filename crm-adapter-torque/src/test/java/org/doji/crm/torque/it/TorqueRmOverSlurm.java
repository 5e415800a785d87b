package org.doji.crm.torque.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.doji.crm.torque.TorqueRmApplication;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The whole TORQUE RM (rm-core kernel + TorqueBackend + SOAP) over the real Slurm's TORQUE wrappers, in
 * HOLD_RELEASE mode. One annotation for every IT that needs it, so they share one Spring context (a
 * context takes tens of seconds to start on these machines).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(classes = TorqueRmApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "doji.rm.id=torque-it",
            "doji.rm.tick-interval=PT0.5S",
            "spring.datasource.url=jdbc:h2:mem:torque-it;DB_CLOSE_DELAY=-1",
            "doji.torque.bin-dir=${DOJI_TORQUE_PREFIX:/opt/doji-slurm-torque}/bin",
            "doji.torque.mode=HOLD_RELEASE",
            "doji.torque.output-format=TEXT",
            "doji.torque.exec-host-format=CPU_COUNTS",
            "doji.torque.pin-nodes=true",
            "doji.torque.pass-interval=PT1S"})
@interface TorqueRmOverSlurm {
}
