package org.doji.grc.planner;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.doji.grc.planner.engine.Deadline;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.engine.SolverEngine;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.model.Optimality;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planner.model.PlanningRequest;
import org.doji.grc.planner.model.PlanningResult;
import org.doji.grc.planner.model.Policy;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SlotCapacity;
import org.doji.grc.planner.model.SlotInfeasibility;
import org.doji.grc.planner.problem.GraphIndex;
import org.doji.grc.planner.problem.ProblemCompiler;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The planner facade (DESIGN §3, N candidate slots): compiles and solves every slot's program
 * in parallel on the given executor and ranks the feasible plans by the request's policy.
 * Each slot's search stops after {@link PlannerSettings#planTimeout()} with its best plan so far
 * ({@link Optimality#INCUMBENT}), so one hard slot cannot hold a request in planning indefinitely.
 * Thread-safe; holds no mutable state.
 */
public final class Planner {
    private static final Logger LOG = LoggerFactory.getLogger(Planner.class);

    private final EngineRegistry engines;
    private final PlannerSettings settings;
    private final Executor executor;
    private final Clock clock;

    /** A planner on the system clock. */
    public Planner(EngineRegistry engines, PlannerSettings settings, Executor executor) {
        this(engines, settings, executor, Clock.systemUTC());
    }

    /**
     * @param executor bounded executor for the slots (the caller owns it); {@code Runnable::run} solves
     *                 the slots sequentially on the calling thread
     * @param clock    measures each slot's planning time limit (a virtual clock in tests)
     */
    public Planner(EngineRegistry engines, PlannerSettings settings, Executor executor, Clock clock) {
        this.engines = engines;
        this.settings = settings;
        this.executor = executor;
        this.clock = clock;
        engines.get(settings.engine()); // fail at construction on an unknown or unloadable engine
    }

    public PlannerSettings settings() {
        return settings;
    }

    /** Plans for an anonymous caller (default service level). */
    public PlanningResult plan(ResourceGraph g, PlanningRequest r, List<SlotCapacity> slots) {
        return plan(g, r, slots, null);
    }

    /** Plans for {@code user}, whose service level (C) limits the capacity they see. */
    public PlanningResult plan(ResourceGraph g, PlanningRequest r, List<SlotCapacity> slots, String user) {
        SolverEngine engine = engines.get(settings.engine());
        double share = settings.admin().shareOf(user);
        long t0 = System.nanoTime();
        // the graph's indices and weighted prices are the same for every slot: built once, not N times
        GraphIndex index = GraphIndex.of(g, settings.admin());
        List<CompletableFuture<Object>> futures = new ArrayList<>();
        for (SlotCapacity slot : slots) {
            futures.add(CompletableFuture.supplyAsync(() -> solveSlot(engine, index, r, slot, share), executor));
        }
        List<CandidatePlan> plans = new ArrayList<>();
        List<SlotInfeasibility> infeasible = new ArrayList<>();
        for (CompletableFuture<Object> f : futures) {
            Object o = f.join();
            if (o instanceof CandidatePlan plan) {
                plans.add(plan);
            } else {
                infeasible.add((SlotInfeasibility) o);
            }
        }
        plans.sort(order(r.policy()));
        infeasible.sort(Comparator.comparingInt(SlotInfeasibility::slotIndex));
        long notProven = plans.stream().filter(p -> p.optimality() == Optimality.INCUMBENT).count()
                + infeasible.stream().filter(SlotInfeasibility::timedOut).count();
        if (notProven > 0) {
            // the operator should know when plans are only the best found, not proven optimal
            LOG.info("planned {} slots with {} in {} µs: {} feasible, {} cut by the plan timeout {} (not proven)",
                    slots.size(), engine.name(), (System.nanoTime() - t0) / 1000, plans.size(), notProven,
                    settings.planTimeout());
        } else {
            LOG.debug("planned {} slots with {} in {} µs: {} feasible", slots.size(), engine.name(),
                    (System.nanoTime() - t0) / 1000, plans.size());
        }
        return new PlanningResult(plans, infeasible);
    }

    private Object solveSlot(SolverEngine engine, GraphIndex index, PlanningRequest r, SlotCapacity slot,
                             double share) {
        ResourceGraph g = index.graph();
        SlotProblem p = ProblemCompiler.compile(index, r, slot, share);
        if (p.precheckFailure != null) {
            return new SlotInfeasibility(slot.index(), slot.start(), p.precheckFailure);
        }
        SlotSolution s;
        try {
            // the limit starts when this slot's search starts, not when the request was queued
            s = engine.solve(p, Deadline.after(clock, settings.planTimeout()));
        } catch (RuntimeException e) {
            // one slot's solver failure must not cost the other slots their plans
            LOG.warn("engine {} failed on slot {}", engine.name(), slot.index(), e);
            return new SlotInfeasibility(slot.index(), slot.start(), "solver " + engine.name() + " failed: " + e.getMessage());
        }
        if (!s.feasible()) {
            return new SlotInfeasibility(slot.index(), slot.start(), s.reason(), s.optimality() == Optimality.INCUMBENT);
        }
        return PlanDecoder.decode(g, slot, p, s);
    }

    /** One slot's program in CPLEX LP format (for glpsol or CPLEX), as this planner would solve it for {@code user}. */
    public String exportLp(ResourceGraph g, PlanningRequest r, SlotCapacity slot, String user) {
        return org.doji.grc.planner.lp.LpExporter.export(
                ProblemCompiler.compile(g, r, slot, settings.admin(), settings.admin().shareOf(user)));
    }

    /** Ranking of DESIGN §3 step 4; slot index breaks the remaining ties so the order is deterministic. */
    static Comparator<CandidatePlan> order(Policy policy) {
        Comparator<CandidatePlan> byStart = Comparator.comparing(CandidatePlan::start);
        Comparator<CandidatePlan> byCost = Comparator.comparingDouble(CandidatePlan::cost);
        Comparator<CandidatePlan> c = switch (policy) {
            case EARLIEST -> byStart.thenComparing(byCost);
            case CHEAPEST -> byCost.thenComparing(byStart);
            case QUALITY -> Comparator.comparingDouble(CandidatePlan::quality).reversed().thenComparing(byCost)
                    .thenComparing(byStart);
        };
        return c.thenComparingInt(CandidatePlan::slotIndex);
    }
}
