package org.doji.grc.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.tx.Claims;
import org.doji.grc.tx.InMemoryTransactionLog;
import org.doji.grc.tx.ReplicaLocks;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

class PlanningIntakeTest {

    /** Runs queued tasks only when the test says so, so the test decides what has queued up meanwhile. */
    private final Deque<Runnable> tasks = new ArrayDeque<>();
    private final Executor workers = tasks::add;
    private final Map<String, CoAllocation> stored = new HashMap<>();
    private final List<List<String>> fanOuts = new ArrayList<>();
    /** key → the answers it proceeded with (by the owner the fan-out put into them), or the error. */
    private final Map<String, Object> proceeded = new HashMap<>();
    private RuntimeException fanOutFails;
    /** The planning claims this replica holds, and those another replica holds. */
    private final java.util.Set<String> claimed = new java.util.HashSet<>();
    private final java.util.Set<String> othersClaimed = new java.util.HashSet<>();
    /** Adoption is not tested here: no store. */
    private final PlanningClaims claims = new PlanningClaims(null, new InMemoryTransactionLog(),
            new ReplicaLocks(new Claims() {
                @Override
                public boolean tryClaim(String key) {
                    return !othersClaimed.contains(key) && claimed.add(key);
                }

                @Override
                public void release(String key) {
                    claimed.remove(key);
                }
            }, d -> { }));

    private CoAllocation stored(String key, String owner) {
        CoRequest request = new CoRequest(List.of(new CoRequest.Site("a", 4, java.util.Set.of(), List.of())), List.of(),
                List.of(), new CoRequest.Time(Instant.parse("2030-01-01T10:00:00Z"), Instant.parse("2030-01-01T12:00:00Z"),
                Duration.ofHours(1), false), null, List.of(), null, null);
        CoAllocation c = new CoAllocation(key, owner, org.doji.grc.model.CoAllocationState.Planning, null, request, null,
                List.of(), 0, Instant.EPOCH, Instant.EPOCH, null);
        stored.put(key, c);
        return c;
    }

    private PlanningIntake intake(int maxBatch) {
        return new PlanningIntake(key -> Optional.ofNullable(stored.get(key)), planning(jobs -> {
            fanOuts.add(jobs.stream().map(CoPlanning.Job::user).toList());
            if (fanOutFails != null) {
                throw fanOutFails;
            }
            // the answers name the job's user, so the test sees each got its own
            return jobs.stream().map(j -> new CoPlanning.Answers(List.of(), Map.of(), Map.of(), List.of(j.user()))).toList();
        }, PlanningIntakeTest::plan), workers, maxBatch, claims,
                (c, outcome, error) -> proceeded.put(c.key(), error != null ? error : outcome.unreachableRms().get(0)));
    }

    /** Planning whose fan-out and planner are the test's. */
    private static CoPlanning planning(java.util.function.Function<List<CoPlanning.Job>, List<CoPlanning.Answers>> fanOut,
                                       java.util.function.BiFunction<CoPlanning.Job, CoPlanning.Answers, PlanningOutcome> planner) {
        return new CoPlanning(null, null, null, 1, Duration.ofSeconds(1), null,
                new io.micrometer.core.instrument.simple.SimpleMeterRegistry(), Map.of()) {
            @Override
            public List<CoPlanning.Answers> fetchAll(List<CoPlanning.Job> jobs) {
                return fanOut.apply(jobs);
            }

            @Override
            public PlanningOutcome plan(CoPlanning.Job job, CoPlanning.Answers answers) {
                return planner.apply(job, answers);
            }
        };
    }

    /** A planner that passes the answers' marker through (no plans). */
    private static PlanningOutcome plan(CoPlanning.Job job, CoPlanning.Answers answers) {
        return new PlanningOutcome(List.of(), List.of(), answers.unreachable());
    }

    private void runAll() {
        while (!tasks.isEmpty()) {
            tasks.poll().run();
        }
    }

    @Test
    void coAllocationsThatQueuedUpShareOneFanOutAndEachProceedsWithItsOwnAnswers() {
        PlanningIntake intake = intake(32);
        stored("co-1", "alice");
        stored("co-2", "bob");
        stored("co-3", "carol");
        intake.submit("co-1");
        intake.submit("co-2");
        intake.submit("co-3");
        runAll();
        assertThat(fanOuts).containsExactly(List.of("alice", "bob", "carol"));
        assertThat(proceeded).containsEntry("co-1", "alice").containsEntry("co-2", "bob").containsEntry("co-3", "carol");
    }

    @Test
    void aLoneCoAllocationIsPlannedAtOnceAndTheBatchSizeIsABound() {
        PlanningIntake intake = intake(2);
        stored("co-1", "alice");
        intake.submit("co-1");
        tasks.poll().run();
        assertThat(fanOuts).containsExactly(List.of("alice"));
        assertThat(proceeded).containsOnlyKeys("co-1");

        for (int i = 2; i <= 6; i++) {
            stored("co-" + i, "u" + i);
            intake.submit("co-" + i);
        }
        assertThat(tasks).hasSize(1); // one drain queued for all five
        runAll();
        assertThat(fanOuts).containsExactly(List.of("alice"), List.of("u2", "u3"), List.of("u4", "u5"), List.of("u6"));
        assertThat(proceeded).hasSize(6).containsEntry("co-6", "u6");
    }

    @Test
    void aCoAllocationQueuedWhileADrainIsFanningOutGetsADrainOfItsOwn() {
        stored("co-1", "alice");
        stored("co-2", "bob");
        PlanningIntake[] intake = new PlanningIntake[1];
        intake[0] = new PlanningIntake(key -> Optional.ofNullable(stored.get(key)), planning(jobs -> {
            fanOuts.add(jobs.stream().map(CoPlanning.Job::user).toList());
            if (fanOuts.size() == 1) {
                intake[0].submit("co-2"); // arrives during the first fan-out
            }
            return jobs.stream().map(j -> new CoPlanning.Answers(List.of(), Map.of(), Map.of(), List.of(j.user()))).toList();
        }, PlanningIntakeTest::plan), workers, 32, claims, (c, outcome, error) -> proceeded.put(c.key(), outcome.unreachableRms().get(0)));
        intake[0].submit("co-1");
        runAll();
        assertThat(fanOuts).containsExactly(List.of("alice"), List.of("bob"));
        assertThat(proceeded).containsEntry("co-1", "alice").containsEntry("co-2", "bob");
    }

    @Test
    void aFailedFanOutReachesEveryCoAllocationOfTheBatchAndAVanishedOneIsSkipped() {
        PlanningIntake intake = intake(32);
        stored("co-1", "alice");
        stored("co-2", "bob");
        fanOutFails = DojiException.unavailable("RM_UNREACHABLE", "registry unreadable");
        intake.submit("co-1");
        intake.submit("co-gone");
        intake.submit("co-2");
        runAll();
        assertThat(fanOuts).containsExactly(List.of("alice", "bob"));
        assertThat(proceeded).containsOnlyKeys("co-1", "co-2");
        assertThat(proceeded.get("co-1")).isSameAs(fanOutFails);
        assertThat(proceeded.get("co-2")).isSameAs(fanOutFails);
    }

    @Test
    void onlyWhatThisReplicaClaimsIsQueuedAndItsClaimIsGivenUpOnceItsRunEnded() {
        PlanningIntake intake = intake(32);
        stored("co-1", "alice");
        stored("co-2", "bob");
        othersClaimed.add("plan:co-2");
        intake.submit("co-1");
        intake.submit("co-2");
        assertThat(claimed).containsExactly("plan:co-1");
        runAll();
        assertThat(fanOuts).containsExactly(List.of("alice"));
        assertThat(proceeded).containsOnlyKeys("co-1");
        assertThat(claimed).isEmpty();
    }

    @Test
    void aBatchSizeBelowOneIsRefused() {
        assertThatThrownBy(() -> intake(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
    }

    @Test
    void eachRequestOfABatchIsPlannedWithoutWhatTheEarlierOnesChose() {
        stored("co-1", "alice");
        stored("co-2", "bob");
        stored("co-3", "carol");
        TimeWindow hour = new TimeWindow(Instant.parse("2030-01-01T10:00:00Z"), Instant.parse("2030-01-01T11:00:00Z"));
        Map<String, List<SlotAvailability>> free = Map.of("crm", List.of(new SlotAvailability(0, hour,
                List.of(new SlotAvailability.ComputeFree("A", 10, 1.0)), List.of(), List.of())));
        List<Integer> seen = new ArrayList<>();
        PlanningIntake intake = new PlanningIntake(key -> Optional.ofNullable(stored.get(key)), planning(
                jobs -> jobs.stream().map(j -> new CoPlanning.Answers(List.of(hour), Map.of(), free, List.of())).toList(),
                (job, answers) -> {
                    // what this job's planner sees free at A; it takes 4 cores there when it can
                    int cores = job.adjust().apply(answers.free()).get("crm").get(0).compute().get(0).freeCores();
                    seen.add(cores);
                    List<CoPlan> ranked = cores < 4 ? List.of() : List.of(new CoPlan(0, hour,
                            List.of(new CoPlan.PlacedSite("a", "A", "crm", 4)), List.of(), 4, 0));
                    return new PlanningOutcome(ranked, List.of(), List.of());
                }), workers, 32, claims, (c, outcome, error) -> proceeded.put(c.key(), outcome.ranked().size()));
        intake.submit("co-1");
        intake.submit("co-2");
        intake.submit("co-3");
        runAll();
        assertThat(seen).containsExactly(10, 6, 2);
        assertThat(proceeded).containsEntry("co-1", 1).containsEntry("co-2", 1).containsEntry("co-3", 0);
    }
}
