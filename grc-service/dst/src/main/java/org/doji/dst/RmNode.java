package org.doji.dst;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.soap.SoapNotifier;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.util.Entropy;

/**
 * An RM process: the real kernel over a simulated backend and its durable store. At every start the kernel is
 * built anew on the stored rows (its recovery); its activation driver (hold timeouts, start, end, route repair)
 * runs every tick. Its notifications go to the coordinator's consumer over the network.
 */
final class RmNode extends SimNode implements RmHost {

    static final Duration TICK = Duration.ofSeconds(1);

    private final BackendInventory inventory;
    private final RmSettings settings;
    private final RmStorage storage;
    private final Network network;
    private final Nodes nodes;
    private final FaultPlan faults;
    /** The network's links that are down now (the world's state, not the process's). */
    private final Set<String> downLinks = new HashSet<>();
    private ReservationKernel kernel;
    private SimulatedBackend backend;
    private boolean starting;

    RmNode(String id, BackendInventory inventory, RmSettings settings, RmStorage storage, Scheduler scheduler,
           Network network, Nodes nodes, FaultPlan faults) {
        super(id, scheduler);
        this.inventory = inventory;
        this.settings = settings;
        this.storage = storage;
        this.network = network;
        this.nodes = nodes;
        this.faults = faults;
        storage.commitFaults(CommitFaults.of(scheduler, faults, this, () -> starting));
    }

    BackendInventory inventory() {
        return inventory;
    }

    @Override
    RmStorage storage() {
        return storage;
    }

    @Override
    public ResourceManager port() {
        return kernel;
    }

    @Override
    public SimNode node() {
        return this;
    }

    /** A link of this network RM goes down or comes back; the kernel notices at its next tick. */
    void link(String linkId, boolean down) {
        if (down) {
            downLinks.add(linkId);
        } else {
            downLinks.remove(linkId);
        }
        if (backend != null) {
            backend.setDownLinks(Set.copyOf(downLinks));
        }
    }

    Set<String> downLinks() {
        return downLinks;
    }

    @Override
    protected void build() {
        starting = true;
        try {
            backend = new SimulatedBackend(inventory);
            backend.setDownLinks(Set.copyOf(downLinks));
            Notifier notifier = (consumer, view, message) -> {
                GrcNode to = nodes.consumer(consumer);
                if (to != null) {
                    var change = SoapNotifier.stateChange(id(), clock().instant(), view, message);
                    network.send(this, to, "notify " + id() + ">" + to.id() + " " + view.key() + " " + message,
                            () -> to.notified(change));
                }
            };
            kernel = new ReservationKernel(settings, backend, storage.store(), clock(), notifier,
                    Entropy.seeded(faults.random().nextLong()));
        } finally {
            starting = false;
        }
        scheduler.after(Duration.ofMillis(faults.random().nextInt(1000)), this, id() + " tick", this::tick);
    }

    private void tick() {
        kernel.tick();
        scheduler.after(TICK, this, id() + " tick", this::tick);
    }

    @Override
    protected void release() {
        kernel = null;
        backend = null;
    }
}
