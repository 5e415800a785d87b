package org.doji.dst;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.doji.contract.types.StateChange;
import org.doji.grc.coallocation.CoAllocationAssembly;
import org.doji.grc.coallocation.CoAllocationService;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.coallocation.CoordinationListener;
import org.doji.grc.coallocation.CoordinatorSettings;
import org.doji.grc.planning.IntegerProgramPlanner;
import org.doji.grc.coallocation.PartAudit;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.hierarchy.DelegatedReservations;
import org.doji.grc.hierarchy.GrcResourceManager;
import org.doji.grc.hierarchy.RmPortAssembly;
import org.doji.grc.planner.Planner;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.soap.GrcNotificationEndpoint;
import org.doji.grc.tx.ParticipantCalls;
import org.doji.grc.tx.ReplicaLocks;
import org.doji.grc.tx.TransactionDriver;
import org.doji.grc.tx.TransactionEngine;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.soap.SoapNotifier;
import org.doji.rm.util.Entropy;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A GRC process, wired as the service wires it: the co-allocation service with its planner, the one transaction
 * engine and its driver, part audits, and its RM port (for a parent GRC), over its durable store. At every start
 * it reads what the previous incarnation left undecided, then recovers it, as the service does once it serves.
 * Its timers are events: the driver and the ticks every second, the adoption of orphaned work, the part audit.
 */
final class GrcNode extends SimNode implements RmHost {

    /** The coordinator's settings in the simulation (phase two is left to the driver at once: nothing sleeps). */
    record Settings(int slots, int maxPlans, int planningBatch, Duration rmTimeout, Duration holdTimeout,
                    Duration tick, Duration partAudit, Duration adoption) {
        static Settings standard() {
            return new Settings(3, 3, 8, Duration.ofSeconds(10), Duration.ofMinutes(2), Duration.ofSeconds(1),
                    Duration.ofMinutes(1), Duration.ofSeconds(15));
        }
    }

    private final List<RmHost> children;
    private final GrcStorage storage;
    private final Network network;
    private final Nodes nodes;
    private final FaultPlan faults;
    private final Settings settings;
    /** Where this GRC's own RM port sends its notifications (a parent's consumer), per reservation. */
    private boolean starting;
    private CoAllocationService service;
    private GrcResourceManager asRm;
    private GrcNotificationEndpoint notifications;

    GrcNode(String id, List<RmHost> children, GrcStorage storage, Settings settings, Scheduler scheduler, Network network,
            Nodes nodes, FaultPlan faults) {
        super(id, scheduler);
        this.children = List.copyOf(children);
        this.storage = storage;
        this.settings = settings;
        this.network = network;
        this.nodes = nodes;
        this.faults = faults;
        storage.commitFaults(CommitFaults.of(scheduler, faults, this, () -> starting));
    }

    @Override
    GrcStorage storage() {
        return storage;
    }

    @Override
    public ResourceManager port() {
        return asRm;
    }

    @Override
    public SimNode node() {
        return this;
    }

    CoAllocationService service() {
        return service;
    }

    List<RmHost> children() {
        return children;
    }

    /** A notification that reached this GRC's consumer (handled by the real endpoint's logic). */
    void notified(StateChange change) {
        notifications.handle(change);
    }

    @Override
    protected void build() {
        starting = true;
        Clock clock = clock();
        Entropy entropy = Entropy.seeded(faults.random().nextLong());
        MeterRegistry meters = new CompositeMeterRegistry();
        ExecutorService direct = SimExecutors.direct();
        ExecutorService workers = SimExecutors.queued(scheduler, this, faults, id() + " worker");
        RmRegistry registry = new RmRegistry(children.stream().map(c -> new RmRegistry.Entry(c.node().id(),
                "sim:" + c.node().id(), new RemoteRm(network, this, c))).toList(), Caller.coordinator(id()), clock);
        // the planner's budget is compute time, not the virtual clock: a clock that stands still never ends it
        Clock still = Clock.fixed(scheduler.now(), java.time.ZoneOffset.UTC);
        IntegerProgramPlanner planner = new IntegerProgramPlanner(new Planner(EngineRegistry.withDefaults(),
                new PlannerSettings(settings.slots(), "fast", AdminPolicy.NONE, Duration.ofHours(1)), direct, still));
        ParticipantCalls calls = new ParticipantCalls(registry, Caller.coordinator(id()),
                () -> Nodes.consumerAddress(id()), meters);
        TransactionEngine engine = new TransactionEngine(storage.transactionLog(), calls, direct, clock,
                Duration.ofMillis(200), Duration.ofSeconds(30), d -> {
                    throw new IllegalStateException("nothing sleeps in the simulation");
                }, ReplicaLocks.local());
        TransactionDriver driver = new TransactionDriver(engine, clock, workers);
        TransactionTemplate tx = new TransactionTemplate(storage.transactions());
        CoAllocationStore store = new CoAllocationStore(storage.coAllocations(), storage.calls(), tx, clock,
                CoAllocationStore.StateListener.NONE, false);
        service = CoAllocationAssembly.service(store, registry, planner, engine, driver, workers, direct, clock,
                new CoordinatorSettings(settings.slots(), settings.maxPlans(), settings.planningBatch(), settings.rmTimeout(),
                        Duration.ZERO), CoordinationListener.NONE, meters, Map.of(), entropy);
        Notifier toParent = (consumer, view, message) -> {
            GrcNode parent = nodes.consumer(consumer);
            if (parent != null) {
                StateChange change = SoapNotifier.stateChange(id(), clock.instant(), view, message);
                network.send(this, parent, "notify " + id() + ">" + parent.id() + " " + view.key() + " " + message,
                        () -> parent.notified(change));
            }
        };
        asRm = RmPortAssembly.resourceManager(id(), registry, engine, Duration.ZERO,
                new DelegatedReservations(storage.delegated(), tx, clock), store, direct, settings.rmTimeout(),
                settings.holdTimeout(), clock, toParent, entropy);
        PartAudit audit = new PartAudit(store, engine.calls(), 200, service::partFailed);
        GrcResourceManager rmPort = asRm;
        CoAllocationService co = service;
        notifications = new GrcNotificationEndpoint(driver, (coAllocation, part) -> {
            if (!co.partFailed(coAllocation, part)) {
                rmPort.partFailed(part);
            }
        }, workers);
        CoAllocationService.LeftBehind left = service.leftBehind();
        starting = false;
        scheduler.after(Duration.ofMillis(500), this, id() + " recover", () -> co.recover(left));
        every(settings.tick(), "drive", driver::driveDue);
        every(settings.tick(), "tick", co::tick);
        every(settings.tick(), "rm-tick", rmPort::tick);
        every(settings.adoption(), "adopt", co::adoptOrphans);
        every(settings.partAudit(), "audit", () -> {
            audit.round();
            rmPort.auditParts();
        });
    }

    /** A periodic task of this incarnation: the first run at a random point of its interval. */
    private void every(Duration interval, String name, Runnable task) {
        String what = id() + " " + name;
        Runnable[] self = new Runnable[1];
        self[0] = () -> {
            task.run();
            scheduler.after(interval, this, what, self[0]);
        };
        scheduler.after(Duration.ofMillis(1 + faults.random().nextLong(interval.toMillis())), this, what, self[0]);
    }

    @Override
    protected void release() {
        service = null;
        asRm = null;
        notifications = null;
    }
}
