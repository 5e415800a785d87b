package org.doji.grc.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The co-allocations accepted and not yet planned. One drain at a time is queued on the workers; when it runs
 * it takes every co-allocation that has queued up meanwhile (up to the batch size) and asks the RMs once for all
 * of them: one availability call per RM for the whole batch instead of one per co-allocation, which is most of a
 * busy GRC's SOAP traffic. Each co-allocation is then planned and reserved on its own worker. On a quiet GRC the
 * drain runs at once and the batch is the one co-allocation, so nothing waits for company; on a busy one the
 * drain waits its turn behind the reservations in progress, and the batch grows meanwhile.
 */
final class PlanningIntake {

    private static final Logger log = LoggerFactory.getLogger(PlanningIntake.class);

    /** What happens to one co-allocation once the RMs have answered (or the fan-out failed: answers null, error set). */
    interface Continuation {
        void proceed(CoAllocation c, CoPlanning.Answers answers, RuntimeException error);
    }

    private final ConcurrentLinkedQueue<String> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainQueued = new AtomicBoolean();
    private final Function<String, Optional<CoAllocation>> lookup;
    private final Function<List<CoPlanning.Job>, List<CoPlanning.Answers>> fanOut;
    private final Executor workers;
    private final int maxBatch;
    private final Continuation continuation;

    /**
     * @param lookup       the stored co-allocation of a key
     * @param fanOut       the RMs' answers for several jobs, in their order ({@link CoPlanning#fetchAll})
     * @param continuation plans and reserves one co-allocation on its answers
     */
    PlanningIntake(Function<String, Optional<CoAllocation>> lookup,
                   Function<List<CoPlanning.Job>, List<CoPlanning.Answers>> fanOut, Executor workers, int maxBatch,
                   Continuation continuation) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("planning batch size must be at least 1, was " + maxBatch);
        }
        this.lookup = lookup;
        this.fanOut = fanOut;
        this.workers = workers;
        this.maxBatch = maxBatch;
        this.continuation = continuation;
    }

    /** Queues a stored co-allocation for planning. */
    void submit(String key) {
        waiting.add(key);
        scheduleDrain();
    }

    private void scheduleDrain() {
        if (drainQueued.compareAndSet(false, true)) {
            workers.execute(this::drain);
        }
    }

    private void drain() {
        // cleared before taking keys: a key queued from now on schedules the next drain (which may find nothing)
        drainQueued.set(false);
        List<CoAllocation> batch = new ArrayList<>();
        String key;
        while (batch.size() < maxBatch && (key = waiting.poll()) != null) {
            Optional<CoAllocation> c = lookup.apply(key);
            if (c.isPresent()) {
                batch.add(c.get());
            } else {
                log.warn("co-allocation {} vanished before planning", key);
            }
        }
        if (!waiting.isEmpty()) { // more than a batch waited
            scheduleDrain();
        }
        if (batch.isEmpty()) {
            return;
        }
        List<CoPlanning.Answers> answers;
        MDC.put("coAllocation", String.join(",", batch.stream().map(CoAllocation::key).toList()));
        try {
            answers = fanOut.apply(batch.stream().map(c -> new CoPlanning.Job(c.request(), c.owner())).toList());
        } catch (RuntimeException e) {
            batch.forEach(c -> continuation.proceed(c, null, e));
            return;
        } finally {
            MDC.remove("coAllocation");
        }
        // the others on their own workers, the last one here
        for (int i = 0; i < batch.size() - 1; i++) {
            CoAllocation c = batch.get(i);
            CoPlanning.Answers a = answers.get(i);
            workers.execute(() -> continuation.proceed(c, a, null));
        }
        continuation.proceed(batch.get(batch.size() - 1), answers.get(batch.size() - 1), null);
    }
}
