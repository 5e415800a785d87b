package org.doji.it.bench;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.doji.grc.coallocation.CoordinationListener;
import org.doji.grc.model.CoAllocationState;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * Records, per co-allocation, when the coordinator reached each two-phase step (same clock as the
 * co-allocation's created/updated timestamps), so the benchmark can split a co-allocation's latency
 * into planning, prepares, the decision write and phase two without touching the core classes.
 */
final class Timeline implements CoordinationListener {

    /** Wall-clock instants of the steps of one co-allocation's last attempt. */
    static final class Steps {
        volatile Instant beforePrepare;
        volatile Instant afterPrepare;
        volatile Instant afterDecision;
        volatile int attempt;
    }

    private final Map<String, Steps> steps = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<CoAllocationState>> settled = new ConcurrentHashMap<>();

    @Override
    public void settled(String coAllocation, CoAllocationState state) {
        settled.computeIfAbsent(coAllocation, k -> new CompletableFuture<>()).complete(state);
    }

    /** Completes when the co-allocation is Reserved or Failed (durably); ends the wait without polling the GRC. */
    CompletableFuture<CoAllocationState> whenSettled(String coAllocation) {
        return settled.computeIfAbsent(coAllocation, k -> new CompletableFuture<>());
    }

    @Override
    public void beforePrepare(String coAllocation, int attempt) {
        Steps s = steps.computeIfAbsent(coAllocation, k -> new Steps());
        s.attempt = attempt;
        s.beforePrepare = Instant.now();
    }

    @Override
    public void afterPrepare(String coAllocation, int attempt) {
        steps.computeIfAbsent(coAllocation, k -> new Steps()).afterPrepare = Instant.now();
    }

    @Override
    public void afterDecision(String coAllocation, int attempt, Decision decision) {
        steps.computeIfAbsent(coAllocation, k -> new Steps()).afterDecision = Instant.now();
    }

    Steps of(String coAllocation) {
        return steps.get(coAllocation);
    }

    void forget(String coAllocation) {
        steps.remove(coAllocation);
        settled.remove(coAllocation);
    }
}
