package org.doji.grc.simulation;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ReservationView;

/**
 * A scenario's link failure schedule played on the grid: at each change the network RMs' simulated backends report
 * the links down at that moment, and the kernels' next tick acts on it (re-routes what it can, fails what it cannot:
 * the RM's own behaviour). Tracks which request each network reservation belongs to, so that a co-allocation that
 * loses a part to a failure is counted as lost.
 */
final class LinkFailures {

    private final List<Scenario.LinkFailure> failures;
    private final ReferenceGrid grid;
    /** network reservation key -> request id. */
    private final Map<String, Integer> owner = new HashMap<>();
    private final Set<Integer> lost = new HashSet<>();

    LinkFailures(List<Scenario.LinkFailure> failures, ReferenceGrid grid) {
        this.failures = List.copyOf(failures);
        this.grid = grid;
    }

    boolean active() {
        return !failures.isEmpty();
    }

    /** The instants a link goes down or comes back. */
    Set<Instant> changes() {
        Set<Instant> out = new TreeSet<>();
        for (Scenario.LinkFailure f : failures) {
            out.add(at(f.downAtHour()));
            out.add(at(f.upAtHour()));
        }
        return out;
    }

    /** The open network reservations' keys (before a request is submitted). */
    Set<String> openKeys() {
        Set<String> keys = new HashSet<>();
        grid.networkKernels().values().forEach(k -> k.openReservations().forEach(v -> keys.add(v.key())));
        return keys;
    }

    /** A request was reserved: the network reservations opened since {@code before} are its. */
    void reserved(int requestId, Set<String> before) {
        if (active()) {
            openKeys().stream().filter(k -> !before.contains(k)).forEach(k -> owner.put(k, requestId));
        }
    }

    /** Sets the links down at {@code t}, runs {@code tick}, and records the reservations a failure ended early. */
    void apply(Instant t, Runnable tick) {
        if (!active()) {
            tick.run();
            return;
        }
        Map<String, Set<String>> down = new HashMap<>();
        for (Scenario.LinkFailure f : failures) {
            if (!at(f.downAtHour()).isAfter(t) && at(f.upAtHour()).isAfter(t)) {
                down.computeIfAbsent(grid.networkRmOf(f.link()), id -> new HashSet<>()).add(f.link());
            }
        }
        grid.networkBackends().forEach((id, backend) -> backend.setDownLinks(down.getOrDefault(id, Set.of())));
        Map<String, Instant> endBefore = new HashMap<>();
        for (ReservationKernel k : grid.networkKernels().values()) {
            for (ReservationView v : k.openReservations()) {
                endBefore.put(v.key(), v.spec().window().end());
            }
        }
        tick.run();
        Set<String> still = openKeys();
        endBefore.forEach((key, end) -> {
            if (!still.contains(key) && end.isAfter(t) && owner.containsKey(key)) {
                lost.add(owner.get(key));
            }
        });
    }

    Set<Integer> lostRequests() {
        return Set.copyOf(lost);
    }

    private static Instant at(double hour) {
        return Workload.T0.plus(Duration.ofSeconds(Math.round(hour * 3600)));
    }
}
