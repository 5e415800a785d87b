package org.doji.grc.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.store.CoAllocationStore;
import org.doji.rm.api.Caller;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.orm.jpa.DataJpaTest;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The dashboard's JSON endpoints over the GRC's real store (H2 through the JPA repositories) and a registry
 * of RMs that answer describe as the demo grid's RMs did, plus one that is down.
 */
@DataJpaTest
@Transactional(propagation = Propagation.NOT_SUPPORTED)
class DashboardApiTest {

    static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Autowired CoAllocationRepository records;
    @Autowired CallRecordRepository calls;
    @Autowired DashboardRecords dashboardRecords;
    @Autowired PlatformTransactionManager tx;

    SettableClock clock;
    CoAllocationStore store;
    RmRegistry registry;
    MockMvc mvc;
    List<ResourceInventory> inventories = RecordedRm.demoInventories();

    @BeforeEach
    void setUp() {
        records.deleteAll();
        calls.deleteAll();
        clock = new SettableClock(NOW.minus(Duration.ofHours(8)));
        store = new CoAllocationStore(records, calls, new TransactionTemplate(tx), clock);
        List<RmRegistry.Entry> entries = new ArrayList<>();
        for (ResourceInventory inv : inventories) {
            entries.add(new RmRegistry.Entry(inv.rmId(), "http://" + inv.rmId() + ":8081/services/rm",
                    new RecordedRm(inv)));
        }
        RecordedRm down = new RecordedRm(inventories.get(0));
        down.setDown(true);
        entries.add(new RmRegistry.Entry("crm-lost", "http://lost:8089/services/rm", down));
        registry = new RmRegistry(entries, Caller.coordinator("grc-test"), clock);
        DashboardQuery query = new DashboardQuery("grc-test", store, dashboardRecords, registry, clock,
                DashboardProperties.defaults());
        mvc = MockMvcBuilders.standaloneSetup(new DashboardController(query, "/services"))
                .addFilters(new DashboardAccess()).build();
    }

    /** Five co-allocations as the coordinator leaves them, created an hour apart (the last is the newest). */
    void book() {
        Instant h = NOW;
        store(CoAllocationState.Completed, "co-done", plan(h.minus(Duration.ofHours(5)), h.minus(Duration.ofHours(4)),
                List.of(site("a", "WEST1", "crm-west1", 4)), List.of()), null);
        store(CoAllocationState.Active, "co-active", plan(h.minus(Duration.ofHours(1)), h.plus(Duration.ofHours(2)),
                List.of(site("a", "EAST2", "crm-east2", 8), site("b", "WEST2", "crm-west2", 16)),
                List.of(new CoPlan.RoutedLink("a", "b", 2000, List.of(new CoPlan.Hop("nrm-east", "EAST2", "X1"),
                        new CoPlan.Hop("nrm-west", "X1", "WEST2"))))), null);
        store(CoAllocationState.Reserved, "co-reserved", plan(h.plus(Duration.ofHours(1)), h.plus(Duration.ofHours(3)),
                List.of(site("a", "EAST1", "crm-east1", 4), site("b", "EAST2", "crm-east2", 8)),
                List.of(new CoPlan.RoutedLink("a", "b", 1000, List.of(new CoPlan.Hop("nrm-east", "EAST1", "EAST2"))))), null);
        store(CoAllocationState.Cancelled, "co-cancelled", plan(h.plus(Duration.ofHours(4)), h.plus(Duration.ofHours(5)),
                List.of(site("a", "WEST1", "crm-west1", 4)), List.of()), "cancelled by alice");
        store(CoAllocationState.Failed, "co-failed", null, "no feasible plan: site a <b>400</b> cores");
        clock.set(NOW);
    }

    private void store(CoAllocationState state, String key, CoPlan plan, String reason) {
        clock.advance(Duration.ofHours(1));
        CoRequest request = new CoRequest(List.of(new CoRequest.Site("a", 400, Set.of("WEST1"), List.of())), List.of(),
                List.of(), new CoRequest.Time(NOW.plus(Duration.ofHours(6)), NOW.plus(Duration.ofHours(7)),
                Duration.ofHours(2), false), Policy.CHEAPEST, List.of(), null, "<script>alert(1)</script> " + key);
        store.create(key, "alice", null, request, "call-" + key, "hash-" + key);
        store.update(key, r -> {
            r.setReason(reason);
            if (plan != null) {
                r.setPlan(plan);
                r.setOutcomes(plan.sites().stream().map(s -> new RmOutcome(s.rmId(),
                        "http://" + s.rmId() + ":8081/services/rm", "r-" + key + "-" + s.rmId(), ReservationState.ReserveStart,
                        state == CoAllocationState.Active ? LifecycleState.Active : LifecycleState.Created,
                        new Allocation(List.of(new ComputeAllocation(s.site(), s.cores(), List.of(s.site() + "-n1"),
                                "doji_r-" + key)), List.of(), List.of(), s.cores()), null, null)).toList());
            } else {
                r.setOutcomes(List.of(RmOutcome.refused("crm-west1", "http://crm-west1:8081/services/rm",
                        "RESOURCE_UNAVAILABLE", "only 8 cores")));
            }
        });
        // a fixture: the state is put straight into the record, not walked through the state machine
        CoAllocationRecord record = records.findById(key).orElseThrow();
        record.setState(state);
        records.save(record);
    }

    private static CoPlan plan(Instant start, Instant end, List<CoPlan.PlacedSite> sites, List<CoPlan.RoutedLink> links) {
        return new CoPlan(0, new TimeWindow(start, end), sites, links, 17.5, 0);
    }

    private static CoPlan.PlacedSite site(String requested, String site, String rmId, int cores) {
        return new CoPlan.PlacedSite(requested, site, rmId, cores);
    }

    @Test
    void overviewCountsCoAllocationsByStateAndReachableRms() throws Exception {
        registry.probe();
        book();
        mvc.perform(get("/dashboard/api/overview")).andExpect(status().isOk())
                .andExpect(jsonPath("$.grcId").value("grc-test"))
                .andExpect(jsonPath("$.now").value(NOW.toString()))
                .andExpect(jsonPath("$.refreshMillis").value(5000))
                .andExpect(jsonPath("$.states.Planning").value(0))
                .andExpect(jsonPath("$.states.Reserved").value(1))
                .andExpect(jsonPath("$.states.Active").value(1))
                .andExpect(jsonPath("$.states.Completed").value(1))
                .andExpect(jsonPath("$.states.Cancelled").value(1))
                .andExpect(jsonPath("$.states.Failed").value(1))
                .andExpect(jsonPath("$.total").value(5))
                .andExpect(jsonPath("$.rmsReachable").value(6))
                .andExpect(jsonPath("$.rmsRegistered").value(7));
    }

    @Test
    void coAllocationsAreListedNewestFirstWithPlanOutcomesAndReasons() throws Exception {
        book();
        mvc.perform(get("/dashboard/api/co-allocations")).andExpect(status().isOk())
                .andExpect(jsonPath("$[*].key").value(contains("co-failed", "co-cancelled", "co-reserved", "co-active", "co-done")))
                .andExpect(jsonPath("$[*].state").value(contains("Failed", "Cancelled", "Reserved", "Active", "Completed")))
                // a failed request was never planned: its requested sites and window, the refusal, the reason
                .andExpect(jsonPath("$[0].planned").value(false))
                .andExpect(jsonPath("$[0].reason").value("no feasible plan: site a <b>400</b> cores"))
                .andExpect(jsonPath("$[0].description").value("<script>alert(1)</script> co-failed"))
                .andExpect(jsonPath("$[0].start").value("2026-11-22T16:00:00Z"))
                .andExpect(jsonPath("$[0].end").value("2026-11-22T19:00:00Z"))
                .andExpect(jsonPath("$[0].cost").value(nullValue()))
                .andExpect(jsonPath("$[0].sites[0].requestSite").value("a"))
                .andExpect(jsonPath("$[0].sites[0].cores").value(400))
                .andExpect(jsonPath("$[0].sites[0].site").value(nullValue()))
                .andExpect(jsonPath("$[0].outcomes[0].errorCode").value("RESOURCE_UNAVAILABLE"))
                .andExpect(jsonPath("$[0].outcomes[0].message").value("only 8 cores"))
                // a reserved one: where each site went, the routed link, every RM's reservation
                .andExpect(jsonPath("$[2].owner").value("alice"))
                .andExpect(jsonPath("$[2].planned").value(true))
                .andExpect(jsonPath("$[2].start").value("2026-11-22T11:00:00Z"))
                .andExpect(jsonPath("$[2].end").value("2026-11-22T13:00:00Z"))
                .andExpect(jsonPath("$[2].cost").value(17.5))
                .andExpect(jsonPath("$[2].policy").value("CHEAPEST"))
                .andExpect(jsonPath("$[2].sites[*].site").value(contains("EAST1", "EAST2")))
                .andExpect(jsonPath("$[2].links[0].bandwidthMbps").value(1000))
                .andExpect(jsonPath("$[2].links[0].hops[0].rmId").value("nrm-east"))
                .andExpect(jsonPath("$[2].links[0].hops[0].from").value("EAST1"))
                .andExpect(jsonPath("$[2].links[0].hops[0].to").value("EAST2"))
                .andExpect(jsonPath("$[2].outcomes[*].rmId").value(contains("crm-east1", "crm-east2")))
                .andExpect(jsonPath("$[2].outcomes[0].reservationKey").value("r-co-reserved-crm-east1"))
                .andExpect(jsonPath("$[2].outcomes[0].reservationState").value("ReserveStart"))
                .andExpect(jsonPath("$[2].outcomes[0].lifecycleState").value("Created"))
                .andExpect(jsonPath("$[2].outcomes[0].handles").value(contains("doji_r-co-reserved")))
                .andExpect(jsonPath("$[3].links[0].hops[*].rmId").value(contains("nrm-east", "nrm-west")))
                .andExpect(jsonPath("$[3].links[0].hops[*].to").value(contains("X1", "WEST2")));
    }

    @Test
    void withNothingBookedTheTimelineOpensAnHourBeforeNow() throws Exception {
        registry.probe();
        mvc.perform(get("/dashboard/api/timeline")).andExpect(status().isOk())
                .andExpect(jsonPath("$.from").value(clock.instant().minusSeconds(3600).toString()));
    }

    @Test
    void timelineHasARowPerSiteAndPathWithTheReservationsThatUseIt() throws Exception {
        registry.probe();
        book();
        // it opens at the start of the earliest reservation shown (the active one, 05:00), not 6 h back
        mvc.perform(get("/dashboard/api/timeline")).andExpect(status().isOk())
                .andExpect(jsonPath("$.from").value("2026-11-22T05:00:00Z"))
                .andExpect(jsonPath("$.to").value("2026-11-23T10:00:00Z"))
                .andExpect(jsonPath("$.now").value(NOW.toString()))
                .andExpect(jsonPath("$.rows[0:4].id").value(contains("site:EAST1", "site:EAST2", "site:WEST1", "site:WEST2")))
                .andExpect(jsonPath("$.rows[4:].kind").value(org.hamcrest.Matchers.everyItem(org.hamcrest.Matchers.is("path"))))
                // EAST2 is shared by the active and the reserved co-allocation: two lanes, earliest first
                .andExpect(jsonPath("$.rows[1].lanes").value(2))
                .andExpect(jsonPath("$.rows[1].bars[*].key").value(contains("co-active", "co-reserved")))
                .andExpect(jsonPath("$.rows[1].bars[*].lane").value(contains(0, 1)))
                .andExpect(jsonPath("$.rows[1].bars[*].amount").value(contains(8, 8)))
                .andExpect(jsonPath("$.rows[1].bars[0].state").value("Active"))
                .andExpect(jsonPath("$.rows[1].bars[0].start").value("2026-11-22T09:00:00Z"))
                // the completed one (in the past window) shows; the cancelled one holds nothing
                .andExpect(jsonPath("$.rows[2].bars[*].key").value(contains("co-done")))
                .andExpect(jsonPath("$.rows[?(@.id == 'path:nrm-east:EAST2|X1')].bars[*].key").value(contains("co-active")))
                .andExpect(jsonPath("$.rows[?(@.id == 'path:nrm-east:EAST2|X1')].bars[*].amount").value(contains(2000)))
                .andExpect(jsonPath("$.rows[?(@.id == 'path:nrm-west:WEST2|X1')].bars[*].key").value(contains("co-active")))
                .andExpect(jsonPath("$.rows[?(@.id == 'path:nrm-east:EAST1|EAST2')].bars[*].key").value(contains("co-reserved")))
                .andExpect(jsonPath("$..bars[?(@.key == 'co-cancelled')]").value(empty()));
    }

    @Test
    void timelineRangeCanBeChosenAndBadRangesAreRefused() throws Exception {
        registry.probe();
        book();
        mvc.perform(get("/dashboard/api/timeline").param("from", "2026-11-22T12:30:00Z").param("to", "2026-11-22T20:00:00Z"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.to").value("2026-11-22T20:00:00Z"))
                .andExpect(jsonPath("$.rows[1].bars[*].key").value(contains("co-reserved")))
                .andExpect(jsonPath("$.rows[2].bars").value(empty()));
        mvc.perform(get("/dashboard/api/timeline").param("from", "yesterday"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").value(containsString("from: not an ISO-8601 instant")));
        mvc.perform(get("/dashboard/api/timeline").param("from", "2026-11-22T12:00:00Z").param("to", "2026-11-22T11:00:00Z"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").value(containsString("must be after from")));
    }

    @Test
    void graphHasTheDescribedSitesExchangePointsAndPathsWithWhatRunsNow() throws Exception {
        registry.probe();
        book();
        long paths = inventories.stream().mapToLong(i -> i.paths().size()).sum();
        mvc.perform(get("/dashboard/api/graph")).andExpect(status().isOk())
                .andExpect(jsonPath("$.nodes[*].id").value(contains("EAST1", "EAST2", "WEST1", "WEST2", "X1")))
                .andExpect(jsonPath("$.nodes[*].kind").value(contains("site", "site", "site", "site", "exchange")))
                .andExpect(jsonPath("$.nodes[1].rmId").value("crm-east2"))
                .andExpect(jsonPath("$.nodes[1].totalCores").value(16))
                .andExpect(jsonPath("$.nodes[1].coresInUse").value(8))
                .andExpect(jsonPath("$.nodes[3].coresInUse").value(16))
                .andExpect(jsonPath("$.nodes[0].coresInUse").value(0))
                .andExpect(jsonPath("$.nodes[4].domains").value(contains("EAST", "WEST")))
                .andExpect(jsonPath("$.edges").value(hasSize((int) paths)))
                .andExpect(jsonPath("$.edges[?(@.id == 'path:nrm-east:EAST2|X1')].mbpsInUse").value(contains(2000)))
                .andExpect(jsonPath("$.edges[?(@.id == 'path:nrm-east:EAST1|EAST2')].mbpsInUse").value(contains(0)))
                .andExpect(jsonPath("$.edges[?(@.id == 'path:nrm-east:EAST1|EAST2')].capacityMbps").value(contains(10000)));
    }

    @Test
    void healthIsUnknownUntilProbedThenUpWithLatencyOrDownWithTheError() throws Exception {
        mvc.perform(get("/dashboard/api/health")).andExpect(status().isOk())
                .andExpect(jsonPath("$", hasSize(7)))
                .andExpect(jsonPath("$[0].reachable").value(nullValue()));
        Instant probedAt = clock.instant();
        registry.probe();
        mvc.perform(get("/dashboard/api/health")).andExpect(status().isOk())
                .andExpect(jsonPath("$[*].rmId").value(contains("crm-east1", "crm-east2", "crm-west1", "crm-west2",
                        "nrm-east", "nrm-west", "crm-lost")))
                .andExpect(jsonPath("$[0].reachable").value(true))
                .andExpect(jsonPath("$[0].kind").value("COMPUTE"))
                .andExpect(jsonPath("$[0].domain").value("EAST"))
                .andExpect(jsonPath("$[0].address").value("http://crm-east1:8081/services/rm"))
                .andExpect(jsonPath("$[0].backend").value("simulated"))
                .andExpect(jsonPath("$[0].latencyMillis").value(greaterThanOrEqualTo(0)))
                .andExpect(jsonPath("$[0].checkedAt").value(probedAt.toString()))
                .andExpect(jsonPath("$[0].lastAnswer").value(probedAt.toString()))
                .andExpect(jsonPath("$[4].kind").value("NETWORK"))
                .andExpect(jsonPath("$[6].reachable").value(false))
                .andExpect(jsonPath("$[6].checkedAt").value(probedAt.toString()))
                .andExpect(jsonPath("$[6].lastAnswer").value(nullValue()))
                .andExpect(jsonPath("$[6].latencyMillis").value(nullValue()))
                .andExpect(jsonPath("$[6].error").value("Could not send Message: Connection refused"));
    }

    @Test
    void servicesLinkTheGrcAndEveryRmWsdl() throws Exception {
        registry.probe();
        mvc.perform(get("/dashboard/api/services")).andExpect(status().isOk())
                .andExpect(jsonPath("$", hasSize(9)))
                .andExpect(jsonPath("$[0].name").value("grc-test"))
                .andExpect(jsonPath("$[0].role").value("GRC"))
                .andExpect(jsonPath("$[0].wsdl").value("http://localhost/services/grc?wsdl"))
                .andExpect(jsonPath("$[0].page").value("http://localhost/services/grc/help"))
                // the GRC's own RM port (for a parent GRC) is a service too
                .andExpect(jsonPath("$[1].name").value("grc-test (RM port)"))
                .andExpect(jsonPath("$[1].role").value("GRC as an RM"))
                .andExpect(jsonPath("$[1].wsdl").value("http://localhost/services/rm?wsdl"))
                .andExpect(jsonPath("$[1].page").value("http://localhost/services/rm/help"))
                .andExpect(jsonPath("$[2].name").value("crm-east1"))
                .andExpect(jsonPath("$[2].role").value("COMPUTE"))
                .andExpect(jsonPath("$[2].wsdl").value("http://crm-east1:8081/services/rm?wsdl"))
                .andExpect(jsonPath("$[2].page").value("http://crm-east1:8081/services/rm/help"))
                .andExpect(jsonPath("$[6].role").value("NETWORK"))
                .andExpect(jsonPath("$[8].name").value("crm-lost"))
                .andExpect(jsonPath("$[8].role").value("RM"));
    }

    @Test
    void theApiIsReadOnlyUncachedAndUnderAContentSecurityPolicy() throws Exception {
        mvc.perform(post("/dashboard/api/overview")).andExpect(status().isMethodNotAllowed())
                .andExpect(header().string("Allow", "GET, HEAD"));
        mvc.perform(get("/dashboard/api/overview")).andExpect(status().isOk())
                .andExpect(header().string("Cache-Control", "no-store"))
                .andExpect(header().string("Content-Security-Policy", DashboardAccess.CSP))
                .andExpect(header().string("X-Content-Type-Options", "nosniff"));
        assertThat(records.count()).isZero();
    }
}
