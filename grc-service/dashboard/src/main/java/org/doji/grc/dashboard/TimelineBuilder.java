package org.doji.grc.dashboard;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.dashboard.DashboardViews.Bar;
import org.doji.grc.dashboard.DashboardViews.TimelineRow;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoPlan;
import org.doji.rm.model.ResourceInventory;

/**
 * The Gantt chart's rows: every compute site and every network path the RMs describe (in registry order,
 * sites first), each with the planned co-allocations that use it. Overlapping bars of one row are stacked
 * in lanes (first free lane, by start time), so a site shared by several reservations shows each of them.
 */
final class TimelineBuilder {

    private final Map<String, Row> sites = new LinkedHashMap<>();
    private final Map<String, Row> paths = new LinkedHashMap<>();

    private static final class Row {
        final String kind;
        final String id;
        final String label;
        final String rmId;
        final Map<String, long[]> amountByKey = new LinkedHashMap<>();
        final Map<String, CoAllocation> coByKey = new LinkedHashMap<>();

        Row(String kind, String id, String label, String rmId) {
            this.kind = kind;
            this.id = id;
            this.label = label;
            this.rmId = rmId;
        }

        void add(CoAllocation c, long amount) {
            amountByKey.computeIfAbsent(c.key(), k -> new long[1])[0] += amount;
            coByKey.put(c.key(), c);
        }
    }

    TimelineBuilder(List<ResourceInventory> inventories) {
        for (ResourceInventory inv : inventories) {
            inv.sites().forEach(s -> site(s.name(), inv.rmId()));
            inv.paths().forEach(p -> path(inv.rmId(), p.from(), p.to()));
        }
    }

    static String pathId(String rmId, String a, String b) {
        // both directions of a path are one resource (DESIGN §3): the id orders the ends
        return a.compareTo(b) <= 0 ? "path:" + rmId + ":" + a + "|" + b : "path:" + rmId + ":" + b + "|" + a;
    }

    private Row site(String name, String rmId) {
        return sites.computeIfAbsent("site:" + name, id -> new Row("site", id, name, rmId));
    }

    private Row path(String rmId, String from, String to) {
        return paths.computeIfAbsent(pathId(rmId, from, to), id -> new Row("path", id, from + " – " + to, rmId));
    }

    /** Adds a co-allocation's planned sites and network hops; unplanned ones are ignored. */
    TimelineBuilder add(CoAllocation c) {
        CoPlan plan = c.plan();
        if (plan == null) {
            return this;
        }
        plan.sites().forEach(s -> site(s.site(), s.rmId()).add(c, s.cores()));
        for (CoPlan.RoutedLink l : plan.links()) {
            l.hops().forEach(h -> path(h.rmId(), h.from(), h.to()).add(c, l.bandwidthMbps()));
        }
        return this;
    }

    /** The earliest start of any bar, or null without bars. */
    Instant earliestStart() {
        return all().flatMap(r -> r.coByKey.values().stream()).map(c -> c.plan().window().start())
                .min(Comparator.naturalOrder()).orElse(null);
    }

    /** The latest end of any bar, or null without bars. */
    Instant latestEnd() {
        return all().flatMap(r -> r.coByKey.values().stream()).map(c -> c.plan().window().end())
                .max(Comparator.naturalOrder()).orElse(null);
    }

    private java.util.stream.Stream<Row> all() {
        return java.util.stream.Stream.concat(sites.values().stream(), paths.values().stream());
    }

    /** The rows with the bars that overlap [from, to). */
    List<TimelineRow> rows(Instant from, Instant to) {
        return all().map(r -> row(r, from, to)).toList();
    }

    private static TimelineRow row(Row r, Instant from, Instant to) {
        List<CoAllocation> cos = r.coByKey.values().stream()
                .filter(c -> c.plan().window().start().isBefore(to) && c.plan().window().end().isAfter(from))
                .sorted(Comparator.comparing((CoAllocation c) -> c.plan().window().start()).thenComparing(CoAllocation::key))
                .toList();
        List<Instant> laneEnds = new ArrayList<>();
        List<Bar> bars = new ArrayList<>();
        for (CoAllocation c : cos) {
            Instant start = c.plan().window().start();
            int lane = 0;
            while (lane < laneEnds.size() && laneEnds.get(lane).isAfter(start)) {
                lane++;
            }
            if (lane == laneEnds.size()) {
                laneEnds.add(null);
            }
            laneEnds.set(lane, c.plan().window().end());
            bars.add(new Bar(c.key(), c.state().name(), start, c.plan().window().end(), r.amountByKey.get(c.key())[0], lane));
        }
        return new TimelineRow(r.kind, r.id, r.label, r.rmId, Math.max(1, laneEnds.size()), bars);
    }
}
