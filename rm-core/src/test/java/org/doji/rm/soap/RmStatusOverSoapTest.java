package org.doji.rm.soap;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import javax.xml.namespace.QName;
import org.doji.contract.RmPortType;
import org.doji.contract.RmService;
import org.doji.rm.api.Caller;
import org.doji.rm.app.RmApplication;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.RmStatus;
import org.doji.rm.model.StatusProperty;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.w3c.dom.Element;

/**
 * GetResourcePropertyDocument / GetResourceProperty addressed to the RM service itself (no resource key) answer
 * the RM's own document: identity, open reservations by state, and the backend's status properties (here the
 * simulated network backend's running reservations and link capacities), over real SOAP.
 */
@SpringBootTest(classes = RmApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "doji.rm.id=nrm-status",
        "doji.rm.kind=NETWORK",
        "doji.rm.domain=JN",
        "spring.datasource.url=jdbc:h2:mem:nrm-status;DB_CLOSE_DELAY=-1",
        "doji.rm.simulated.endpoints[0].name=A",
        "doji.rm.simulated.endpoints[1].name=B",
        "doji.rm.simulated.links[0].id=A-B",
        "doji.rm.simulated.links[0].a=A",
        "doji.rm.simulated.links[0].b=B",
        "doji.rm.simulated.links[0].capacity-mbps=10000"})
@Import(RmStatusOverSoapTest.VirtualTime.class)
class RmStatusOverSoapTest {

    @TestConfiguration
    static class VirtualTime {
        @Bean
        Clock dojiClock() {
            return new SettableClock(Instant.now().truncatedTo(ChronoUnit.HOURS));
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    Clock clock;

    @Autowired
    ReservationKernel kernel;

    private String address() {
        return "http://localhost:" + port + "/services/rm";
    }

    private ReservationSpec path(int startMinutes, long mbps) {
        Instant start = clock.instant().plus(startMinutes, ChronoUnit.MINUTES);
        return new ReservationSpec(new TimeWindow(start, start.plus(1, ChronoUnit.HOURS)), List.of(),
                List.of(new NetworkDemand("A", "B", mbps, null, null)), List.of(), List.of(), null);
    }

    @Test
    void theRmsOwnDocumentCountsReservationsByStateAndCarriesTheBackendsStatus() throws Exception {
        RemoteResourceManager rm = new RemoteResourceManager(address(), Duration.ofSeconds(5), Duration.ofSeconds(30));
        RmStatus empty = rm.status(Caller.ANONYMOUS);
        assertThat(empty.rmId()).isEqualTo("nrm-status");
        assertThat(empty.kind()).isEqualTo(RmKind.NETWORK);
        assertThat(empty.domain()).isEqualTo("JN");
        assertThat(empty.backend()).isEqualTo("simulated");
        assertThat(empty.currentTime()).isEqualTo(clock.instant());
        assertThat(empty.properties()).contains(StatusProperty.of("runningReservations", 0, null),
                StatusProperty.about("A-B", "capacity", 10000, "Mbps"));

        var first = rm.reserve(Caller.ANONYMOUS, "s-1", path(10, 1000), null);
        rm.commit(Caller.ANONYMOUS, first.key(), "s-2");
        rm.reserve(Caller.ANONYMOUS, "s-3", path(10, 2000), null);
        RmStatus busy = rm.status(Caller.ANONYMOUS);
        assertThat(busy.reservationStates()).containsEntry(ReservationState.ReserveHeld, 1L)
                .containsEntry(ReservationState.ReserveStart, 1L);
        assertThat(busy.lifecycleStates()).containsEntry(LifecycleState.Created, 2L);

        // the committed one starts (virtual time), the held one times out
        ((SettableClock) clock).advance(Duration.ofMinutes(11));
        kernel.tick();
        RmStatus running = rm.status(Caller.ANONYMOUS);
        assertThat(running.lifecycleStates()).containsOnly(java.util.Map.entry(LifecycleState.Active, 1L));
        assertThat(running.properties()).contains(StatusProperty.of("runningReservations", 1, null));

        // GetResourceProperty of the service: the backend's properties as elements of the types namespace
        RmPortType port = new RmService().getRmPort();
        ((jakarta.xml.ws.BindingProvider) port).getRequestContext()
                .put(jakarta.xml.ws.BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address());
        List<Object> properties = port.getResourceProperty(new QName(ResourceReferences.TYPES_NS, "property")).getAny();
        assertThat(properties).hasSize(running.properties().size());
        assertThat(properties).map(p -> ((Element) p).getTextContent()).anySatisfy(t -> assertThat(t).contains("A-B")
                .contains("capacity").contains("Mbps"));
    }
}
