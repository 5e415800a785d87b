package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.doji.grc.coallocation.CoAllocationService;
import org.doji.grc.coallocation.CoordinationListener;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.model.RmOutcome;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.doji.rm.api.Caller;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationState;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The GRC stops (its context is closed, as a crash leaves it: only what was committed survives) at two
 * points of two-phase commit and restarts on the same database: an undecided attempt is aborted at every
 * RM (presumed abort) and planned again; a decided commit is re-driven. The end state is all-or-nothing.
 */
class GrcCrashRecoveryIT {

    private static LocalGrid grid;
    private static volatile String stopAt;
    private static volatile CountDownLatch reached;
    private static final AtomicBoolean crashing = new AtomicBoolean(true);

    /** Blocks the coordinator's worker at the chosen point, for good: the "process" dies there. */
    private static final CoordinationListener freezer = new CoordinationListener() {
        @Override
        public void afterPrepare(String key, int attempt) {
            freezeIf(key, "afterPrepare");
        }

        @Override
        public void afterDecision(String key, int attempt, Decision decision) {
            freezeIf(key, "afterDecision");
        }
    };

    private static void freezeIf(String key, String point) {
        if (crashing.get() && point.equals(stopAt)) {
            reached.countDown();
            CountDownLatch never = new CountDownLatch(1);
            while (true) {
                try {
                    never.await();
                } catch (InterruptedException ignored) {
                    // a dead process does not react to interrupts either
                }
            }
        }
    }

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("doji-recovery");
        grid = LocalGrid.start(GridTopology.builder()
                        .crm("crm-r1", "R1", "D", 2, 4, 1.0, Map.of())
                        .crm("crm-r2", "R2", "D", 2, 4, 2.0, Map.of())
                        .nrm("nrm-r", "D", List.of("R1", "R2"), List.of(), 1000, 0.01, 0, 0)
                        .build(), 0, TestDatabase.grid(data.toString()), Map.of(), Map.of("doji.grc.slots", "1",
                        "doji.grc.stop-grace", "PT0.2S"), // a frozen worker ignores interrupts: no use waiting for it
                ctx -> ctx.getBeanFactory().registerSingleton("freezer", freezer));
    }

    @AfterAll
    static void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    private static CoAllocationService service() {
        return grid.grc().getBean(CoAllocationService.class);
    }

    private static CoRequest request(int day) {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(day, ChronoUnit.DAYS);
        return new CoRequest(List.of(new CoRequest.Site("a", 4, Set.of(), List.of()), new CoRequest.Site("b", 4, Set.of(), List.of())),
                List.of(new CoRequest.Link("a", "b", 100, null)), List.of(),
                new CoRequest.Time(start, start, Duration.ofHours(1), true), Policy.CHEAPEST, List.of(), null, null);
    }

    private static String createAndCrashAt(String point, int day) throws Exception {
        reached = new CountDownLatch(1);
        stopAt = point;
        crashing.set(true);
        return service().create(Caller.user("alice"), point + "-" + day, request(day), null);
    }

    private static List<ReservationRecord> reservationsOf(String coAllocation) {
        List<ReservationRecord> out = new java.util.ArrayList<>();
        for (String rm : grid.rmIds()) {
            grid.rm(rm).getBean(ReservationRepository.class).findAll().stream()
                    .filter(r -> r.getGlobalId() != null && r.getGlobalId().equals(coAllocation)).forEach(out::add);
        }
        return out;
    }

    @Test
    void undecidedAttemptIsAbortedEverywhereAndPlannedAgain() throws Exception {
        String key = createAndCrashAt("afterPrepare", 5);
        assertThat(reached.await(60, java.util.concurrent.TimeUnit.SECONDS)).as("reached the crash point").isTrue();
        assertThat(reservationsOf(key)).isNotEmpty()
                .allSatisfy(r -> assertThat(r.getReservationState()).isEqualTo(ReservationState.ReserveHeld));

        crashing.set(false);
        grid.restartGrc(ctx -> ctx.getBeanFactory().registerSingleton("freezer", freezer));
        await().atMost(Duration.ofSeconds(60)).until(() -> service().get(Caller.user("alice"), key).state(),
                s -> s == CoAllocationState.Reserved || s == CoAllocationState.Failed);
        CoAllocation c = service().get(Caller.user("alice"), key);
        assertThat(c.state()).isEqualTo(CoAllocationState.Reserved);
        assertThat(c.attempt()).isEqualTo(2);
        Set<String> live = new HashSet<>();
        c.outcomes().forEach(o -> live.add(o.reservationKey()));
        for (ReservationRecord r : reservationsOf(key)) {
            if (live.contains(r.getKey())) {
                assertThat(r.getReservationState()).isEqualTo(ReservationState.ReserveStart);
                assertThat(r.getLifecycleState()).isEqualTo(LifecycleState.Created);
            } else {
                // attempt 1: aborted, nothing held
                assertThat(r.getLifecycleState()).isEqualTo(LifecycleState.Terminated);
                assertThat(r.getReservationState()).isNotEqualTo(ReservationState.ReserveHeld);
            }
        }
        assertThat(reservationsOf(key)).filteredOn(r -> r.getLifecycleState() == LifecycleState.Created).hasSize(3);
    }

    @Test
    void decidedCommitIsRedrivenAfterRestart() throws Exception {
        String key = createAndCrashAt("afterDecision", 7);
        assertThat(reached.await(60, java.util.concurrent.TimeUnit.SECONDS)).as("reached the crash point").isTrue();
        List<RmOutcome> decided = service().get(Caller.user("alice"), key).outcomes();
        assertThat(decided).hasSize(3).allSatisfy(o -> assertThat(o.reservationKey()).isNotNull());

        crashing.set(false);
        grid.restartGrc(ctx -> ctx.getBeanFactory().registerSingleton("freezer", freezer));
        await().atMost(Duration.ofSeconds(60)).until(() -> service().get(Caller.user("alice"), key).state(),
                s -> s == CoAllocationState.Reserved);
        CoAllocation c = service().get(Caller.user("alice"), key);
        assertThat(c.attempt()).isEqualTo(1);
        assertThat(c.outcomes()).extracting(RmOutcome::reservationKey)
                .containsExactlyInAnyOrderElementsOf(decided.stream().map(RmOutcome::reservationKey).toList());
        assertThat(reservationsOf(key)).hasSize(3).allSatisfy(r -> {
            assertThat(r.getReservationState()).isEqualTo(ReservationState.ReserveStart);
            assertThat(r.getLifecycleState()).isEqualTo(LifecycleState.Created);
        });
    }

    /** The window end of every reservation of a co-allocation, as each RM's kernel has it. */
    private static List<Instant> windowEnds(String coAllocation) {
        List<Instant> out = new java.util.ArrayList<>();
        for (String rm : grid.rmIds()) {
            var kernel = grid.rm(rm).getBean(org.doji.rm.kernel.ReservationKernel.class);
            grid.rm(rm).getBean(ReservationRepository.class).findAll().stream()
                    .filter(r -> coAllocation.equals(r.getGlobalId()))
                    .forEach(r -> out.add(kernel.get(Caller.coordinator(r.getOwner()), r.getKey()).spec().window().end()));
        }
        return out;
    }

    /** Reserves at once (no crash), then modifies the window on another thread that dies at {@code point}. */
    private static String reservedThenModifyCrashingAt(String point, int day) throws Exception {
        crashing.set(false);
        String key = service().create(Caller.user("alice"), "m-" + point + "-" + day, request(day), null);
        await().atMost(Duration.ofSeconds(60)).until(() -> service().get(Caller.user("alice"), key).state(),
                s -> s == CoAllocationState.Reserved);
        reached = new CountDownLatch(1);
        stopAt = point;
        crashing.set(true);
        CoRequest longer = request(day);
        CoRequest modified = new CoRequest(longer.sites(), longer.links(), longer.countables(),
                new CoRequest.Time(longer.time().earliestStart(), longer.time().latestStart(), Duration.ofHours(2), true),
                longer.policy(), longer.additionalUsers(), longer.resourceExpression(), longer.description());
        Thread t = new Thread(() -> service().modify(Caller.user("alice"), key, "modify-" + point, modified));
        t.setDaemon(true);
        t.start();
        assertThat(reached.await(60, java.util.concurrent.TimeUnit.SECONDS)).as("reached the crash point").isTrue();
        return key;
    }

    @Test
    void undecidedModificationIsAbortedEverywhereAndTheOldReservationsStay() throws Exception {
        String key = reservedThenModifyCrashingAt("afterPrepare", 9);
        CoAllocation before = service().get(Caller.user("alice"), key);
        assertThat(reservationsOf(key)).filteredOn(r -> r.getReservationState() == ReservationState.ReserveHeld
                && r.getPendingChange() == org.doji.rm.model.PendingChange.Modify).as("every RM holds the union").hasSize(3);

        crashing.set(false);
        grid.restartGrc(ctx -> ctx.getBeanFactory().registerSingleton("freezer", freezer));
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(reservationsOf(key))
                .allSatisfy(r -> assertThat(r.getReservationState()).isEqualTo(ReservationState.ReserveStart)));
        // the GRC writes Reserved once every RM acknowledged the abort, a moment after the RMs changed state
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(service().get(Caller.user("alice"), key)
                .state()).isEqualTo(CoAllocationState.Reserved));
        CoAllocation after = service().get(Caller.user("alice"), key);
        assertThat(after.plan().window()).isEqualTo(before.plan().window());
        assertThat(reservationsOf(key)).hasSize(3).allSatisfy(r -> {
            assertThat(r.getLifecycleState()).isEqualTo(LifecycleState.Created);
            assertThat(r.getPendingChange()).isEqualTo(org.doji.rm.model.PendingChange.None);
        });
        assertThat(windowEnds(key)).as("the old window is restored").containsOnly(before.plan().window().end());
    }

    @Test
    void decidedModificationIsCommittedEverywhereAfterRestart() throws Exception {
        String key = reservedThenModifyCrashingAt("afterDecision", 11);
        CoAllocation before = service().get(Caller.user("alice"), key);

        crashing.set(false);
        grid.restartGrc(ctx -> ctx.getBeanFactory().registerSingleton("freezer", freezer));
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(service().get(Caller.user("alice"), key)
                .plan().window().end()).isEqualTo(before.plan().window().start().plus(Duration.ofHours(2))));
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(reservationsOf(key)).hasSize(3)
                .allSatisfy(r -> assertThat(r.getReservationState()).isEqualTo(ReservationState.ReserveStart)));
        assertThat(windowEnds(key)).hasSize(3).containsOnly(before.plan().window().start().plus(Duration.ofHours(2)));
    }
}
