package org.doji.grc.coallocation;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.doji.grc.planning.CoPlanning;
import org.doji.grc.planning.PlanningClaims;
import org.doji.grc.planning.PlanningIntake;
import org.doji.grc.planning.PlanningStrategy;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.InlineRun;
import org.doji.grc.tx.ReplicaLocks;
import org.doji.grc.tx.SubjectType;
import org.doji.grc.tx.TransactionDriver;
import org.doji.grc.tx.TransactionEngine;
import org.doji.rm.util.Entropy;
import org.doji.rm.util.TimeOrderedKeys;

/**
 * Builds the co-allocation service and its collaborators: the one place they are wired, for the Spring
 * configuration, the deterministic simulation and tests alike. The create path, in the order it runs:
 * {@link CoAllocationService#create} → {@link PlanningIntake} (claimed by {@link PlanningClaims}, planned by
 * {@link CoPlanning}) → {@link CoAllocationReserver} → {@link PlanAttempts} → the engine, whose end of phase two
 * reaches the co-allocation through {@link CoAllocationTransactions}.
 */
public final class CoAllocationAssembly {

    private CoAllocationAssembly() {
    }

    /**
     * @param workers       the co-allocations' planning and reservation runs
     * @param rmCalls       the RMs' availability calls
     * @param serviceLevels per user, the share of each RM's free capacity the GRC plans with
     * @param entropy       the randomness of new co-allocation keys and change ids
     */
    public static CoAllocationService service(CoAllocationStore store, RmRegistry registry, PlanningStrategy planner,
                                              TransactionEngine engine, TransactionDriver driver, ExecutorService workers,
                                              ExecutorService rmCalls, Clock clock, CoordinatorSettings settings,
                                              CoordinationListener listener, MeterRegistry meters,
                                              Map<String, Double> serviceLevels, Entropy entropy) {
        ReplicaLocks locks = engine.locks();
        TimeOrderedKeys keys = new TimeOrderedKeys("co-", clock, entropy);
        CoPlanning planning = new CoPlanning(registry, planner, rmCalls, settings.slots(), settings.rmTimeout(),
                registry.self(), meters, serviceLevels);
        InlineRun runner = new InlineRun(engine, settings.phaseTwoInline());
        PlanAttempts attempts = new PlanAttempts(runner, clock, settings.maxPlans(), settings.decideWithin(), listener,
                store);
        PlanningIntake intake = new PlanningIntake(store::find, planning, workers,
                settings.planningBatch(), new PlanningClaims(store, engine.log(), locks),
                new CoAllocationReserver(store, attempts, locks, listener, meters));
        CoAllocationTransactions subject = new CoAllocationTransactions(store, listener, meters, intake::submit);
        engine.register(SubjectType.CO_ALLOCATION, subject);
        return new CoAllocationService(store, registry, new RequestValidator(clock), clock, keys, planning, intake,
                new CoAllocationModifier(store, planning, runner, subject, clock, settings.maxPlans(),
                        settings.decideWithin(), listener, entropy),
                new CoAllocationCanceller(store, runner, clock, settings.decideWithin(), entropy),
                new PartLoss(store, runner, clock, entropy), driver, locks);
    }
}
