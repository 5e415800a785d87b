package org.doji.grc.simulation;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.model.CoPlan;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;

/**
 * The service level read as a quota (the sensitivity case): a user with level s may hold at most s × the capacity
 * of each site and path at any moment, whatever the others hold. The user is shown min(free, s × capacity − what
 * they already hold there at the busiest moment of the slot). The paper's reading (s × free) shrinks as the grid
 * fills; a quota does not, but it caps the user's own holdings. Users with level 1 see the RMs' answers unchanged.
 */
final class CapacityQuota implements AvailabilityView {

    private record Held(Instant start, Instant end, long amount) {
    }

    private final Map<String, Double> levels;
    private final Map<String, ResourceInventory> descriptions;
    /** user -> resource ("rm/site" or "rm/a|b", ends sorted) -> what the user holds there, by window. */
    private final Map<String, Map<String, List<Held>>> held = new HashMap<>();

    CapacityQuota(Map<String, Double> levels, Map<String, ResourceInventory> descriptions) {
        this.levels = Map.copyOf(levels);
        this.descriptions = Map.copyOf(descriptions);
    }

    @Override
    public List<SlotAvailability> answer(String rmId, ResourceManager rm, AvailabilityQuery query) {
        List<SlotAvailability> free = rm.availability(ReferenceGrid.GRC, new AvailabilityQuery(query.slots(), null, query.pathPolicy()));
        Double level = query.onBehalfOf() == null ? null : levels.get(query.onBehalfOf());
        if (level == null || level >= 1) {
            return free;
        }
        ResourceInventory d = descriptions.get(rmId);
        Map<String, List<Held>> mine = held.getOrDefault(query.onBehalfOf(), Map.of());
        List<SlotAvailability> out = new ArrayList<>(free.size());
        for (SlotAvailability a : free) {
            TimeWindow w = a.window();
            List<SlotAvailability.ComputeFree> compute = a.compute().stream().map(c -> new SlotAvailability.ComputeFree(c.site(),
                    (int) cap(c.freeCores(), level * total(d, c.site()), peak(mine.get(rmId + "/" + c.site()), w)),
                    c.unitPrice())).toList();
            List<SlotAvailability.PathFree> paths = a.paths().stream().map(p -> new SlotAvailability.PathFree(p.from(), p.to(),
                    cap(p.freeBandwidthMbps(), level * capacity(d, p.from(), p.to()), peak(mine.get(pathKey(rmId, p.from(), p.to())), w)),
                    p.unitPrice(), p.latencyMs())).toList();
            out.add(new SlotAvailability(a.index(), w, compute, paths, a.countables()));
        }
        return out;
    }

    @Override
    public void reserved(String user, CoPlan plan) {
        if (!levels.containsKey(user) || levels.get(user) >= 1) {
            return;
        }
        Map<String, List<Held>> mine = held.computeIfAbsent(user, u -> new HashMap<>());
        TimeWindow w = plan.window();
        for (CoPlan.PlacedSite s : plan.sites()) {
            mine.computeIfAbsent(s.rmId() + "/" + s.site(), k -> new ArrayList<>()).add(new Held(w.start(), w.end(), s.cores()));
        }
        for (CoPlan.RoutedLink l : plan.links()) {
            for (CoPlan.Hop h : l.hops()) {
                mine.computeIfAbsent(pathKey(h.rmId(), h.from(), h.to()), k -> new ArrayList<>())
                        .add(new Held(w.start(), w.end(), l.bandwidthMbps()));
            }
        }
    }

    private static long cap(long free, double quota, long heldPeak) {
        return Math.max(0, Math.min(free, (long) Math.floor(quota) - heldPeak));
    }

    /** The most the user holds at any moment of the window. */
    static long peak(List<Held> holdings, TimeWindow w) {
        if (holdings == null) {
            return 0;
        }
        long best = 0;
        for (Held at : holdings) {
            Instant t = at.start().isBefore(w.start()) ? w.start() : at.start();
            if (!t.isBefore(w.end()) || !at.end().isAfter(t)) {
                continue;
            }
            long sum = 0;
            for (Held h : holdings) {
                if (!h.start().isAfter(t) && h.end().isAfter(t)) {
                    sum += h.amount();
                }
            }
            best = Math.max(best, sum);
        }
        return best;
    }

    private static double total(ResourceInventory d, String site) {
        return d.sites().stream().filter(s -> s.name().equals(site)).mapToInt(ResourceInventory.Site::totalCores).sum();
    }

    private static double capacity(ResourceInventory d, String a, String b) {
        return d.paths().stream().filter(p -> p.from().equals(a) && p.to().equals(b) || p.from().equals(b) && p.to().equals(a))
                .mapToLong(ResourceInventory.Path::capacityMbps).max().orElse(0);
    }

    private static String pathKey(String rmId, String a, String b) {
        return rmId + "/" + (a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a);
    }
}
