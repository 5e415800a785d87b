package org.doji.grc.planning;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.PlanningOutcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The co-allocations accepted and not yet planned. One drain at a time is queued on the workers; when it runs
 * it takes every co-allocation that has queued up meanwhile (up to the batch size) and asks the RMs once for all
 * of them: one availability call per RM for the whole batch instead of one per co-allocation, which is most of a
 * busy GRC's SOAP traffic. The batch is planned in order on those answers, each request without what the earlier
 * ones' chosen plans are about to take ({@link AvailabilityCredit#takeAway}): requests racing for the same
 * resources choose apart rather than all choose the same cheapest ones and collide at prepare. Each is reserved
 * on its own worker as soon as it is planned. On a quiet GRC the drain runs at once and the batch is the one
 * co-allocation, so nothing waits for company; on a busy one the drain waits its turn behind the reservations
 * in progress, and the batch grows meanwhile. Across replicas, a co-allocation is queued only in the replica that
 * claims it ({@link PlanningClaims}), and its claim is given up once its reservation run ended.
 */
public final class PlanningIntake {

    private static final Logger log = LoggerFactory.getLogger(PlanningIntake.class);

    /** What happens to one co-allocation once it is planned (or planning failed: outcome null, error set). */
    public interface Continuation {
        void proceed(CoAllocation c, PlanningOutcome outcome, RuntimeException error);
    }

    private final ConcurrentLinkedQueue<String> waiting = new ConcurrentLinkedQueue<>();
    /** The keys in {@link #waiting}: a key queued twice (e.g. by recovery and by an aborted attempt) is planned once. */
    private final java.util.Set<String> queued = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final AtomicBoolean drainQueued = new AtomicBoolean();
    private final Function<String, Optional<CoAllocation>> lookup;
    private final CoPlanning planning;
    private final Executor workers;
    private final int maxBatch;
    private final PlanningClaims claims;
    private final Continuation continuation;

    /**
     * @param lookup       the stored co-allocation of a key
     * @param planning     the RMs' answers for a batch ({@link CoPlanning#fetchAll}), and each job planned on its own
     * @param claims       which co-allocations this replica plans
     * @param continuation reserves one planned co-allocation
     */
    public PlanningIntake(Function<String, Optional<CoAllocation>> lookup, CoPlanning planning, Executor workers,
                          int maxBatch, PlanningClaims claims, Continuation continuation) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("planning batch size must be at least 1, was " + maxBatch);
        }
        this.lookup = lookup;
        this.planning = planning;
        this.workers = workers;
        this.maxBatch = maxBatch;
        this.claims = claims;
        this.continuation = continuation;
    }

    /** Queues a stored co-allocation for planning here, unless another live replica plans it. */
    public void submit(String key) {
        if (claims.claim(key)) {
            queue(key);
        }
    }

    /** Queues here what no live replica plans or reserves ({@link PlanningClaims#adopt}); returns how many. */
    public int adopt() {
        return claims.adopt(this::queue);
    }

    private void queue(String key) {
        if (queued.add(key)) {
            waiting.add(key);
        }
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
            queued.remove(key);
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
            answers = planning.fetchAll(batch.stream().map(c -> new CoPlanning.Job(c.request(), c.owner())).toList());
        } catch (RuntimeException e) {
            batch.forEach(c -> proceed(c, null, e));
            return;
        } finally {
            MDC.remove("coAllocation");
        }
        List<CoPlan> taken = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            CoAllocation c = batch.get(i);
            List<CoPlan> earlier = List.copyOf(taken);
            CoPlanning.Job job = new CoPlanning.Job(c.request(), c.owner(),
                    earlier.isEmpty() ? UnaryOperator.identity() : free -> AvailabilityCredit.takeAway(free, earlier));
            PlanningOutcome outcome;
            MDC.put("coAllocation", c.key());
            try {
                outcome = planning.plan(job, answers.get(i));
            } catch (RuntimeException e) {
                dispatch(c, null, e, i == batch.size() - 1);
                continue;
            } finally {
                MDC.remove("coAllocation");
            }
            if (!outcome.ranked().isEmpty()) {
                taken.add(outcome.ranked().get(0));
            }
            dispatch(c, outcome, null, i == batch.size() - 1);
        }
    }

    /** Reserves on a worker, the batch's last one in this thread (a batch of one waits for nothing). */
    private void dispatch(CoAllocation c, PlanningOutcome outcome, RuntimeException error, boolean last) {
        if (last) {
            proceed(c, outcome, error);
        } else {
            workers.execute(() -> proceed(c, outcome, error));
        }
    }

    /** The co-allocation's reservation run; once it ended, another replica may plan it. */
    private void proceed(CoAllocation c, PlanningOutcome outcome, RuntimeException error) {
        try {
            continuation.proceed(c, outcome, error);
        } finally {
            claims.done(c.key());
        }
    }
}
