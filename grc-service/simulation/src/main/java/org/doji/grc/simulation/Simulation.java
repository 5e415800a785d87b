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

    /** The two settings of §9: without and with the users' service levels (B's low one in the reference). */
    public enum Setting {
        STANDARD("all users see everything"),
        SERVICE_LEVELS("each user sees their service level's share of each RM's free capacity");

        public final String description;

        Setting(String description) {
            this.description = description;
        }
    }

    /** What happened to one request. {@code waitMinutes}: start − EST of the reserved plan. */
    public record Outcome(SimRequest request, boolean reserved, int slot, long waitMinutes, double cost,
                          long availabilityNanos, long planNanos, long totalNanos, String reason) {
    }

    /** One experiment's outcomes, in arrival order. */
    public record Run(int intervalMinutes, Setting setting, List<Outcome> outcomes, int ticks) {
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

    public Run run(int intervalMinutes, Setting setting, List<SimRequest> requests, Observer observer,
                   Consumer<String> progress) {
        SettableClock clock = new SettableClock(Workload.T0);
        Map<String, Double> levels = new java.util.HashMap<>();
        if (setting == Setting.SERVICE_LEVELS) {
            scenario.users().stream().filter(u -> u.serviceLevel() < 1).forEach(u -> levels.put(u.name(), u.serviceLevel()));
        }
        ReferenceGrid grid = ReferenceGrid.create(scenario.topology(), clock, levels);
        Scenario.Planning planning = scenario.planning();
        SyncCoordinator coordinator = new SyncCoordinator(grid.kernels(), clock, planning.slots(), planning.maxPlans(),
                planning.engine());
        TreeSet<Instant> due = new TreeSet<>();
        List<Outcome> outcomes = new ArrayList<>(requests.size());
        int ticks = 0;
        Duration reportEvery = Duration.ofHours(Math.max(1, scenario.arrivals().hours() / 4));
        Instant nextReport = Workload.T0.plus(reportEvery);
        for (SimRequest r : requests) {
            ticks += drain(due, r.arrival(), clock, grid, observer);
            clock.set(r.arrival());
            SyncCoordinator.Result result = coordinator.submit("sim-" + intervalMinutes + "-" + r.id(), r.user(), r.request());
            if (result.reserved()) {
                due.add(result.plan().window().start());
                due.add(result.plan().window().end());
                long wait = Duration.between(r.request().time().earliestStart(), result.plan().window().start()).toMinutes();
                outcomes.add(new Outcome(r, true, result.plan().slot(), wait, result.plan().cost(), result.availabilityNanos(), result.planNanos(),
                        result.totalNanos(), null));
            } else {
                outcomes.add(new Outcome(r, false, -1, 0, 0, result.availabilityNanos(), result.planNanos(), result.totalNanos(), result.reason()));
            }
            observer.afterEvent(clock.instant(), grid);
            if (!r.arrival().isBefore(nextReport)) {
                progress.accept(String.format(java.util.Locale.ROOT, "  interval %d min, %s: %d/%d requests (virtual %s)",
                        intervalMinutes, setting, outcomes.size(), requests.size(), hours(r.arrival())));
                while (!r.arrival().isBefore(nextReport)) {
                    nextReport = nextReport.plus(reportEvery);
                }
            }
        }
        ticks += drain(due, Instant.MAX, clock, grid, observer);
        for (ReservationKernel k : grid.kernels().values()) {
            if (!k.openReservations().isEmpty()) {
                throw new IllegalStateException(k.settings().rmId() + " still has open reservations at the end of the run");
            }
        }
        return new Run(intervalMinutes, setting, outcomes, ticks);
    }

    /** Moves the clock through every start/end time up to {@code until} and ticks every kernel at each. */
    private static int drain(TreeSet<Instant> due, Instant until, SettableClock clock, ReferenceGrid grid, Observer observer) {
        int n = 0;
        while (!due.isEmpty() && !due.first().isAfter(until)) {
            Instant t = due.pollFirst();
            clock.advanceTo(t);
            grid.kernels().values().forEach(ReservationKernel::tick);
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
