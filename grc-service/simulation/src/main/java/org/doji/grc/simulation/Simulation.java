package org.doji.grc.simulation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.doji.grc.simulation.Workload.SimRequest;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.util.SettableClock;

/**
 * One experiment in virtual time: a fresh §9 grid (real kernels, empty calendars), one setting, one
 * workload. The event loop takes the arrivals in order; before each it moves the clock through every
 * reservation start and end due by then and lets every kernel's activation tick act on it; after the
 * last arrival it drives the remaining starts and ends, so every kernel ends with nothing open.
 */
public final class Simulation {

    /**
     * The settings: without service levels, with them as the paper states them (each RM shows a user their level's
     * share of what it has free) and, as a sensitivity case, with the level read as a quota of each RM's capacity.
     */
    public enum Setting {
        STANDARD("standard", "std", "all users see everything"),
        SERVICE_LEVELS("SL free share", "SL", "each RM shows each user their level's share of its free capacity (the paper)"),
        SERVICE_LEVEL_QUOTA("SL quota", "SLq", "a user may hold at most their level's share of each RM's capacity (sensitivity)");

        public final String label;
        public final String shortLabel;
        public final String description;

        Setting(String label, String shortLabel, String description) {
            this.label = label;
            this.shortLabel = shortLabel;
            this.description = description;
        }
    }

    /**
     * What happened to one request. {@code waitMinutes}: start − EST of the reserved plan; {@code pathMbps}: Σ
     * bandwidth × paths of the reserved plan; {@code slotsCut}: slots whose search the step limit stopped;
     * {@code lost}: reserved, then failed by a link failure.
     */
    public record Outcome(SimRequest request, boolean reserved, int slot, long waitMinutes, double cost, long pathMbps,
                          int slotsCut, boolean lost, long availabilityNanos, long planNanos, long totalNanos, String reason) {

        /** Reserved and kept to its end. */
        public boolean held() {
            return reserved && !lost;
        }

        Outcome lostToLinkFailure() {
            return new Outcome(request, reserved, slot, waitMinutes, cost, pathMbps, slotsCut, true, availabilityNanos, planNanos,
                    totalNanos, reason);
        }
    }

    /**
     * One experiment's outcomes, in arrival order; {@code routingPrograms}: routings the planner solved as integer
     * programs because their search grew too long (exact either way).
     */
    public record Run(int intervalMinutes, Scenario.Booking.Mode booking, Setting setting, List<Outcome> outcomes, int ticks,
                      long routingPrograms) {
        public Run {
            outcomes = List.copyOf(outcomes);
        }
    }

    /** Sees the grid after every event (tests check invariants here); must not change it. */
    public interface Observer {
        void afterEvent(Instant now, ReferenceGrid grid);

        Observer NONE = (now, grid) -> { };
    }

    private final Scenario scenario;

    public Simulation(Scenario scenario) {
        this.scenario = scenario;
    }

    public Run run(int intervalMinutes, Scenario.Booking.Mode booking, Setting setting, List<SimRequest> requests,
                   Observer observer, Consumer<String> progress) {
        SettableClock clock = new SettableClock(Workload.T0);
        Map<String, Double> levels = new java.util.HashMap<>();
        scenario.users().stream().filter(u -> u.serviceLevel() < 1).forEach(u -> levels.put(u.name(), u.serviceLevel()));
        // the paper's reading is the RMs' own; the quota is applied on top of unscaled answers
        ReferenceGrid grid = ReferenceGrid.create(scenario.topology(), clock,
                setting == Setting.SERVICE_LEVELS ? levels : Map.of());
        AvailabilityView view = setting == Setting.SERVICE_LEVEL_QUOTA ? new CapacityQuota(levels, descriptions(grid))
                : AvailabilityView.AS_THE_RM_ANSWERS;
        SyncCoordinator coordinator = new SyncCoordinator(grid.kernels(), clock, scenario.planning(), view);
        LinkFailures failures = new LinkFailures(scenario.linkFailures(), grid);
        TreeSet<Instant> due = new TreeSet<>(failures.changes());
        List<Outcome> outcomes = new ArrayList<>(requests.size());
        int ticks = 0;
        String label = intervalMinutes + " min, " + booking + ", " + setting.label;
        Duration reportEvery = Duration.ofHours(Math.max(1, scenario.arrivals().hours() / 4));
        Instant nextReport = Workload.T0.plus(reportEvery);
        for (SimRequest r : requests) {
            ticks += drain(due, r.arrival(), clock, grid, failures, observer);
            clock.set(r.arrival());
            java.util.Set<String> before = failures.active() ? failures.openKeys() : java.util.Set.of();
            SyncCoordinator.Result result = coordinator.submit("sim-" + intervalMinutes + "-" + r.id(), r.user(), r.request());
            if (result.reserved()) {
                due.add(result.plan().window().start());
                due.add(result.plan().window().end());
                failures.reserved(r.id(), before);
                long wait = Duration.between(r.request().time().earliestStart(), result.plan().window().start()).toMinutes();
                outcomes.add(new Outcome(r, true, result.plan().slot(), wait, result.plan().cost(),
                        EmptyGridProbe.pathMbps(result.plan()), result.slotsCut(), false, result.availabilityNanos(),
                        result.planNanos(), result.totalNanos(), null));
            } else {
                outcomes.add(new Outcome(r, false, -1, 0, 0, 0, result.slotsCut(), false, result.availabilityNanos(),
                        result.planNanos(), result.totalNanos(), result.reason()));
            }
            observer.afterEvent(clock.instant(), grid);
            if (!r.arrival().isBefore(nextReport)) {
                progress.accept(String.format(java.util.Locale.ROOT, "  %s: %d/%d requests (virtual %s)", label,
                        outcomes.size(), requests.size(), hours(r.arrival())));
                while (!r.arrival().isBefore(nextReport)) {
                    nextReport = nextReport.plus(reportEvery);
                }
            }
        }
        ticks += drain(due, Instant.MAX, clock, grid, failures, observer);
        for (ReservationKernel k : grid.kernels().values()) {
            if (!k.openReservations().isEmpty()) {
                throw new IllegalStateException(k.settings().rmId() + " still has open reservations at the end of the run");
            }
        }
        java.util.Set<Integer> lost = failures.lostRequests();
        List<Outcome> marked = outcomes.stream().map(o -> lost.contains(o.request().id()) ? o.lostToLinkFailure() : o).toList();
        return new Run(intervalMinutes, booking, setting, marked, ticks, coordinator.routingPrograms());
    }

    private static Map<String, org.doji.rm.model.ResourceInventory> descriptions(ReferenceGrid grid) {
        Map<String, org.doji.rm.model.ResourceInventory> out = new java.util.LinkedHashMap<>();
        grid.kernels().forEach((id, k) -> out.put(id, k.describe(ReferenceGrid.GRC)));
        return out;
    }

    /** Moves the clock through every start/end and link change up to {@code until} and ticks every kernel at each. */
    private static int drain(TreeSet<Instant> due, Instant until, SettableClock clock, ReferenceGrid grid, LinkFailures failures,
                             Observer observer) {
        int n = 0;
        while (!due.isEmpty() && !due.first().isAfter(until)) {
            Instant t = due.pollFirst();
            clock.advanceTo(t);
            failures.apply(t, () -> grid.kernels().values().forEach(ReservationKernel::tick));
            observer.afterEvent(t, grid);
            n++;
        }
        return n;
    }

    static String hours(Instant t) {
        long minutes = Duration.between(Workload.T0, t).toMinutes();
        return String.format(java.util.Locale.ROOT, "%d:%02d h", minutes / 60, minutes % 60);
    }
}
