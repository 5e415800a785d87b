package org.doji.rm.kernel;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.doji.rm.calendar.Booking;
import org.doji.rm.calendar.ReservationCalendar;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.PendingChange;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.spi.ResourceBackend;
import org.doji.rm.state.Operation;
import org.doji.rm.state.ReservationStateMachine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps committed reservations off links that are down (DESIGN §8): a path over a down link is routed again, with
 * the reservation's own bookings given back first, by the policy it was reserved with and within its bandwidth
 * and latency bound, over the links that are up; the reservation's other paths stay as they are. Not thread-safe:
 * the kernel calls it under its write lock, inside an undo scope.
 */
final class RouteRepair {

    /** What a coordinator is told (the notification's message). */
    static final String REROUTED = "re-routed";
    static final String FAILED = "failed: link down";

    private static final Logger log = LoggerFactory.getLogger(RouteRepair.class);

    private final ReservationCalendar calendar;
    private final ResourceBackend backend;

    RouteRepair(ReservationCalendar calendar, ResourceBackend backend) {
        this.calendar = calendar;
        this.backend = backend;
    }

    /**
     * One round of the kernel's driver: takes in links the backend found since the last round, then moves every
     * committed reservation off the links that are down now, each as one step of {@code kernel} (durable before its
     * coordinator is told). Returns how many were moved or failed.
     */
    int round(Instant now, ReservationKernel kernel) {
        if (backend.discoversLinks()) {
            List<String> added = kernel.underWriteLock(() -> calendar.adoptLinks(backend.inventory().links()));
            if (!added.isEmpty()) {
                log.info("links found since the start, now bookable: {}", added);
            }
        }
        if (kernel.read(() -> calendar.inventory().links().isEmpty())) {
            return 0; // no links (a compute RM): its live state is not read in the background
        }
        Set<String> down = backend.liveState().downLinks();
        int acted = 0;
        for (Reservation r : kernel.openWhere(r -> affected(r, down))) {
            boolean moved = kernel.step(r, now, () -> {
                if (!affected(r, down)) {
                    return null; // changed by a call since the list was made
                }
                String message = moveOff(r, down, now);
                r.record.setVersion(r.record.getVersion() + 1);
                r.record.setUpdated(now);
                return message;
            });
            acted += moved ? 1 : 0;
        }
        return acted;
    }

    /** A committed reservation whose paths use a down link, with nothing pending (a pending change is routed anew). */
    static boolean affected(Reservation r, Set<String> downLinks) {
        LifecycleState lc = r.record.getLifecycleState();
        return !downLinks.isEmpty() && r.spec != null && r.allocation != null
                && (lc == LifecycleState.Created || lc == LifecycleState.Active)
                && r.record.getPendingChange() == PendingChange.None
                && r.allocation.network().stream().anyMatch(na -> na.links().stream().anyMatch(downLinks::contains));
    }

    /**
     * Moves one affected reservation off the down links: its paths over them routed again (and, when it is active,
     * its flows replaced by the backend), or, when some path has no other route, the reservation Failed with the
     * reason and its resources released (its flows removed). Returns what its coordinator is told.
     */
    String moveOff(Reservation r, Set<String> downLinks, Instant now) {
        ReservationContext before = r.context();
        List<String> over = r.allocation.network().stream().flatMap(na -> na.links().stream())
                .filter(downLinks::contains).distinct().sorted().toList();
        Optional<Allocation> moved = reroute(r, downLinks);
        if (moved.isPresent()) {
            r.allocation = moved.get();
            if (before.lifecycle() == LifecycleState.Active) {
                r.allocation = backend.onModify(before, r.context());
            }
            log.warn("{}: link(s) {} down, re-routed", r.key(), over);
            return REROUTED;
        }
        r.record.setLifecycleState(ReservationStateMachine.nextLifecycleState(before.lifecycle(), Operation.FAIL));
        r.record.setReason("link(s) " + over + " down at " + now + " and no other path fits "
                + r.allocation.network().stream().filter(na -> na.links().stream().anyMatch(downLinks::contains))
                        .map(na -> na.bandwidthMbps() + " Mbps " + na.from() + "-" + na.to()).toList());
        if (before.lifecycle() == LifecycleState.Active) {
            backend.onCancel(before);
        }
        log.warn("{}: {}", r.key(), r.record.getReason());
        return FAILED;
    }

    /**
     * The reservation's allocation with every path over a down link routed again, booked in the calendar in place of
     * the old one; empty, with the old bookings released, when some path has no other route. The caller records the
     * outcome (and the calendar's undo log takes this back if that write fails).
     */
    Optional<Allocation> reroute(Reservation r, Set<String> downLinks) {
        calendar.apply(r.committedBookings(), -1);
        List<NetworkAllocation> paths = new ArrayList<>();
        List<Booking> kept = new ArrayList<>();
        try {
            // the paths that stay keep their bandwidth: the paths routed again must not take it
            for (NetworkAllocation na : r.allocation.network()) {
                if (na.links().stream().noneMatch(downLinks::contains)) {
                    List<Booking> staying = Booking.of(r.spec.window(), new Allocation(List.of(), List.of(na), List.of(), 0));
                    calendar.apply(staying, 1);
                    kept.addAll(staying);
                }
            }
            for (int i = 0; i < r.allocation.network().size(); i++) {
                NetworkAllocation na = r.allocation.network().get(i);
                if (na.links().stream().noneMatch(downLinks::contains)) {
                    paths.add(na);
                    continue;
                }
                NetworkDemand demand = demandOf(r, i, na);
                Optional<List<String>> route = backend.routing(demand.policy())
                        .route(demand, calendar.linkView(r.spec.window(), downLinks));
                if (route.isEmpty()) {
                    return Optional.empty();
                }
                NetworkAllocation moved = new NetworkAllocation(na.from(), na.to(), na.bandwidthMbps(), route.get(), na.hops());
                // the reservation's next paths must see the bandwidth this one takes
                List<Booking> mine = Booking.of(r.spec.window(),
                        new Allocation(List.of(), List.of(moved), List.of(), 0));
                calendar.apply(mine, 1);
                kept.addAll(mine);
                paths.add(moved);
            }
        } finally {
            calendar.apply(kept, -1);
        }
        // same price: the user agreed to the path's bandwidth and window, not to a route
        Allocation after = new Allocation(r.allocation.compute(), paths, r.allocation.countables(), r.allocation.cost());
        calendar.book(r.spec.window(), after);
        return Optional.of(after);
    }

    private static NetworkDemand demandOf(Reservation r, int index, NetworkAllocation na) {
        List<NetworkDemand> demands = r.spec.network();
        if (index < demands.size() && demands.get(index).from().equals(na.from()) && demands.get(index).to().equals(na.to())) {
            return demands.get(index);
        }
        return demands.stream().filter(d -> d.from().equals(na.from()) && d.to().equals(na.to())).findFirst()
                .orElse(new NetworkDemand(na.from(), na.to(), na.bandwidthMbps(), null, null));
    }
}
