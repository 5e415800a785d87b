package org.doji.rm.kernel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.doji.rm.calendar.Booking;
import org.doji.rm.calendar.NodeChooser;
import org.doji.rm.calendar.ReservationCalendar;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.ResourceBackend;

/**
 * Binds a spec to concrete resources in the calendar: nodes by PluS node choice, routes by the
 * backend's routing policy, countables by amount. Books nothing itself; fails with RESOURCE_UNAVAILABLE.
 */
final class Allocator {

    private final ReservationCalendar calendar;
    private final ResourceBackend backend;
    private final NodeChooser nodeChooser;
    private final Map<String, Double> sitePrices = new HashMap<>();
    private final Map<String, Double> countablePrices = new HashMap<>();

    Allocator(ReservationCalendar calendar, ResourceBackend backend) {
        this.calendar = calendar;
        this.backend = backend;
        this.nodeChooser = new NodeChooser(calendar);
        BackendInventory inv = calendar.inventory();
        inv.sites().forEach(s -> sitePrices.put(s.name(), s.unitPrice()));
        inv.countables().forEach(c -> countablePrices.put(c.name(), c.unitPrice()));
    }

    Allocation allocate(ReservationSpec spec, LiveState live) {
        Set<String> downNodes = live.downNodes();
        double hours = spec.window().duration().toSeconds() / 3600.0;
        double cost = 0;
        List<ComputeAllocation> compute = new ArrayList<>();
        for (ComputeDemand c : spec.compute()) {
            List<BackendInventory.Node> nodes = nodeChooser.choose(c.site(), c.cores(), spec.window(), downNodes);
            if (nodes.isEmpty()) {
                throw DojiException.unavailable("INSUFFICIENT_CORES", c.cores() + " cores are not free at "
                        + c.site() + " over " + spec.window().start() + " .. " + spec.window().end() + " (free: "
                        + calendar.freeCores(c.site(), spec.window(), downNodes) + ")");
            }
            compute.add(new ComputeAllocation(c.site(), c.cores(),
                    nodes.stream().map(BackendInventory.Node::name).toList(), null));
            cost += sitePrices.get(c.site()) * c.cores() * hours;
        }
        List<NetworkAllocation> network = new ArrayList<>();
        List<Booking> tentative = new ArrayList<>();
        try {
            for (NetworkDemand n : spec.network()) {
                Optional<List<String>> route = backend.routing(n.policy()).route(n,
                        calendar.linkView(spec.window(), live.downLinks()));
                if (route.isEmpty()) {
                    throw DojiException.unavailable("INSUFFICIENT_BANDWIDTH", n.bandwidthMbps() + " Mbps between "
                            + n.from() + " and " + n.to() + " are not free over " + spec.window().start() + " .. "
                            + spec.window().end() + (n.maxLatencyMs() == null ? "" : " within " + n.maxLatencyMs() + " ms"));
                }
                double price = route.get().stream().mapToDouble(id -> calendar.link(id).unitPrice()).sum();
                network.add(new NetworkAllocation(n.from(), n.to(), n.bandwidthMbps(), route.get(), List.of(n.from(), n.to())));
                cost += price * n.bandwidthMbps() * hours;
                // later demands of the same spec must see the bandwidth this one takes
                List<Booking> mine = route.get().stream()
                        .map(id -> new Booking(id, spec.window().start(), spec.window().end(), n.bandwidthMbps())).toList();
                calendar.apply(mine, 1);
                tentative.addAll(mine);
            }
        } finally {
            calendar.apply(tentative, -1);
        }
        for (CountableDemand c : spec.countables()) {
            long free = calendar.freeCountable(c.name(), spec.window());
            if (free < c.amount()) {
                throw DojiException.unavailable("INSUFFICIENT_COUNTABLE", c.amount() + " " + c.name()
                        + " are not free (free: " + free + ")");
            }
            cost += countablePrices.get(c.name()) * c.amount() * hours;
        }
        return new Allocation(compute, network, spec.countables(), cost);
    }
}
