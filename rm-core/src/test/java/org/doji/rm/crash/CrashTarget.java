package org.doji.rm.crash;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;

/**
 * The compute RM a crash run drives: one site of {@code nodes} nodes with {@code coresPerNode} cores each.
 * Demands are whole nodes, so two live reservations that overlap in time must have disjoint nodes.
 */
public record CrashTarget(String site, int nodes, int coresPerNode, String user) {

    public ReservationSpec spec(TimeWindow window, int wholeNodes) {
        return new ReservationSpec(window, List.of(new ComputeDemand(site, wholeNodes * coresPerNode, List.of())),
                List.of(), List.of(), List.of(user), "crash-run");
    }

    public int capacity() {
        return nodes * coresPerNode;
    }

    /** {@code count} windows of two hours, one hour apart (each overlaps its neighbours), a month ahead. */
    public static List<TimeWindow> overlappingWindows(int count) {
        Instant base = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(30, ChronoUnit.DAYS);
        List<TimeWindow> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Instant start = base.plus(i, ChronoUnit.HOURS);
            out.add(new TimeWindow(start, start.plus(2, ChronoUnit.HOURS)));
        }
        return out;
    }
}
