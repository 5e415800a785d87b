package org.doji.grc.hierarchy;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.InlineRun;
import org.doji.grc.tx.SubjectType;
import org.doji.grc.tx.TransactionEngine;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.util.Entropy;
import org.doji.rm.util.TimeOrderedKeys;

/**
 * Builds the GRC's RM port ({@link GrcResourceManager}) and its collaborators: the one place they are wired, for the
 * Spring configuration, the deterministic simulation and tests alike.
 */
public final class RmPortAssembly {

    private RmPortAssembly() {
    }

    /**
     * @param calls          where the port's calls are recorded (the GRC's call ledger)
     * @param phaseTwoInline how long a caller's thread pushes phase two at the children before the driver takes over
     * @param notifier       tells a parent's consumer of its reservations' changes
     * @param entropy        the randomness of new reservation keys
     */
    public static GrcResourceManager resourceManager(String id, RmRegistry registry, TransactionEngine engine,
                                                     Duration phaseTwoInline, DelegatedReservations store,
                                                     CoAllocationStore calls, ExecutorService rmCalls, Duration rmTimeout,
                                                     Duration holdTimeout, Clock clock, Notifier notifier, Entropy entropy) {
        InlineRun runner = new InlineRun(engine, phaseTwoInline);
        ChildResources children = new ChildResources(id, registry, rmCalls, rmTimeout);
        DelegatedBookkeeping books = new DelegatedBookkeeping(id, store, clock, notifier);
        DelegatedTransactions transactions = new DelegatedTransactions(runner, store, books);
        engine.register(SubjectType.DELEGATED, books);
        return new GrcResourceManager(id, registry, children, runner, store, books, transactions,
                new DelegatedHome(engine.locks(), store, calls, children, transactions, books),
                new TimeOrderedKeys("r-", clock, entropy), holdTimeout, clock);
    }
}
