package org.doji.grc.core;

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
import org.doji.grc.model.CoRequest;
import org.doji.rm.api.DojiException;
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

    private CoAllocation stored(String key, String owner) {
        CoRequest request = new CoRequest(List.of(new CoRequest.Site("a", 4, java.util.Set.of(), List.of())), List.of(),
                List.of(), new CoRequest.Time(Instant.parse("2030-01-01T10:00:00Z"), Instant.parse("2030-01-01T12:00:00Z"),
                Duration.ofHours(1), false), null, List.of(), null, null);
        CoAllocation c = new CoAllocation(key, owner, org.doji.grc.model.CoAllocationState.Planning, null, request, null,
                List.of(), org.doji.grc.persistence.CoAllocationRecord.Decision.NONE, 0, Instant.EPOCH, Instant.EPOCH, null);
        stored.put(key, c);
        return c;
    }

    private PlanningIntake intake(int maxBatch) {
        return new PlanningIntake(key -> Optional.ofNullable(stored.get(key)), jobs -> {
            fanOuts.add(jobs.stream().map(CoPlanning.Job::user).toList());
            if (fanOutFails != null) {
                throw fanOutFails;
            }
            // the answers name the job's user, so the test sees each got its own
            return jobs.stream().map(j -> new CoPlanning.Answers(List.of(), Map.of(), Map.of(), List.of(j.user()))).toList();
        }, workers, maxBatch, (c, answers, error) -> proceeded.put(c.key(), error != null ? error : answers.unreachable().get(0)));
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
        intake[0] = new PlanningIntake(key -> Optional.ofNullable(stored.get(key)), jobs -> {
            fanOuts.add(jobs.stream().map(CoPlanning.Job::user).toList());
            if (fanOuts.size() == 1) {
                intake[0].submit("co-2"); // arrives during the first fan-out
            }
            return jobs.stream().map(j -> new CoPlanning.Answers(List.of(), Map.of(), Map.of(), List.of(j.user()))).toList();
        }, workers, 32, (c, answers, error) -> proceeded.put(c.key(), answers.unreachable().get(0)));
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
    void aBatchSizeBelowOneIsRefused() {
        assertThatThrownBy(() -> intake(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
    }
}
