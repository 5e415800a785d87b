package org.doji.rm.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.doji.rm.calendar.ReservationCalendar;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.NetworkRouting;
import org.doji.rm.spi.ResourceBackend;

/** Answers describe and the N-slot availability query, scaled to the caller's service level. */
final class AvailabilityReporter {

    private final RmSettings settings;
    private final ResourceBackend backend;
    private final ReservationCalendar calendar;
    private final ResourceInventory description;

    AvailabilityReporter(RmSettings settings, ResourceBackend backend, ReservationCalendar calendar) {
        this.settings = settings;
        this.backend = backend;
        this.calendar = calendar;
        BackendInventory inv = calendar.inventory();
        List<ResourceInventory.Site> sites = inv.sites().stream()
                .map(s -> new ResourceInventory.Site(s.name(), s.totalCores(), s.nodes().size(), s.unitPrice(), s.attributes()))
                .toList();
        AbstractTopology topology = inv.kind() == RmKind.NETWORK ? new AbstractTopology(inv, backend) : null;
        List<ResourceInventory.Endpoint> endpoints = inv.endpoints().stream()
                .map(e -> new ResourceInventory.Endpoint(e.name(), e.exchangePoint(),
                        topology == null ? null : topology.groups().get(e.name()))).toList();
        List<ResourceInventory.Path> paths = topology == null ? List.of() : topology.paths();
        List<ResourceInventory.Countable> countables = inv.countables().stream()
                .map(c -> new ResourceInventory.Countable(c.name(), c.total(), c.unitPrice())).toList();
        this.description = new ResourceInventory(settings.rmId(), inv.kind(), inv.domain(), backend.name(), sites,
                endpoints, paths, countables, settings.holdTimeout());
    }

    ResourceInventory describe() {
        return description;
    }

    /** @param pathPolicy the routing policy free bandwidth is computed with, as a reservation asking for it is routed */
    List<SlotAvailability> availability(List<TimeWindow> slots, String user, String pathPolicy, LiveState live) {
        Set<String> downNodes = live.downNodes();
        double share = settings.shareFor(user);
        NetworkRouting routing = description.paths().isEmpty() ? null : backend.routing(pathPolicy);
        List<SlotAvailability> out = new ArrayList<>(slots.size());
        for (int i = 0; i < slots.size(); i++) {
            TimeWindow w = slots.get(i);
            List<SlotAvailability.ComputeFree> compute = new ArrayList<>();
            for (ResourceInventory.Site s : description.sites()) {
                int free = calendar.freeCores(s.name(), w, downNodes);
                compute.add(new SlotAvailability.ComputeFree(s.name(), (int) Math.floor(free * share), s.unitPrice()));
            }
            List<SlotAvailability.PathFree> paths = new ArrayList<>();
            for (ResourceInventory.Path p : description.paths()) {
                long free = routing.bestBandwidth(p.from(), p.to(), calendar.linkView(w, live.downLinks()));
                paths.add(new SlotAvailability.PathFree(p.from(), p.to(), (long) Math.floor(free * share),
                        p.unitPrice(), p.latencyMs()));
            }
            List<SlotAvailability.CountableFree> countables = new ArrayList<>();
            for (ResourceInventory.Countable c : description.countables()) {
                long free = calendar.freeCountable(c.name(), w);
                countables.add(new SlotAvailability.CountableFree(c.name(), (long) Math.floor(free * share), c.unitPrice()));
            }
            out.add(new SlotAvailability(i, w, compute, paths, countables));
        }
        return out;
    }
}
