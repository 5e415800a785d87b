package org.doji.grc.planning;

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
import org.doji.grc.registry.RmRegistry;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
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
public class CoPlanning {

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

    public CoPlanning(RmRegistry registry, PlanningStrategy planner, ExecutorService rmCalls, int slots, Duration rmTimeout,
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

    public PlanningOutcome plan(CoRequest request, String user) {
        return plan(request, user, UnaryOperator.identity());
    }

    /** Plans with the RMs' answers adjusted first (a modification adds back what it already holds). */
    public PlanningOutcome plan(CoRequest request, String user,
                         UnaryOperator<Map<String, List<SlotAvailability>>> adjust) {
        Job job = new Job(request, user, adjust);
        return plan(job, fetchAll(List.of(job)).get(0));
    }

    /** One request to plan: its end user (service level, availability on their behalf) and the adjustment of the answers. */
    public record Job(CoRequest request, String user, UnaryOperator<Map<String, List<SlotAvailability>>> adjust) {
        Job(CoRequest request, String user) {
            this(request, user, UnaryOperator.identity());
        }
    }

    /** What the RMs answered for one job: its candidate slots, the RMs' descriptions and free capacity, who did not answer. */
    public record Answers(List<TimeWindow> windows, Map<String, ResourceInventory> descriptions,
                   Map<String, List<SlotAvailability>> free, List<String> unreachable, Map<String, String> refused) {

        Answers(List<TimeWindow> windows, Map<String, ResourceInventory> descriptions,
                Map<String, List<SlotAvailability>> free, List<String> unreachable) {
            this(windows, descriptions, free, unreachable, Map.of());
        }
    }

    /**
     * One availability fan-out for several jobs: each RM gets every job's slots at once (one call per end user,
     * see {@link AvailabilityBatcher}), each call bounded by the RM timeout. Answers in the order of the jobs.
     */
    public List<Answers> fetchAll(List<Job> jobs) {
        List<List<TimeWindow>> windows = jobs.stream().map(j -> CandidateSlots.of(j.request().time(), slots)).toList();
        List<AvailabilityQuery> queries = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            queries.add(new AvailabilityQuery(windows.get(i), askOnBehalfOf(jobs.get(i).user()),
                    jobs.get(i).request().pathPolicy()));
        }
        Map<String, ResourceInventory> descriptions = registry.describeAll();
        Map<String, List<CompletableFuture<List<SlotAvailability>>>> futures = new LinkedHashMap<>();
        List<String> undescribed = new ArrayList<>();
        for (RmRegistry.Entry rm : registry.all()) {
            if (!descriptions.containsKey(rm.id())) {
                undescribed.add(rm.id());
                continue;
            }
            futures.put(rm.id(), batcher(rm).availability(queries).stream()
                    .map(f -> f.orTimeout(rmTimeout.toMillis(), TimeUnit.MILLISECONDS)).toList());
        }
        List<Answers> all = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            Map<String, List<SlotAvailability>> free = new LinkedHashMap<>();
            List<String> unreachable = new ArrayList<>(undescribed);
            Map<String, String> refused = new LinkedHashMap<>();
            int job = i;
            futures.forEach((rmId, perJob) -> {
                try {
                    free.put(rmId, perJob.get(job).join());
                } catch (RuntimeException e) {
                    Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                            ? e.getCause() : e;
                    if (cause instanceof DojiException d && d.kind() == FaultKind.INVALID_REQUEST) {
                        // the RM answered: this request asks what it cannot give (e.g. an unknown path policy)
                        log.warn("RM {} refused the availability query: {} {}", rmId, d.errorCode(), d.getMessage());
                        refused.put(rmId, d.errorCode() + ": " + d.getMessage());
                    } else {
                        log.warn("RM {} left out of planning: {}", rmId, e.getMessage());
                        unreachable.add(rmId);
                    }
                }
            });
            all.add(new Answers(windows.get(i), descriptions, free, unreachable, refused));
        }
        return all;
    }

    /**
     * Whom the RMs are asked for (DESIGN §3, service level C, applied exactly once): a user the GRC has a service
     * level for is planned on the GRC's share of what the RMs offer the GRC itself; any other user is named to the
     * RMs, which answer within the level they have for that user (a GRC answering as an RM passes the user on).
     */
    String askOnBehalfOf(String user) {
        return user != null && serviceLevels.containsKey(user) ? null : user;
    }

    /** Plans one job on its answers. */
    public PlanningOutcome plan(Job job, Answers answers) {
        long t0 = System.nanoTime();
        PlanningOutcome outcome = planner.plan(job.request(), answers.windows(), answers.descriptions(),
                share(job.adjust().apply(answers.free()), serviceLevels.getOrDefault(job.user(), 1.0)));
        meters.timer("doji.grc.plan.time").record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
        return new PlanningOutcome(outcome.ranked(), outcome.infeasible(), answers.unreachable(), answers.refused(),
                outcome.slotsCut());
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
                s.countables().stream().map(c -> new SlotAvailability.CountableFree(c.name(),
                        (long) Math.floor(c.free() * share), c.unitPrice())).toList())).toList()));
        return out;
    }
}
