package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.AddressingFeature;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.contract.InvalidRequestFault;
import org.doji.contract.ResourceUnavailableFault;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.grc.Modify;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.PlannedSite;
import org.doji.contract.types.RmOutcome;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.contract.types.TimeWindow;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.rm.api.Caller;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.soap.ResourceReferences;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.doji.rm.soap.BaseFaults;

/**
 * Modification of a co-allocation over SOAP, two-phase at every RM: same RMs keep their reservation keys
 * (modify), a site moved elsewhere is reserved there and cancelled where it was, a refused modification
 * leaves every RM exactly as before, and a repeated call is idempotent.
 */
class CoAllocationModifyIT {

    private static LocalGrid grid;

    @BeforeAll
    static void startGrid() {
        GridTopology topology = TestGrids.threeSitesOneDomain();
        grid = LocalGrid.start(topology, 0, TestDatabase.grid("mem"), Map.of(), Map.of("doji.grc.slots", "1"));
    }

    @AfterAll
    static void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    private static GrcPortType grc() {
        GrcPortType port = new GrcService().getGrcPort(new AddressingFeature());
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, grid.grcUrl());
        return port;
    }

    private static GrcPortType at(EndpointReferenceType epr) {
        return new GrcService().getPort(ResourceReferences.toW3C(epr), GrcPortType.class, new AddressingFeature());
    }

    private static Instant day(int hour) {
        return Instant.now().truncatedTo(ChronoUnit.DAYS).plus(2, ChronoUnit.DAYS).plus(hour, ChronoUnit.HOURS);
    }

    private static CoAllocationRequest request(Instant start, Instant end, int coresA, String pinA, int coresB, int mbps) {
        CoAllocationRequest r = new CoAllocationRequest();
        SiteRequest a = new SiteRequest();
        a.setId("a");
        a.setCores(coresA);
        if (pinA != null) {
            a.getCandidate().add(Requests.candidate(pinA));
        }
        r.getSite().add(a);
        if (coresB > 0) {
            SiteRequest b = new SiteRequest();
            b.setId("b");
            b.setCores(coresB);
            r.getSite().add(b);
            LinkRequest l = new LinkRequest();
            l.setFrom("a");
            l.setTo("b");
            l.setBandwidthMbps(mbps);
            r.getLink().add(l);
        }
        TimeWindow w = new TimeWindow();
        w.setStart(start);
        w.setEnd(end);
        TimeConstraint t = new TimeConstraint();
        t.setFixed(w);
        r.setTime(t);
        return r;
    }

    private static CoAllocationDocument reserved(CoAllocationRequest r) throws Exception {
        EndpointReferenceType epr = grc().createCoAllocation(UUID.randomUUID().toString(), r, null, null);
        GrcPortType co = at(epr);
        await().atMost(Duration.ofSeconds(60)).until(() -> doc(co).getState(),
                org.doji.it.faults.GrcClient::isFinal);
        CoAllocationDocument doc = doc(co);
        assertThat(doc.getState()).as(doc.getReason()).isEqualTo(CoAllocationState.RESERVED);
        return doc;
    }

    private static CoAllocationDocument doc(GrcPortType co) throws Exception {
        return CoAllocationDocuments.of(co);
    }

    private static GrcPortType addressing(String key) {
        return at(ResourceReferences.reference(grid.grcUrl(), key));
    }

    private static CoAllocationDocument modify(String key, String correlationId, CoAllocationRequest r) throws Exception {
        Modify m = new Modify();
        m.setCorrelationId(correlationId);
        m.setRequest(r);
        return addressing(key).modify(m).getCoAllocationDocument();
    }

    private static ReservationView view(RmOutcome o) {
        return rm(ResourceReferences.serviceAddressOf(o.getReservation())).get(Caller.ANONYMOUS,
                ResourceReferences.keyOf(o.getReservation()));
    }

    private static RemoteResourceManager rm(String address) {
        return new RemoteResourceManager(address, Duration.ofSeconds(5), Duration.ofSeconds(30));
    }

    private static Map<String, String> keysByRm(CoAllocationDocument d) {
        return d.getRm().stream().collect(Collectors.toMap(RmOutcome::getRmId, o -> ResourceReferences.keyOf(o.getReservation())));
    }

    @Test
    void extendingTheWindowModifiesEveryRmInPlaceAndARepeatIsIdempotent() throws Exception {
        CoAllocationDocument before = reserved(request(day(1), day(2), 8, null, 8, 500));
        Map<String, String> keys = keysByRm(before);
        String correlation = UUID.randomUUID().toString();
        CoAllocationRequest longer = request(day(1), day(3), 8, null, 8, 500);

        CoAllocationDocument after = modify(before.getKey(), correlation, longer);

        assertThat(after.getState()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(after.getPlan().getWindow().getEnd()).isEqualTo(day(3));
        assertThat(keysByRm(after)).as("the same RMs keep their reservations").isEqualTo(keys);
        for (RmOutcome o : after.getRm()) {
            ReservationView v = view(o);
            assertThat(v.reservationState()).isEqualTo(ReservationState.ReserveStart);
            assertThat(v.spec().window().end()).isEqualTo(day(3));
            assertThat(v.pendingChange()).isEqualTo(org.doji.rm.model.PendingChange.None);
        }
        // the same call again: the same answer, nothing changes; the same id with another request: refused
        assertThat(modify(before.getKey(), correlation, longer).getPlan().getWindow().getEnd()).isEqualTo(day(3));
        assertThatThrownBy(() -> modify(before.getKey(), correlation, request(day(1), day(4), 8, null, 8, 500)))
                .isInstanceOfSatisfying(InvalidRequestFault.class,
                        f -> assertThat(BaseFaults.errorCode(f.getFaultInfo())).isEqualTo("CORRELATION_ID_REUSED"));
        assertThat(doc(addressing(before.getKey())).getPlan().getWindow().getEnd()).isEqualTo(day(3));
    }

    @Test
    void movingASiteReservesItsNewRmAndCancelsItsOldOne() throws Exception {
        CoAllocationDocument before = reserved(request(day(5), day(6), 8, null, 0, 0));
        PlannedSite old = before.getPlan().getSite().get(0);
        assertThat(old.getRmId()).isEqualTo("crm-a");
        RmOutcome oldOutcome = before.getRm().get(0);

        CoAllocationDocument after = modify(before.getKey(), UUID.randomUUID().toString(),
                request(day(5), day(6), 8, "SITE_C", 0, 0));

        assertThat(after.getPlan().getSite()).extracting(PlannedSite::getSite).containsExactly("SITE_C");
        assertThat(after.getRm()).extracting(RmOutcome::getRmId).containsExactly("crm-c");
        assertThat(view(after.getRm().get(0)).reservationState()).isEqualTo(ReservationState.ReserveStart);
        assertThat(view(oldOutcome).lifecycleState()).as("the old part is released")
                .isIn(LifecycleState.Terminated, LifecycleState.Terminating);
    }

    @Test
    void aModificationAnRmRefusesLeavesEveryRmExactlyAsItWas() throws Exception {
        // the co-allocation holds all 16 cores of SITE_A for [10h, 12h); someone else holds them for [12h, 13h)
        CoAllocationDocument before = reserved(request(day(10), day(12), 16, "SITE_A", 0, 0));
        String crmA = grid.rmUrls().get("crm-a");
        var other = rm(crmA).reserve(Caller.ANONYMOUS, UUID.randomUUID().toString(), new ReservationSpec(
                new org.doji.rm.model.TimeWindow(day(12), day(13)), List.of(new ComputeDemand("SITE_A", 16, List.of())),
                List.of(), List.of(), List.of("someone"), "other"), null);
        rm(crmA).commit(Caller.ANONYMOUS, other.key(), UUID.randomUUID().toString());

        // planning adds the co-allocation's own cores back (16 free looks possible), the RM's prepare refuses
        assertThatThrownBy(() -> modify(before.getKey(), UUID.randomUUID().toString(),
                request(day(10), day(13), 16, "SITE_A", 0, 0)))
                .isInstanceOfSatisfying(ResourceUnavailableFault.class, f -> {
                    assertThat(BaseFaults.errorCode(f.getFaultInfo())).isEqualTo("MODIFY_REFUSED");
                    assertThat(BaseFaults.description(f.getFaultInfo())).contains("unchanged", "crm-a");
                });

        CoAllocationDocument after = doc(addressing(before.getKey()));
        assertThat(after.getState()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(after.getPlan().getWindow().getEnd()).isEqualTo(day(12));
        ReservationView v = view(after.getRm().get(0));
        assertThat(v.reservationState()).isEqualTo(ReservationState.ReserveStart);
        assertThat(v.spec().window().end()).as("the old reservation is restored exactly").isEqualTo(day(12));
        assertThat(v.pendingChange()).isEqualTo(org.doji.rm.model.PendingChange.None);
    }

    @Test
    void anImpossibleModificationIsRefusedWithTheReason() throws Exception {
        CoAllocationDocument before = reserved(request(day(15), day(16), 4, null, 0, 0));
        assertThatThrownBy(() -> modify(before.getKey(), UUID.randomUUID().toString(),
                request(day(15), day(16), 400, null, 0, 0)))
                .isInstanceOfSatisfying(ResourceUnavailableFault.class,
                        f -> assertThat(BaseFaults.description(f.getFaultInfo())).contains("no feasible plan"));
        assertThat(keysByRm(doc(addressing(before.getKey())))).isEqualTo(keysByRm(before));
    }
}
