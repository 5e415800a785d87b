package org.doji.grc.coallocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.GrcPersistenceOnly;
import org.doji.grc.planner.Planner;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planning.IntegerProgramPlanner;
import org.doji.grc.planning.PlanningStrategy;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.InMemoryTransactionLog;
import org.doji.grc.tx.ParticipantCalls;
import org.doji.grc.tx.TransactionDriver;
import org.doji.grc.tx.TransactionEngine;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.kernel.InMemoryReservationStore;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.RmKind;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Modify (CoAllocationModifier) driven through the coordinator's port, {@link CoAllocationService}, without SOAP
 * or a grid: real RM kernels in memory (the boundary: one of them can be made to refuse holds), the real engine on
 * an in-memory log, the real store on the GRC's database, the planner with the greedy engine. After each modification every RM
 * holds exactly what the co-allocation says, and a refused one leaves the co-allocation and every RM as they were.
 */
class CoAllocationModifyTest {

    private static final Instant T0 = Instant.parse("2030-07-01T00:00:00Z");
    private static final Caller ALICE = Caller.user("alice");

    @TempDir
    static Path dir;
    private static ConfigurableApplicationContext context;
    private static final SettableClock clock = new SettableClock(T0);
    private static final Map<String, ReservationKernel> kernels = new LinkedHashMap<>();
    /** RM B refuses every new hold while this is set (its answers as an RM that is full). */
    private static final AtomicBoolean bRefuses = new AtomicBoolean();
    /** RM B refuses every cancel while this is set (as an RM that cannot change the reservation now). */
    private static final AtomicBoolean bRefusesCancels = new AtomicBoolean();
    private static ExecutorService workers;
    private static ExecutorService rmCalls;
    private static CoAllocationService service;

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(GrcPersistenceOnly.class).web(WebApplicationType.NONE)
                .run("--spring.jmx.enabled=false", "--spring.datasource.url=" + TestDatabase.url(dir.resolve("grc")));
        TransactionTemplate tx = context.getBean(TransactionTemplate.class);
        CoAllocationStore store = new CoAllocationStore(context.getBean(CoAllocationRepository.class),
                context.getBean(CallRecordRepository.class), tx, clock);
        List<RmRegistry.Entry> entries = new ArrayList<>();
        for (var rm : Map.of("crm-a", 1.0, "crm-b", 2.0).entrySet()) {
            String site = rm.getKey().substring(4).toUpperCase();
            BackendInventory inventory = new BackendInventory(RmKind.COMPUTE, "d",
                    List.of(SimulatedBackend.site(site, 1, 8, rm.getValue(), Map.of())), List.of(), List.of(), List.of(), List.of());
            ReservationKernel k = new ReservationKernel(new RmSettings(rm.getKey(), Duration.ofMinutes(2),
                    Duration.ofDays(366), Map.of(), Set.of()), new SimulatedBackend(inventory), new InMemoryReservationStore(),
                    clock, Notifier.NONE);
            kernels.put(rm.getKey(), k);
            ResourceManager at = rm.getKey().equals("crm-b") ? refusingWhenSet(k) : k;
            entries.add(new RmRegistry.Entry(rm.getKey(), "test:" + rm.getKey(), at));
        }
        RmRegistry registry = new RmRegistry(entries, Caller.coordinator("grc"), clock);
        workers = Executors.newFixedThreadPool(2);
        rmCalls = Executors.newFixedThreadPool(4);
        TransactionEngine engine = new TransactionEngine(new InMemoryTransactionLog(),
                new ParticipantCalls(registry, Caller.coordinator("grc"), () -> "http://grc/notify", new SimpleMeterRegistry()),
                rmCalls, clock, Duration.ofMillis(200), Duration.ofSeconds(30), clock::advance);
        PlanningStrategy greedy = new IntegerProgramPlanner(new Planner(EngineRegistry.withDefaults(),
                PlannerSettings.defaults().withEngine("greedy"), Runnable::run));
        service = CoAllocationAssembly.service(store, registry, greedy, engine,
                new TransactionDriver(engine, clock, rmCalls), workers, rmCalls, clock,
                new CoordinatorSettings(1, 3, 8, Duration.ofSeconds(10), Duration.ofSeconds(5)), CoordinationListener.NONE,
                new SimpleMeterRegistry(), Map.of(), org.doji.rm.util.Entropy.secure());
    }

    @AfterAll
    static void stop() {
        workers.shutdownNow();
        rmCalls.shutdownNow();
        context.close();
    }

    /** RM B's port: its kernel, or a refusal of every new hold while {@link #bRefuses} is set. */
    private static ResourceManager refusingWhenSet(ResourceManager rm) {
        return (ResourceManager) Proxy.newProxyInstance(ResourceManager.class.getClassLoader(),
                new Class<?>[] {ResourceManager.class}, (proxy, method, args) -> {
                    if (bRefuses.get() && method.getName().equals("reserve")) {
                        throw DojiException.unavailable("NO_CAPACITY", "B is full");
                    }
                    if (bRefusesCancels.get() && method.getName().equals("cancel")) {
                        throw DojiException.illegalTransition("ReserveHeld", "CANCEL");
                    }
                    try {
                        return method.invoke(rm, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static void kernelRefusesCancels(String rm, boolean refuse) {
        bRefusesCancels.set(refuse);
    }

    /** One site of {@code cores} cores, on one of {@code sites} (none: any), for an hour {@code day} days ahead. */
    private static CoRequest request(int day, int cores, String... sites) {
        Instant start = T0.plus(Duration.ofDays(day));
        return new CoRequest(List.of(new CoRequest.Site("a", cores, Set.of(sites), List.of())), List.of(), List.of(),
                new CoRequest.Time(start, start, Duration.ofHours(1), true), Policy.CHEAPEST, List.of(), null, null);
    }

    private static String reserved(CoRequest request) {
        String key = service.create(ALICE, "c-" + UUID.randomUUID(), request, null);
        await().atMost(Duration.ofSeconds(30)).until(() -> service.get(ALICE, key).state().isSettled());
        assertThat(service.get(ALICE, key).state()).isEqualTo(CoAllocationState.Reserved);
        return key;
    }

    /** What an RM holds for the co-allocation: "SITE cores start", committed or held, not ended. */
    private static List<String> heldAt(String rmId, String key) {
        return kernels.get(rmId).openReservations().stream()
                .filter(v -> !v.lifecycleState().isFinal() && v.spec() != null && key.equals(v.spec().globalId()))
                .map(CoAllocationModifyTest::describe).toList();
    }

    private static String describe(ReservationView v) {
        var c = v.spec().compute().get(0);
        return c.site() + " " + c.cores() + " " + v.spec().window().start() + " " + v.reservationState();
    }

    private static void assertEveryRmHoldsWhatTheCoAllocationSays(String key) {
        CoAllocation c = service.get(ALICE, key);
        for (String rm : kernels.keySet()) {
            List<String> expected = c.plan().sites().stream().filter(s -> s.rmId().equals(rm))
                    .map(s -> s.site() + " " + s.cores() + " " + c.plan().window().start() + " ReserveStart").toList();
            assertThat(heldAt(rm, key)).as(rm).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void aNewWindowAndSizeReplaceTheOldOnesAtTheSameRm() {
        String key = reserved(request(3, 4));
        assertThat(heldAt("crm-a", key)).containsExactly("A 4 " + T0.plus(Duration.ofDays(3)) + " ReserveStart");
        CoAllocation after = service.modify(ALICE, key, "m-" + UUID.randomUUID(), request(4, 6));
        assertThat(after.state()).isEqualTo(CoAllocationState.Reserved);
        assertThat(after.plan().window().start()).isEqualTo(T0.plus(Duration.ofDays(4)));
        assertThat(after.request().sites().get(0).cores()).isEqualTo(6);
        assertEveryRmHoldsWhatTheCoAllocationSays(key);
        assertThat(heldAt("crm-a", key)).containsExactly("A 6 " + T0.plus(Duration.ofDays(4)) + " ReserveStart");
    }

    @Test
    void movingASiteToAnotherRmReleasesTheOldPartLeavingNoOrphan() {
        String key = reserved(request(5, 4));
        CoAllocation after = service.modify(ALICE, key, "m-" + UUID.randomUUID(), request(5, 4, "B"));
        assertThat(after.plan().sites()).extracting(org.doji.grc.model.CoPlan.PlacedSite::site).containsExactly("B");
        assertThat(heldAt("crm-a", key)).as("the old part is released, not left booked").isEmpty();
        assertEveryRmHoldsWhatTheCoAllocationSays(key);
    }

    @Test
    void aRefusedModificationLeavesTheCoAllocationAndEveryRmAsTheyWere() {
        String key = reserved(request(6, 4));
        CoAllocation before = service.get(ALICE, key);
        List<String> heldBefore = heldAt("crm-a", key);
        bRefuses.set(true);
        try {
            assertThatThrownBy(() -> service.modify(ALICE, key, "m-" + UUID.randomUUID(), request(6, 4, "B")))
                    .isInstanceOf(DojiException.class).hasMessageContaining("unchanged").hasMessageContaining("B is full");
        } finally {
            bRefuses.set(false);
        }
        CoAllocation after = service.get(ALICE, key);
        assertThat(after.state()).isEqualTo(CoAllocationState.Reserved);
        assertThat(after.plan()).isEqualTo(before.plan());
        assertThat(after.request()).isEqualTo(before.request());
        assertThat(heldAt("crm-a", key)).isEqualTo(heldBefore);
        assertThat(heldAt("crm-b", key)).as("nothing held at the RM that refused").isEmpty();
        assertEveryRmHoldsWhatTheCoAllocationSays(key);
    }

    @Test
    void aRepeatedModifyWithTheSameCorrelationIdChangesNothingMore() {
        String key = reserved(request(7, 2));
        String correlation = "m-" + UUID.randomUUID();
        CoAllocation first = service.modify(ALICE, key, correlation, request(8, 3));
        CoAllocation again = service.modify(ALICE, key, correlation, request(8, 3));
        assertThat(again.plan()).isEqualTo(first.plan());
        assertThat(again.updated()).isEqualTo(first.updated());
        assertThatThrownBy(() -> service.modify(ALICE, key, correlation, request(9, 3)))
                .as("the same id with another request").isInstanceOf(DojiException.class);
        assertEveryRmHoldsWhatTheCoAllocationSays(key);
    }

    @Test
    void aRefusedModifyRepeatedOnceItCouldSucceedIsRefusedAgainAndChangesNothing() {
        // a late copy of a refused call (delayed in the network): the user took the refusal and moved on
        String key = reserved(request(12, 4));
        CoAllocation before = service.get(ALICE, key);
        String correlation = "m-" + UUID.randomUUID();
        bRefuses.set(true);
        try {
            assertThatThrownBy(() -> service.modify(ALICE, key, correlation, request(12, 4, "B")))
                    .isInstanceOf(DojiException.class).hasMessageContaining("B is full");
        } finally {
            bRefuses.set(false);
        }
        assertThatThrownBy(() -> service.modify(ALICE, key, correlation, request(12, 4, "B")))
                .isInstanceOf(DojiException.class).hasMessageContaining("B is full");
        assertThat(service.get(ALICE, key).request()).isEqualTo(before.request());
        assertThat(heldAt("crm-b", key)).isEmpty();
        assertEveryRmHoldsWhatTheCoAllocationSays(key);
    }

    @Test
    void aRefusedCancelRepeatedOnceItCouldSucceedIsRefusedAgainAndTheCoAllocationStays() {
        String key = reserved(request(13, 4, "B"));
        String correlation = "x-" + UUID.randomUUID();
        bRefuses.set(true);
        kernelRefusesCancels("crm-b", true);
        try {
            assertThatThrownBy(() -> service.cancel(ALICE, key, correlation)).isInstanceOf(DojiException.class);
        } finally {
            kernelRefusesCancels("crm-b", false);
            bRefuses.set(false);
        }
        assertThatThrownBy(() -> service.cancel(ALICE, key, correlation)).isInstanceOf(DojiException.class);
        assertThat(service.get(ALICE, key).state()).isEqualTo(CoAllocationState.Reserved);
        assertEveryRmHoldsWhatTheCoAllocationSays(key);
        assertThat(service.cancel(ALICE, key, "x-" + UUID.randomUUID()).state()).as("a new cancel may")
                .isIn(CoAllocationState.Cancelling, CoAllocationState.Cancelled);
    }

    @Test
    void anotherUsersModifyIsUnknownAndChangesNothing() {
        String key = reserved(request(10, 2));
        CoAllocation before = service.get(ALICE, key);
        assertThatThrownBy(() -> service.modify(Caller.user("bob"), key, "m-" + UUID.randomUUID(), request(11, 2)))
                .isInstanceOfSatisfying(DojiException.class, e -> assertThat(e.errorCode()).isEqualTo("UNKNOWN_RESOURCE"));
        assertThat(service.get(ALICE, key).updated()).isEqualTo(before.updated());
        assertEveryRmHoldsWhatTheCoAllocationSays(key);
    }
}
