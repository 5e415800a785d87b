package org.doji.rm.soap;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.app.RmApplication;
import org.doji.rm.contract.RestartableRmContractTest;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RM contract against the kernel with the simulated backend, through real SOAP on loopback, on a
 * virtual clock (the hold-timeout cases move it) and a durable H2 file that the restart case reopens.
 */
class SimulatedRmOverSoapContractTest extends RestartableRmContractTest {

    @TempDir
    static Path dir;

    private static final SettableClock clock = new SettableClock(Instant.now());
    private static RestartableRm app;

    SimulatedRmOverSoapContractTest() {
        super(() -> app, clock::advance);
    }

    @BeforeAll
    static void start() {
        app = new RestartableRm(RmApplication.class, dir.resolve("crm-contract"), Map.of(
                "doji.rm.id", "crm-test",
                "doji.rm.tick-interval", "PT1H", // the test drives the ticks of its virtual clock
                "doji.rm.simulated.sites[0].name", "siteA",
                "doji.rm.simulated.sites[0].nodes", "4",
                "doji.rm.simulated.sites[0].cores-per-node", "8",
                "doji.rm.simulated.sites[0].unit-price", "2.0"),
                ctx -> ctx.getBeanFactory().registerSingleton("dojiClock", clock)).start();
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Override
    protected ResourceManager rm() {
        return new RemoteResourceManager(app.url("http"), Duration.ofSeconds(5), Duration.ofSeconds(30));
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("siteA", 8, List.of())), List.of(), List.of(),
                List.of("alice"), null);
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("siteA", 33, List.of())), List.of(), List.of(),
                List.of("alice"), null);
    }
}
