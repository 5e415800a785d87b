package org.doji.grc.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AvailabilityBatcherTest {

    private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    private final ExecutorService executor = Executors.newFixedThreadPool(2);
    private final List<AvailabilityQuery> calls = new CopyOnWriteArrayList<>();
    private final CountDownLatch firstCallMayReturn = new CountDownLatch(1);
    private final CountDownLatch firstCallStarted = new CountDownLatch(1);
    private volatile boolean failing;
    private final DistributionSummary sizes = DistributionSummary.builder("batch").register(new SimpleMeterRegistry());

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    private static TimeWindow hour(int h) {
        return new TimeWindow(T0.plusSeconds(3600L * h), T0.plusSeconds(3600L * (h + 1)));
    }

    /** The RM at the boundary: records each call; free cores = the window's hour; the first call waits for the test. */
    private ResourceManager rm() {
        return (ResourceManager) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {ResourceManager.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("availability")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    AvailabilityQuery q = (AvailabilityQuery) args[1];
                    calls.add(q);
                    if (calls.size() == 1) {
                        firstCallStarted.countDown();
                        firstCallMayReturn.await(10, TimeUnit.SECONDS);
                    }
                    if (failing) {
                        throw DojiException.unavailable("RM_UNREACHABLE", "connection refused");
                    }
                    List<TimeWindow> slots = q.slots();
                    return java.util.stream.IntStream.range(0, slots.size()).mapToObj(i -> new SlotAvailability(i, slots.get(i),
                            List.of(new SlotAvailability.ComputeFree("s", (int) ((slots.get(i).start().getEpochSecond()
                                    - T0.getEpochSecond()) / 3600), 1.0)), List.of(), List.of())).toList();
                });
    }

    private static int freeCores(SlotAvailability s) {
        return s.compute().get(0).freeCores();
    }

    @Test
    void aLoneQueryGoesOutAtOnceAndQueriesArrivingMeanwhileShareTheNextCall() throws Exception {
        AvailabilityBatcher batcher = new AvailabilityBatcher(rm(), Caller.coordinator("grc"), executor, sizes);
        var first = batcher.availability(new AvailabilityQuery(List.of(hour(1), hour(2)), "alice"));
        assertThat(firstCallStarted.await(5, TimeUnit.SECONDS)).isTrue();
        // while the first call is out: two queries of alice (one window in common) and one of bob
        var second = batcher.availability(new AvailabilityQuery(List.of(hour(5), hour(3)), "alice"));
        var third = batcher.availability(new AvailabilityQuery(List.of(hour(3), hour(4)), "alice"));
        var bobs = batcher.availability(new AvailabilityQuery(List.of(hour(3)), "bob"));
        firstCallMayReturn.countDown();

        assertThat(first.get(5, TimeUnit.SECONDS)).extracting(SlotAvailability::index, SlotAvailability::window)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0, hour(1)), org.assertj.core.groups.Tuple.tuple(1, hour(2)));
        List<SlotAvailability> s2 = second.get(5, TimeUnit.SECONDS);
        List<SlotAvailability> s3 = third.get(5, TimeUnit.SECONDS);
        // each gets its own windows under its own indices, with what the RM said for that window
        assertThat(s2).extracting(SlotAvailability::index).containsExactly(0, 1);
        assertThat(s2).extracting(SlotAvailability::window).containsExactly(hour(5), hour(3));
        assertThat(s2).extracting(AvailabilityBatcherTest::freeCores).containsExactly(5, 3);
        assertThat(s3).extracting(SlotAvailability::window).containsExactly(hour(3), hour(4));
        assertThat(s3).extracting(AvailabilityBatcherTest::freeCores).containsExactly(3, 4);
        assertThat(bobs.get(5, TimeUnit.SECONDS)).extracting(AvailabilityBatcherTest::freeCores).containsExactly(3);

        // three calls: the first alone, alice's two merged (hour 3 asked once), bob's on his own (another service level)
        assertThat(calls).hasSize(3);
        assertThat(calls.get(1).onBehalfOf()).isEqualTo("alice");
        assertThat(calls.get(1).slots()).containsExactly(hour(5), hour(3), hour(4));
        assertThat(calls.get(2).onBehalfOf()).isEqualTo("bob");
        assertThat(calls.get(2).slots()).containsExactly(hour(3));
        assertThat(sizes.totalAmount()).isEqualTo(4.0);
    }

    @Test
    void queriesEnqueuedTogetherShareTheFirstCall() throws Exception {
        AvailabilityBatcher batcher = new AvailabilityBatcher(rm(), Caller.coordinator("grc"), executor, sizes);
        firstCallMayReturn.countDown();
        var answers = batcher.availability(List.of(new AvailabilityQuery(List.of(hour(1), hour(2)), "alice"),
                new AvailabilityQuery(List.of(hour(2), hour(6)), "alice"), new AvailabilityQuery(List.of(hour(4)), "bob")));
        assertThat(answers.get(0).get(5, TimeUnit.SECONDS)).extracting(AvailabilityBatcherTest::freeCores).containsExactly(1, 2);
        assertThat(answers.get(1).get(5, TimeUnit.SECONDS)).extracting(SlotAvailability::index).containsExactly(0, 1);
        assertThat(answers.get(1).get(5, TimeUnit.SECONDS)).extracting(AvailabilityBatcherTest::freeCores).containsExactly(2, 6);
        assertThat(answers.get(2).get(5, TimeUnit.SECONDS)).extracting(AvailabilityBatcherTest::freeCores).containsExactly(4);
        // alice's two in the first call (hour 2 once), bob's in the next
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0).slots()).containsExactly(hour(1), hour(2), hour(6));
        assertThat(calls.get(1).slots()).containsExactly(hour(4));
    }

    @Test
    void queriesForDifferentPathPoliciesGoInCallsOfTheirOwn() throws Exception {
        AvailabilityBatcher batcher = new AvailabilityBatcher(rm(), Caller.coordinator("grc"), executor, sizes);
        firstCallMayReturn.countDown();
        var answers = batcher.availability(List.of(new AvailabilityQuery(List.of(hour(1)), "alice", "hop"),
                new AvailabilityQuery(List.of(hour(2)), "alice", "bandwidth"),
                new AvailabilityQuery(List.of(hour(3)), "alice", "hop")));
        for (var a : answers) {
            a.get(5, TimeUnit.SECONDS);
        }
        // an NRM computes free bandwidth with the policy it is asked for: one call per policy, the policy passed on
        assertThat(calls).extracting(AvailabilityQuery::pathPolicy).containsExactly("hop", "bandwidth");
        assertThat(calls.get(0).slots()).containsExactly(hour(1), hour(3));
        assertThat(calls.get(1).slots()).containsExactly(hour(2));
    }

    @Test
    void aFailedCallFailsEveryQueryItCarried() throws Exception {
        AvailabilityBatcher batcher = new AvailabilityBatcher(rm(), Caller.coordinator("grc"), executor, sizes);
        failing = true;
        var first = batcher.availability(new AvailabilityQuery(List.of(hour(1)), null));
        assertThat(firstCallStarted.await(5, TimeUnit.SECONDS)).isTrue();
        var second = batcher.availability(new AvailabilityQuery(List.of(hour(2)), null));
        var third = batcher.availability(new AvailabilityQuery(List.of(hour(3)), null));
        firstCallMayReturn.countDown();
        for (CompletableFuture<List<SlotAvailability>> f : List.of(first, second, third)) {
            assertThatThrownBy(() -> f.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(DojiException.class);
        }
        assertThat(calls).hasSize(2);
        // the batcher is free again afterwards: the next query goes out and is answered
        failing = false;
        assertThat(batcher.availability(new AvailabilityQuery(List.of(hour(7)), null)).get(5, TimeUnit.SECONDS))
                .extracting(AvailabilityBatcherTest::freeCores).containsExactly(7);
    }

    @Test
    void aQueryThatGaveUpWaitingIsNotSent() throws Exception {
        AvailabilityBatcher batcher = new AvailabilityBatcher(rm(), Caller.coordinator("grc"), executor, sizes);
        var first = batcher.availability(new AvailabilityQuery(List.of(hour(1)), null));
        assertThat(firstCallStarted.await(5, TimeUnit.SECONDS)).isTrue();
        var abandoned = batcher.availability(new AvailabilityQuery(List.of(hour(2)), null));
        abandoned.completeExceptionally(new java.util.concurrent.TimeoutException()); // what orTimeout does
        var waiting = batcher.availability(new AvailabilityQuery(List.of(hour(3)), null));
        firstCallMayReturn.countDown();
        assertThat(first.get(5, TimeUnit.SECONDS)).hasSize(1);
        assertThat(waiting.get(5, TimeUnit.SECONDS)).extracting(AvailabilityBatcherTest::freeCores).containsExactly(3);
        assertThat(calls).hasSize(2);
        assertThat(calls.get(1).slots()).containsExactly(hour(3));
    }
}
