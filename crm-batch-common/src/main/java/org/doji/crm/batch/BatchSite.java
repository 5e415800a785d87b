package org.doji.crm.batch;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.RmKind;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.ReservationContext;

/**
 * The one site a batch-system RM offers (one cluster), as the kernel sees it: its inventory, its live state,
 * and the part of a reservation's allocation that falls on it.
 *
 * @param lrms the batch system's name, shown as the site's {@code lrms} attribute
 */
public record BatchSite(String name, double unitPrice, String lrms, String domain) {

    public BackendInventory inventory(List<BackendInventory.Node> nodes) {
        return inventory(nodes, Map.of());
    }

    /** With more attributes of the site after {@code lrms} (e.g. the nodes' architecture). */
    public BackendInventory inventory(List<BackendInventory.Node> nodes, Map<String, String> attributes) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("lrms", lrms);
        all.putAll(attributes);
        BackendInventory.ComputeSite site = new BackendInventory.ComputeSite(name, unitPrice, all, nodes);
        return new BackendInventory(RmKind.COMPUTE, domain, List.of(site), List.of(), List.of(), List.of(), List.of());
    }

    /** Reachable with these nodes down, or unreachable with the failed command's message. */
    public LiveState liveState(Supplier<Collection<String>> downNodes) {
        try {
            Set<String> down = Set.copyOf(downNodes.get());
            return new LiveState(true, down, down.isEmpty() ? "ok" : down.size() + " node(s) down, offline or drained");
        } catch (CommandFailedException e) {
            return new LiveState(false, Set.of(), e.getMessage());
        }
    }

    /** The reservation's nodes at this site (an allocation without a site is this one's). */
    public List<String> nodesOf(ReservationContext ctx) {
        List<String> nodes = new ArrayList<>();
        for (ComputeAllocation c : ctx.allocation().compute()) {
            if (c.site() == null || c.site().equals(name)) {
                nodes.addAll(c.nodes());
            }
        }
        return nodes;
    }

    /** The reservation's allocation with {@code handle} on this site's part. */
    public Allocation withHandle(ReservationContext ctx, String handle) {
        List<ComputeAllocation> compute = new ArrayList<>();
        for (ComputeAllocation c : ctx.allocation().compute()) {
            compute.add(c.site() == null || c.site().equals(name) ? c.withHandle(handle) : c);
        }
        return ctx.allocation().withCompute(compute);
    }
}
