package org.doji.rm.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.StatusProperty;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LinkFreeView;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.NetworkRouting;
import org.doji.rm.spi.WidestPathRouting;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.spi.ResourceBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIMULATED backend (demo and simulation mode): an inventory from configuration and actions that only
 * log and record themselves. Handles look like the queue names a Grid Engine RM would hand out.
 */
public class SimulatedBackend implements ResourceBackend {

    private static final Logger log = LoggerFactory.getLogger(SimulatedBackend.class);
    /** The policy names a network RM ships (the OpenFlow RM's); a simulated network routes them all alike. */
    private static final List<String> POLICIES = List.of("bandwidth", "fat-tree", "hop");

    private final BackendInventory inventory;
    private volatile java.util.Set<String> downLinks = java.util.Set.of();
    private final List<String> actions = Collections.synchronizedList(new ArrayList<>());
    /** Keys of reservations between their start and end actions. */
    private final java.util.Set<String> running = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public SimulatedBackend(BackendInventory inventory) {
        this.inventory = inventory;
    }

    /** Sites of {@code nodes} nodes named {@code <site>-n1..n<nodes>} with {@code coresPerNode} each. */
    public static BackendInventory.ComputeSite site(String name, int nodes, int coresPerNode, double unitPrice,
                                                    java.util.Map<String, String> attributes) {
        return new BackendInventory.ComputeSite(name, unitPrice, attributes, IntStream.rangeClosed(1, nodes)
                .mapToObj(i -> new BackendInventory.Node(name + "-n" + i, coresPerNode)).toList());
    }

    @Override
    public String name() {
        return "simulated";
    }

    @Override
    public BackendInventory inventory() {
        return inventory;
    }

    /**
     * Simulation and demo mode: the links the simulated network reports down from now on (empty: every link up), as
     * a real network RM reports a failed link; the kernel routes committed paths off them or fails them.
     */
    public void setDownLinks(java.util.Set<String> linkIds) {
        downLinks = java.util.Set.copyOf(linkIds);
    }

    @Override
    public LiveState liveState() {
        java.util.Set<String> down = downLinks;
        return down.isEmpty() ? LiveState.HEALTHY : new LiveState(true, java.util.Set.of(), down, "links down: " + down);
    }

    /**
     * Simulated networks are abstract graphs (DESIGN §9): a demand between two endpoints with a direct
     * link uses that link, never a detour through other endpoints; pairs without one are routed widest. The known
     * policy names all route so; another name is refused as a real network RM refuses it.
     */
    @Override
    public NetworkRouting routing(String policy) {
        if (policy != null && !policy.isBlank() && !POLICIES.contains(policy)) {
            // as a real network RM answers a name it does not know
            throw DojiException.invalidField("network/policy", "UNKNOWN_POLICY",
                    "unknown allocation policy '" + policy + "'; known: " + POLICIES);
        }
        return directFirst;
    }

    private final NetworkRouting directFirst = new NetworkRouting() {
        @Override
        public java.util.Optional<List<String>> route(NetworkDemand demand, LinkFreeView free) {
            BackendInventory.NetLink direct = direct(free, demand.from(), demand.to());
            if (direct == null) {
                return WidestPathRouting.INSTANCE.route(demand, free);
            }
            boolean fits = free.freeMbps(direct.id()) >= demand.bandwidthMbps()
                    && (demand.maxLatencyMs() == null || direct.latencyMs() == null || direct.latencyMs() <= demand.maxLatencyMs());
            return fits ? java.util.Optional.of(List.of(direct.id())) : java.util.Optional.empty();
        }

        @Override
        public long bestBandwidth(String from, String to, LinkFreeView free) {
            BackendInventory.NetLink direct = direct(free, from, to);
            return direct == null ? WidestPathRouting.INSTANCE.bestBandwidth(from, to, free) : free.freeMbps(direct.id());
        }
    };

    /** The direct link between two endpoints among those the kernel offers (a down link is not among them). */
    private static BackendInventory.NetLink direct(LinkFreeView free, String a, String b) {
        for (BackendInventory.NetLink l : free.links()) {
            if ((l.a().equals(a) && l.b().equals(b)) || (l.a().equals(b) && l.b().equals(a))) {
                return l;
            }
        }
        return null;
    }

    @Override
    public void onHold(ReservationContext ctx) {
        record("hold", ctx);
    }

    @Override
    public Allocation onCommit(ReservationContext ctx) {
        record("commit", ctx);
        return withHandles(ctx);
    }

    @Override
    public void onAbort(ReservationContext ctx) {
        record("abort", ctx);
    }

    @Override
    public void onStart(ReservationContext ctx) {
        record("start", ctx);
        running.add(ctx.key());
    }

    @Override
    public void onEnd(ReservationContext ctx) {
        record("end", ctx);
        running.remove(ctx.key());
    }

    @Override
    public void onCancel(ReservationContext ctx) {
        record("cancel", ctx);
        running.remove(ctx.key());
    }

    /** What a real backend would measure, simulated: reservations running now, and each link's capacity. */
    @Override
    public List<StatusProperty> status() {
        List<StatusProperty> out = new ArrayList<>();
        out.add(StatusProperty.of("runningReservations", running.size(), null));
        for (BackendInventory.NetLink l : inventory.links()) {
            out.add(StatusProperty.about(l.id(), "capacity", l.capacityMbps(), "Mbps"));
        }
        return out;
    }

    @Override
    public Allocation onModify(ReservationContext before, ReservationContext after) {
        record("modify", after);
        return withHandles(after);
    }

    @Override
    public void reconcile(List<ReservationContext> expected) {
        log.info("simulated backend: {} reservations to reconcile, nothing to do", expected.size());
    }

    /** Actions performed so far, as "action:key" (for tests and the demo). */
    public List<String> actions() {
        synchronized (actions) {
            return List.copyOf(actions);
        }
    }

    private void record(String action, ReservationContext ctx) {
        log.debug("simulated {} of {}", action, ctx.key());
        actions.add(action + ":" + ctx.key());
    }

    private static Allocation withHandles(ReservationContext ctx) {
        List<ComputeAllocation> compute = ctx.allocation().compute().stream()
                .map(c -> c.withHandle("doji_" + ctx.key())).toList();
        return ctx.allocation().withCompute(compute);
    }
}
