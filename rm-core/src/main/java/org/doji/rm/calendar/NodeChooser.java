package org.doji.rm.calendar;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.BackendInventory;

/**
 * PluS node choice: use nodes as contiguously as possible. Among the nodes free over the window, first
 * take over the nodes of the reservations that ended latest (closest before the start), then the
 * lowest-numbered nodes never used before. Lowest-number-first alone fragments the cluster so that
 * feasible reservations later become impossible.
 */
public final class NodeChooser {

    /** PLUS: nodes freed latest before the start first, then unused lowest-numbered; the other is the naive baseline. */
    public enum Order { PLUS, LOWEST_NUMBER_FIRST }

    private final ReservationCalendar calendar;
    private final Order order;

    public NodeChooser(ReservationCalendar calendar) {
        this(calendar, Order.PLUS);
    }

    public NodeChooser(ReservationCalendar calendar, Order order) {
        this.calendar = calendar;
        this.order = order;
    }

    /** Nodes giving at least {@code cores} cores, or an empty list if the site cannot. */
    public List<BackendInventory.Node> choose(String site, int cores, TimeWindow w, Set<String> down) {
        List<BackendInventory.Node> free = calendar.freeNodes(site, w, down);
        record Candidate(BackendInventory.Node node, Instant previousEnd, int order) {
        }
        List<Candidate> candidates = new ArrayList<>();
        for (int i = 0; i < free.size(); i++) {
            BackendInventory.Node n = free.get(i);
            candidates.add(new Candidate(n, calendar.previousEnd(n.name(), w.start()), i));
        }
        if (order == Order.PLUS) {
            candidates.sort(Comparator
                .comparing((Candidate c) -> c.previousEnd() == null)
                .thenComparing(Candidate::previousEnd, Comparator.nullsLast(Comparator.reverseOrder()))
                    .thenComparingInt(Candidate::order));
        }
        List<BackendInventory.Node> chosen = new ArrayList<>();
        int got = 0;
        for (Candidate c : candidates) {
            if (got >= cores) {
                break;
            }
            chosen.add(c.node());
            got += c.node().cores();
        }
        return got >= cores ? chosen : List.of();
    }
}
