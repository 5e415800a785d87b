package org.doji.rm.calendar;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.TimeWindow;

/** One amount of one resource over [from, to): the unit the calendar books. Nodes are booked with 1. */
public record Booking(String resourceId, Instant from, Instant to, long amount) {

    /** What an allocation books over its window. */
    public static List<Booking> of(TimeWindow w, Allocation a) {
        Map<String, Long> amounts = new HashMap<>();
        for (ComputeAllocation c : a.compute()) {
            for (String node : c.nodes()) {
                amounts.merge(node, 1L, Math::max);
            }
        }
        for (NetworkAllocation n : a.network()) {
            for (String link : n.links()) {
                amounts.merge(link, n.bandwidthMbps(), Long::sum);
            }
        }
        for (CountableDemand c : a.countables()) {
            amounts.merge(c.name(), c.amount(), Long::sum);
        }
        List<Booking> out = new ArrayList<>();
        amounts.forEach((id, amount) -> out.add(new Booking(id, w.start(), w.end(), amount)));
        return out;
    }

    /**
     * What must be booked IN ADDITION to {@code old} so that the calendar holds the union of the old and
     * the new reservation (two-phase modify): per resource, the new amount outside the old window and the
     * excess of the new amount over the old one where the windows intersect.
     */
    public static List<Booking> unionDelta(TimeWindow oldW, Allocation oldA, TimeWindow newW, Allocation newA) {
        Map<String, Long> oldAmounts = new HashMap<>();
        for (Booking b : of(oldW, oldA)) {
            oldAmounts.put(b.resourceId(), b.amount());
        }
        List<Booking> delta = new ArrayList<>();
        for (Booking b : of(newW, newA)) {
            long oldAmount = oldAmounts.getOrDefault(b.resourceId(), 0L);
            if (oldAmount == 0) {
                delta.add(b);
                continue;
            }
            Instant iStart = max(oldW.start(), newW.start());
            Instant iEnd = min(oldW.end(), newW.end());
            if (!iEnd.isAfter(iStart)) {
                delta.add(b);
                continue;
            }
            addIfPositive(delta, b.resourceId(), newW.start(), iStart, b.amount());
            addIfPositive(delta, b.resourceId(), iEnd, newW.end(), b.amount());
            addIfPositive(delta, b.resourceId(), iStart, iEnd, b.amount() - oldAmount);
        }
        return delta;
    }

    private static void addIfPositive(List<Booking> out, String id, Instant from, Instant to, long amount) {
        if (amount > 0 && to.isAfter(from)) {
            out.add(new Booking(id, from, to, amount));
        }
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
