package org.doji.rm.soap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.doji.rm.app.RmApplication;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The RM port over real SOAP/HTTP on loopback, through the generated stubs. */
@SpringBootTest(classes = RmApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "doji.rm.id=crm-test",
        "spring.datasource.url=jdbc:h2:mem:crm-test;DB_CLOSE_DELAY=-1",
        "doji.rm.simulated.sites[0].name=siteA",
        "doji.rm.simulated.sites[0].nodes=4",
        "doji.rm.simulated.sites[0].cores-per-node=8",
        "doji.rm.simulated.sites[0].unit-price=2.0"})
class RmSoapRoundTripTest {

    @LocalServerPort
    int port;

    @Autowired
    ReservationRepository repository;

    private RemoteResourceManager rm() {
        return new RemoteResourceManager("http://localhost:" + port + "/services/rm", Duration.ofSeconds(5), Duration.ofSeconds(30));
    }

    private static TimeWindow window(int startHours, int hours) {
        Instant base = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.DAYS);
        return new TimeWindow(base.plus(startHours, ChronoUnit.HOURS), base.plus(startHours + hours, ChronoUnit.HOURS));
    }

    private static ReservationSpec cores(int cores, TimeWindow w) {
        return new ReservationSpec(w, List.of(new ComputeDemand("siteA", cores, List.of())), List.of(), List.of(),
                List.of("alice"), "co-1");
    }

    @Test
    void describeAvailabilityReserveCommitCancel() {
        RemoteResourceManager rm = rm();
        assertThat(rm.describe(Caller.ANONYMOUS).sites()).singleElement()
                .satisfies(s -> assertThat(s.totalCores()).isEqualTo(32));

        TimeWindow w = window(0, 2);
        ReservationView held = rm.reserve(Caller.ANONYMOUS, "c-1", cores(16, w), null);
        assertThat(held.reservationState()).isEqualTo(ReservationState.ReserveHeld);
        assertThat(held.pendingChange()).isEqualTo(PendingChange.Reserve);
        assertThat(held.pendingAllocation().compute().get(0).nodes()).containsExactly("siteA-n1", "siteA-n2");

        List<SlotAvailability> slots = rm.availability(Caller.ANONYMOUS,
                new AvailabilityQuery(List.of(w, window(3, 2)), null));
        assertThat(slots).extracting(s -> s.compute().get(0).freeCores()).containsExactly(16, 32);

        // a retry with the same correlation id gets the same answer, and books nothing more
        assertThat(rm.reserve(Caller.ANONYMOUS, "c-1", cores(16, w), null).key()).isEqualTo(held.key());
        assertThatThrownBy(() -> rm.reserve(Caller.ANONYMOUS, "c-1", cores(8, w), null))
                .isInstanceOf(DojiException.class)
                .satisfies(e -> assertThat(((DojiException) e).errorCode()).isEqualTo("CORRELATION_ID_REUSED"));

        ReservationView committed = rm.commit(Caller.ANONYMOUS, held.key(), "c-2");
        assertThat(committed.reservationState()).isEqualTo(ReservationState.ReserveStart);
        assertThat(committed.allocation().compute().get(0).handle()).isEqualTo("doji_" + held.key());
        assertThat(rm.commit(Caller.ANONYMOUS, held.key(), "c-2b").version()).isEqualTo(committed.version() + 1);
        assertThat(repository.findById(held.key())).get()
                .satisfies(r -> assertThat(r.getReservationState()).isEqualTo(ReservationState.ReserveStart));

        ReservationView cancelling = rm.cancel(Caller.ANONYMOUS, held.key(), "c-3");
        assertThat(cancelling.pendingChange()).isEqualTo(PendingChange.Cancel);
        ReservationView cancelled = rm.commit(Caller.ANONYMOUS, held.key(), "c-4");
        assertThat(cancelled.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(rm.availability(Caller.ANONYMOUS, new AvailabilityQuery(List.of(w), null)).get(0)
                .compute().get(0).freeCores()).isEqualTo(32);
    }

    @Test
    void badInputGetsTypedFaultsAndStoresNothing() {
        RemoteResourceManager rm = rm();
        long before = repository.count();
        TimeWindow w = window(0, 1);
        ReservationSpec unknownSite = new ReservationSpec(w, List.of(new ComputeDemand("nowhere", 1, List.of())),
                List.of(), List.of(), List.of(), null);
        assertThatThrownBy(() -> rm.reserve(Caller.ANONYMOUS, "bad-1", unknownSite, null))
                .isInstanceOf(DojiException.class)
                .satisfies(e -> {
                    assertThat(((DojiException) e).kind()).isEqualTo(FaultKind.UNKNOWN_RESOURCE);
                    assertThat(e.getMessage()).contains("nowhere");
                });
        assertThatThrownBy(() -> rm.reserve(Caller.ANONYMOUS, "bad-2", cores(64, w), null))
                .isInstanceOf(DojiException.class)
                .satisfies(e -> assertThat(((DojiException) e).errorCode()).isEqualTo("INSUFFICIENT_CORES"));
        assertThatThrownBy(() -> rm.commit(Caller.ANONYMOUS, "r-doesnotexist", "bad-3"))
                .isInstanceOf(DojiException.class)
                .satisfies(e -> assertThat(((DojiException) e).kind()).isEqualTo(FaultKind.UNKNOWN_RESOURCE));
        assertThat(repository.count()).isEqualTo(before);
    }

    /** The reserve answer's EPR on the wire: a wsa:EndpointReferenceType with the key as reference parameter and in the address. */
    @Test
    void theReserveAnswerCarriesTheReservationsEndpointReference() throws Exception {
        org.doji.contract.RmPortType port = new org.doji.contract.RmService().getRmPort();
        ((jakarta.xml.ws.BindingProvider) port).getRequestContext()
                .put(jakarta.xml.ws.BindingProvider.ENDPOINT_ADDRESS_PROPERTY, "http://localhost:" + this.port + "/services/rm");
        var answer = port.reserve("epr-1", ToContract.spec(cores(8, window(5, 1))), null);
        org.w3c.dom.Element epr = answer.getReference();
        assertThat(epr.getLocalName()).isEqualTo("reference");
        assertThat(ResourceReferences.keyOf(epr)).isEqualTo(answer.getDocument().getKey());
        assertThat(epr.getElementsByTagNameNS("http://www.w3.org/2005/08/addressing", "Address").item(0).getTextContent())
                .isEqualTo(ResourceReferences.addressOf("http://localhost:" + this.port + "/services/rm",
                        answer.getDocument().getKey()));
        // and a client that only follows the address (no reference parameter) reaches the reservation
        org.doji.contract.RmPortType byAddress = new org.doji.contract.RmService().getRmPort();
        ((jakarta.xml.ws.BindingProvider) byAddress).getRequestContext().put(
                jakarta.xml.ws.BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                epr.getElementsByTagNameNS("http://www.w3.org/2005/08/addressing", "Address").item(0).getTextContent());
        assertThat(byAddress.reserveAbort("epr-2").getLifecycleState().value()).isEqualTo("Terminated");
    }
}
