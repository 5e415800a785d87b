package org.doji.rm.soap;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.app.RmApplication;
import org.doji.rm.contract.RmContractTest;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.testing.MutableClock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The RM contract against the kernel with the simulated backend, through real SOAP on loopback, on a
 * virtual clock (so the hold-timeout cases run too).
 */
@SpringBootTest(classes = RmApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "doji.rm.id=crm-test",
        "spring.datasource.url=jdbc:h2:mem:crm-contract;DB_CLOSE_DELAY=-1",
        "doji.rm.simulated.sites[0].name=siteA",
        "doji.rm.simulated.sites[0].nodes=4",
        "doji.rm.simulated.sites[0].cores-per-node=8",
        "doji.rm.simulated.sites[0].unit-price=2.0"})
@Import(SimulatedRmOverSoapContractTest.VirtualTime.class)
class SimulatedRmOverSoapContractTest extends RmContractTest {

    @TestConfiguration
    static class VirtualTime {
        @Bean
        Clock dojiClock() {
            return new MutableClock(Instant.now());
        }
    }

    @Autowired
    Clock clock;

    @Autowired
    ReservationKernel kernel;

    @Override
    protected boolean supportsVirtualTime() {
        return true;
    }

    @Override
    protected void advanceTime(Duration d) {
        ((MutableClock) clock).advance(d);
        kernel.tick();
    }

    @LocalServerPort
    int port;

    @Override
    protected ResourceManager rm() {
        return new RemoteResourceManager("http://localhost:" + port + "/services/rm", Duration.ofSeconds(5), Duration.ofSeconds(30));
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
