package org.doji.crm.sge;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.contract.RmContractTest;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * rm-core's RM contract against the Grid Engine RM over SOAP, on the real cluster (every commit creates a
 * real queue, every cancel/destroy deletes one). Same Spring configuration as {@link GridEngineRmSoapIT},
 * so the two share one application context.
 */
@SpringBootTest(classes = GridEngineRmApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "doji.rm.id=sge-it",
            "doji.rm.tick-interval=PT0.5S",
            "spring.datasource.url=jdbc:h2:mem:sge-it;DB_CLOSE_DELAY=-1",
            "doji.sge.site=sge",
            "doji.sge.ledger-file=${java.io.tmpdir}/doji-sge-soap-it/ledger"})
class GridEngineRmContractIT extends RmContractTest {

    static RealGridEngine ge;

    @LocalServerPort
    int port;

    @BeforeAll
    static void requireGridEngine() {
        ge = RealGridEngine.require();
    }

    @AfterAll
    static void noReservationQueueIsLeftBehind() {
        // every contract test ends its reservations (destroy, cancel or abort): none may leave a queue
        if (ge != null) { // null when skipped: @AfterAll runs even after a failed assumption
            assertThat(ge.client.queueNames()).noneMatch(q -> q.startsWith("doji_"));
        }
    }

    @Override
    protected ResourceManager rm() {
        return new RemoteResourceManager("http://localhost:" + port + "/services/rm", Duration.ofSeconds(5),
                Duration.ofSeconds(60));
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("sge", 2, List.of())), List.of(), List.of(),
                List.of("dojialice"), null);
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return new ReservationSpec(window, List.of(new ComputeDemand("sge", 10_000, List.of())), List.of(),
                List.of(), List.of("dojialice"), null);
    }
}
