package org.doji.grc.core;

import io.micrometer.core.instrument.DistributionSummary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Planning of one request: the N candidate slots, one availability query per described RM with all slots,
 * all in parallel and each bounded by the RM timeout (a silent RM is left out, not fatal), then the planner.
 * Concurrent plannings' queries to the same RM share calls ({@link AvailabilityBatcher}).
 */
class CoPlanning {

    private static final Logger log = LoggerFactory.getLogger(CoPlanning.class);

    private final RmRegistry registry;
    private final PlanningStrategy planner;
    private final ExecutorService rmCalls;
    private final int slots;
    private final Duration rmTimeout;
    private final Caller self;
    private final io.micrometer.core.instrument.MeterRegistry meters;
    /** Per user, the share of each RM's free capacity the GRC plans with (DESIGN §3, service level C). */
    private final Map<String, Double> serviceLevels;
    private final Map<ResourceManager, AvailabilityBatcher> batchers = new ConcurrentHashMap<>();
    private final DistributionSummary batchSizes;

    CoPlanning(RmRegistry registry, PlanningStrategy planner, ExecutorService rmCalls, int slots, Duration rmTimeout,
               Caller self, io.micrometer.core.instrument.MeterRegistry meters, Map<String, Double> serviceLevels) {
        this.serviceLevels = Map.copyOf(serviceLevels);
        this.registry = registry;
        this.planner = planner;
        this.rmCalls = rmCalls;
        this.slots = slots;
        this.rmTimeout = rmTimeout;
        this.self = self;
        this.meters = meters;
        this.batchSizes = DistributionSummary.builder("doji.grc.availability.batch")
                .description("co-allocations whose availability queries one RM call answered").register(meters);
    }

    /** One per RM client: concurrent plannings share each RM's availability calls. */
    private AvailabilityBatcher batcher(RmRegistry.Entry rm) {
        return batchers.computeIfAbsent(rm.rm(), r -> new AvailabilityBatcher(r, self, rmCalls, batchSizes));
    }

    PlanningOutcome plan(CoRequest request, String user) {
        return plan(request, user, UnaryOperator.identity());
    }

    /** Plans with the RMs' answers adjusted first (a modification adds back what it already holds). */
    PlanningOutcome plan(CoRequest request, String user,
                         UnaryOperator<Map<String, List<SlotAvailability>>> adjust) {
        List<TimeWindow> windows = CandidateSlots.of(request.time(), slots);
        Map<String, ResourceInventory> descriptions = registry.describeAll();
        Map<String, CompletableFuture<List<SlotAvailability>>> futures = new LinkedHashMap<>();
        for (RmRegistry.Entry rm : registry.all()) {
            if (!descriptions.containsKey(rm.id())) {
                continue;
            }
            futures.put(rm.id(), batcher(rm).availability(new AvailabilityQuery(windows, user))
                    .orTimeout(rmTimeout.toMillis(), TimeUnit.MILLISECONDS));
        }
        Map<String, List<SlotAvailability>> answers = new LinkedHashMap<>();
        List<String> unreachable = new ArrayList<>();
        registry.all().stream().filter(rm -> !descriptions.containsKey(rm.id())).forEach(rm -> unreachable.add(rm.id()));
        futures.forEach((rmId, f) -> {
            try {
                answers.put(rmId, f.join());
            } catch (RuntimeException e) {
                log.warn("RM {} left out of planning: {}", rmId, e.getMessage());
                unreachable.add(rmId);
            }
        });
        long t0 = System.nanoTime();
        PlanningOutcome outcome = planner.plan(request, windows, descriptions,
                share(adjust.apply(answers), serviceLevels.getOrDefault(user, 1.0)));
        meters.timer("doji.grc.plan.time").record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
        return new PlanningOutcome(outcome.ranked(), outcome.infeasible(), unreachable);
    }

    private static Map<String, List<SlotAvailability>> share(Map<String, List<SlotAvailability>> answers, double share) {
        if (share >= 1.0) {
            return answers;
        }
        Map<String, List<SlotAvailability>> out = new LinkedHashMap<>();
        answers.forEach((rmId, slots) -> out.put(rmId, slots.stream().map(s -> new SlotAvailability(s.index(), s.window(),
                s.compute().stream().map(c -> new SlotAvailability.ComputeFree(c.site(), (int) Math.floor(c.freeCores() * share),
                        c.unitPrice())).toList(),
                s.paths().stream().map(p -> new SlotAvailability.PathFree(p.from(), p.to(),
                        (long) Math.floor(p.freeBandwidthMbps() * share), p.unitPrice(), p.latencyMs())).toList(),
                s.countables())).toList()));
        return out;
    }
}
