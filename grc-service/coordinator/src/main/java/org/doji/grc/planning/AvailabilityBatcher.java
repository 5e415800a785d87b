package org.doji.grc.planning;

import io.micrometer.core.instrument.DistributionSummary;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.slf4j.MDC;

/**
 * Coalesces concurrent availability queries to one RM into one call. At most one call per RM is in flight;
 * the queries that arrive meanwhile go out together in the next call, their windows merged (equal windows
 * once), and each gets back its own slots under its own indices. A lone query goes out at once, so a quiet
 * GRC pays nothing; a busy one sends far fewer, larger calls (the cost of a SOAP exchange is mostly per
 * message, not per slot). Queries for different end users (service levels) are never merged.
 */
final class AvailabilityBatcher {

    /** Windows per call; the contract allows 1000. */
    static final int MAX_WINDOWS = 500;

    private record Waiter(AvailabilityQuery query, CompletableFuture<List<SlotAvailability>> answer, String coAllocation) {
    }

    private final ResourceManager rm;
    private final Caller self;
    private final Executor executor;
    private final DistributionSummary batchSizes;
    private final Deque<Waiter> pending = new ArrayDeque<>();
    private boolean inFlight;

    AvailabilityBatcher(ResourceManager rm, Caller self, Executor executor, DistributionSummary batchSizes) {
        this.rm = rm;
        this.self = self;
        this.executor = executor;
        this.batchSizes = batchSizes;
    }

    /** The RM's answer for this query's windows (indices as in the query); completes exceptionally if the call fails. */
    CompletableFuture<List<SlotAvailability>> availability(AvailabilityQuery query) {
        return availability(List.of(query)).get(0);
    }

    /**
     * Answers for several queries enqueued together (one batch of plannings), so they share a call even when
     * none is in flight yet; each answer as for a single query.
     */
    List<CompletableFuture<List<SlotAvailability>>> availability(List<AvailabilityQuery> queries) {
        String coAllocation = MDC.get("coAllocation");
        List<Waiter> waiters = queries.stream()
                .map(q -> new Waiter(q, new CompletableFuture<>(), coAllocation)).toList();
        boolean start;
        synchronized (this) {
            pending.addAll(waiters);
            start = !inFlight;
            inFlight = true;
        }
        if (start) {
            try {
                executor.execute(this::drain);
            } catch (RuntimeException e) { // executor shut down: nobody else will send these
                failAll(e);
            }
        }
        return waiters.stream().map(Waiter::answer).toList();
    }

    private void drain() {
        while (true) {
            List<Waiter> batch;
            synchronized (this) {
                batch = nextBatch();
                if (batch.isEmpty()) {
                    inFlight = false;
                    return;
                }
            }
            send(batch);
        }
    }

    /** The oldest waiter and every other one for the same end user, up to {@link #MAX_WINDOWS} windows. */
    private List<Waiter> nextBatch() {
        List<Waiter> batch = new ArrayList<>();
        String user = null;
        String policy = null;
        int windows = 0;
        for (Iterator<Waiter> it = pending.iterator(); it.hasNext(); ) {
            Waiter w = it.next();
            if (w.answer().isDone()) { // timed out while waiting: nobody reads the answer
                it.remove();
                continue;
            }
            // one call answers for one user and one path policy
            if (!batch.isEmpty() && (!Objects.equals(user, w.query().onBehalfOf())
                    || !Objects.equals(policy, w.query().pathPolicy())
                    || windows + w.query().slots().size() > MAX_WINDOWS)) {
                continue;
            }
            user = w.query().onBehalfOf();
            policy = w.query().pathPolicy();
            windows += w.query().slots().size();
            batch.add(w);
            it.remove();
        }
        return batch;
    }

    private void send(List<Waiter> batch) {
        Map<TimeWindow, Integer> merged = new LinkedHashMap<>();
        batch.forEach(w -> w.query().slots().forEach(t -> merged.putIfAbsent(t, merged.size())));
        String previous = MDC.get("coAllocation");
        MDC.put("coAllocation", batch.stream().map(Waiter::coAllocation).filter(Objects::nonNull).distinct()
                .collect(Collectors.joining(",")));
        try {
            List<SlotAvailability> answer = rm.availability(self,
                    new AvailabilityQuery(new ArrayList<>(merged.keySet()), batch.get(0).query().onBehalfOf(),
                            batch.get(0).query().pathPolicy()));
            batchSizes.record(batch.size());
            Map<Integer, SlotAvailability> byIndex = new LinkedHashMap<>();
            answer.forEach(s -> byIndex.put(s.index(), s));
            for (Waiter w : batch) {
                List<SlotAvailability> own = new ArrayList<>();
                List<TimeWindow> slots = w.query().slots();
                for (int i = 0; i < slots.size(); i++) {
                    SlotAvailability s = byIndex.get(merged.get(slots.get(i)));
                    if (s != null) {
                        own.add(new SlotAvailability(i, s.window(), s.compute(), s.paths(), s.countables()));
                    }
                }
                w.answer().complete(own);
            }
        } catch (RuntimeException e) {
            batch.forEach(w -> w.answer().completeExceptionally(e));
        } finally {
            if (previous == null) {
                MDC.remove("coAllocation");
            } else {
                MDC.put("coAllocation", previous);
            }
        }
    }

    private void failAll(RuntimeException e) {
        List<Waiter> all;
        synchronized (this) {
            all = new ArrayList<>(pending);
            pending.clear();
            inFlight = false;
        }
        all.forEach(w -> w.answer().completeExceptionally(e));
    }
}
