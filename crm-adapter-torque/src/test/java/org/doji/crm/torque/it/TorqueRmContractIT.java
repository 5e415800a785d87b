package org.doji.crm.torque.it;

import java.time.Duration;
import java.util.List;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.contract.RmContractTest;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.boot.test.web.server.LocalServerPort;

/** rm-core's RM contract against the TORQUE RM over SOAP, its backend driving the real Slurm (4 × 2 cores). */
@TorqueRmOverSlurm
class TorqueRmContractIT extends RmContractTest {

    @LocalServerPort
    int port;

    @BeforeAll
    static void requireSlurm() {
        RealSlurm.require();
    }

    @Override
    protected ResourceManager rm() {
        return new RemoteResourceManager("http://localhost:" + port + "/services/rm", Duration.ofSeconds(5),
                Duration.ofSeconds(60));
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("torque", 2, List.of())), List.of(), List.of(),
                List.of("root"), null);
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("torque", 10_000, List.of())), List.of(),
                List.of(), List.of("root"), null);
    }
}
