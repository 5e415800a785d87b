package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.simulation.Simulation.Outcome;
import org.doji.grc.simulation.Simulation.Run;
import org.doji.grc.simulation.Simulation.Setting;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.ReservationView;
import org.doji.rm.spi.BackendInventory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs of the event loop over the real kernels and planner: the service-level effect and the capacity invariant. */
class SimulationTest {

    @BeforeAll
    static void quiet() {
        SmallRuns.quietLogs();
    }

    private static double successOf(Run run, String user) {
        List<Outcome> mine = run.outcomes().stream().filter(o -> o.request().user().equals(user)).toList();
        return (double) mine.stream().filter(Outcome::reserved).count() / mine.size();
    }

    @Test
    void aLowServiceLevelForBLowersBsSuccessRateOnTheSameWorkload() {
        Scenario p = SmallRuns.scenario(1, 10); // demand ratio above 1: capacity is contested
        var requests = Workload.generate(p, 10);
        Simulation simulation = new Simulation(p);
        Run standard = simulation.run(10, Scenario.Booking.Mode.NEXT_DAY, Setting.STANDARD, requests, Simulation.Observer.NONE, line -> { });
        Run low = simulation.run(10, Scenario.Booking.Mode.NEXT_DAY, Setting.SERVICE_LEVELS, requests, Simulation.Observer.NONE, line -> { });
        assertThat(successOf(low, "B")).isLessThan(successOf(standard, "B"));
        // the capacity B no longer sees is left to A: A does not lose
        assertThat(successOf(low, "A")).isGreaterThanOrEqualTo(successOf(standard, "A"));
        // the load was high enough for failures, and far from all failed
        assertThat(successOf(standard, "B")).isBetween(0.3, 0.99);
    }

    @Test
    void aLinkDownLosesTheReservationsOverItAndOnlyThose() {
        Scenario p = SmallRuns.scenario(1, 10);
        // every reservation lies in hours 6-12 and is made before hour 6: the failure hits them after they were reserved
        Scenario failing = new Scenario(p.name(), p.description(), p.seed(), p.topology(), p.users(), p.requestTypes(),
                p.arrivals(), p.booking(), p.draws(), p.planning(), p.bandwidthCounting(), p.paper(), p.output(), p.settings(),
                List.of(new Scenario.LinkFailure("JN4--X1", 6, 12), new Scenario.LinkFailure("JN4--X2", 6, 12)));
        var requests = Workload.generate(p, 10);
        Run intact = new Simulation(p).run(10, Scenario.Booking.Mode.NEXT_DAY, Setting.STANDARD, requests,
                Simulation.Observer.NONE, line -> { });
        Run failed = new Simulation(failing).run(10, Scenario.Booking.Mode.NEXT_DAY, Setting.STANDARD, requests,
                Simulation.Observer.NONE, line -> { });
        assertThat(intact.outcomes()).noneMatch(Outcome::lost);
        // the failure comes after every arrival, so planning and reserving went exactly as without it
        assertThat(failed.outcomes()).extracting(Outcome::reserved).containsExactlyElementsOf(
                intact.outcomes().stream().map(Outcome::reserved).toList());
        List<Outcome> lost = failed.outcomes().stream().filter(Outcome::lost).toList();
        assertThat(lost).isNotEmpty().allMatch(Outcome::reserved);
        assertThat(lost.size()).isLessThan((int) failed.outcomes().stream().filter(Outcome::reserved).count());
    }

    @Test
    void neverOversubscribedAtAnySampledInstantAndReservationsStartAndEndAtTheirVirtualTimes() {
        Scenario p = SmallRuns.scenario(7, 10); // overloaded (demand ratio about 1.4)
        Map<String, BackendInventory> inventories = ReferenceGrid.inventories(p.topology());
        List<String> problems = new ArrayList<>();
        int[] checks = new int[1];
        int[] activeSeen = new int[1];
        Simulation.Observer observer = (now, grid) -> {
            for (var e : grid.kernels().entrySet()) {
                ReservationKernel k = e.getValue();
                problems.addAll(k.capacityViolations());
                var open = k.openReservations();
                // the activation tick ran at the virtual times: running now = Active, not yet started = Created
                for (ReservationView v : open) {
                    LifecycleState expected = v.spec().window().contains(now) ? LifecycleState.Active : LifecycleState.Created;
                    if (v.spec().window().end().isAfter(now) && v.lifecycleState() != expected) {
                        problems.add(e.getKey() + ": " + v.key() + " is " + v.lifecycleState() + " at " + now + ", window "
                                + v.spec().window());
                    }
                    if (!v.spec().window().end().isAfter(now)) {
                        problems.add(e.getKey() + ": " + v.key() + " still open after its end " + v.spec().window().end());
                    }
                    activeSeen[0] += v.lifecycleState() == LifecycleState.Active ? 1 : 0;
                }
                // sampled instants: now, and across the booked period
                for (int minutes = 0; minutes <= 12 * 60; minutes += 47) {
                    Instant t = now.plus(Duration.ofMinutes(minutes));
                    problems.addAll(recount(e.getKey(), k, open, inventories.get(e.getKey()), t));
                    checks[0]++;
                }
            }
        };
        Run run = new Simulation(p).run(10, Scenario.Booking.Mode.NEXT_DAY, Setting.STANDARD, Workload.generate(p, 10), observer, line -> { });
        assertThat(problems).isEmpty();
        assertThat(checks[0]).isGreaterThan(10_000);
        assertThat(activeSeen[0]).isGreaterThan(0);
        long reserved = run.outcomes().stream().filter(Outcome::reserved).count();
        assertThat(reserved).isGreaterThan(20).isLessThan(run.outcomes().size()); // contested: some failed
        // every reservation started and ended in virtual time: nothing is left open
        assertThat(run.ticks()).isGreaterThan(0);
    }

    /**
     * Usage at t recounted from the kernel's open reservations (independent of its calendar): no node in two
     * reservations, no site or link beyond capacity, and the calendar's usage equal to the recount.
     */
    private static List<String> recount(String rmId, ReservationKernel k, java.util.Collection<ReservationView> open,
                                        BackendInventory inv, Instant t) {
        List<String> out = new ArrayList<>();
        Map<String, Long> nodes = new HashMap<>();
        Map<String, Long> links = new HashMap<>();
        for (ReservationView v : open) {
            addUsage(v.spec() == null ? null : v.spec().window(), v.allocation(), t, nodes, links);
            addUsage(v.pendingSpec() == null ? null : v.pendingSpec().window(), v.pendingAllocation(), t, nodes, links);
        }
        nodes.forEach((node, n) -> {
            if (n > 1) {
                out.add(rmId + ": node " + node + " in " + n + " reservations at " + t);
            }
        });
        for (BackendInventory.ComputeSite s : inv.sites()) {
            long used = s.nodes().stream().mapToLong(n -> nodes.getOrDefault(n.name(), 0L)).sum();
            if (used > s.totalCores()) {
                out.add(rmId + ": site " + s.name() + " uses " + used + " of " + s.totalCores() + " cores at " + t);
            }
            for (BackendInventory.Node n : s.nodes()) {
                if (k.usageAt(n.name(), t) != nodes.getOrDefault(n.name(), 0L)) {
                    out.add(rmId + ": calendar of " + n.name() + " disagrees with the reservations at " + t);
                }
            }
        }
        for (BackendInventory.NetLink l : inv.links()) {
            long used = links.getOrDefault(l.id(), 0L);
            if (used > l.capacityMbps()) {
                out.add(rmId + ": link " + l.id() + " carries " + used + " of " + l.capacityMbps() + " Mbps at " + t);
            }
            if (k.usageAt(l.id(), t) != used) {
                out.add(rmId + ": calendar of " + l.id() + " disagrees with the reservations at " + t);
            }
        }
        return out;
    }

    private static void addUsage(org.doji.rm.model.TimeWindow w, org.doji.rm.model.Allocation a, Instant t,
                                 Map<String, Long> nodes, Map<String, Long> links) {
        if (w == null || a == null || !w.contains(t)) {
            return;
        }
        for (ComputeAllocation c : a.compute()) {
            c.nodes().forEach(n -> nodes.merge(n, 1L, Long::sum));
        }
        for (NetworkAllocation n : a.network()) {
            n.links().forEach(l -> links.merge(l, n.bandwidthMbps(), Long::sum));
        }
    }
}
