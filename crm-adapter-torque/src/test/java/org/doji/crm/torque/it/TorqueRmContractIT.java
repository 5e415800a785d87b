package org.doji.crm.torque.it;

import java.nio.file.Path;
import org.doji.crm.batch.testing.ServiceContractTest;
import org.doji.crm.torque.TorqueRmApplication;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** rm-core's RM contract, every case, against the TORQUE RM service driving the real TORQUE 6.1.3. */
class TorqueRmContractIT extends ServiceContractTest {

    @TempDir
    static Path data;

    @BeforeAll
    static void start() {
        startService(TorqueRmApplication.class, data, RealTorque.require().rmProperties("torque-contract"));
    }

    @Override
    protected String site() {
        return "torque";
    }

    @Override
    protected int nodeCores() {
        return 4;
    }

    @Override
    protected String user() {
        return RealTorque.USER;
    }
}
