package org.doji.grc.planning;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.model.CoPlan;
import org.doji.rm.model.SlotAvailability;

/**
 * Adjusts the RMs' answers by plans they do not know about yet.
 *
 * <p>For planning a modification: the RMs report what is free without the co-allocation's own reservation,
 * yet an RM modifies a reservation as if the old part were gone (DESIGN §4). So the old plan's cores and
 * bandwidth (and countables) are added back to every slot that overlaps the old window. Where the old window covers only
 * part of a slot this may overstate what is free; the RM's prepare is the final check, and a refused plan
 * leads to the next ranked one.
 *
 * <p>For planning a batch of requests on one set of answers: what the earlier requests' chosen plans are
 * about to take is taken away from every slot their windows overlap (never below zero), so requests racing
 * for the same resources choose apart instead of all choosing the same cheapest ones.
 */
public final class AvailabilityCredit {

    private AvailabilityCredit() {
    }

    public static Map<String, List<SlotAvailability>> addBack(Map<String, List<SlotAvailability>> answers, CoPlan old) {
        return adjust(answers, List.of(old), 1);
    }

    static Map<String, List<SlotAvailability>> takeAway(Map<String, List<SlotAvailability>> answers, List<CoPlan> taken) {
        return adjust(answers, taken, -1);
    }

    private static Map<String, List<SlotAvailability>> adjust(Map<String, List<SlotAvailability>> answers,
                                                              List<CoPlan> plans, int sign) {
        Map<String, List<SlotAvailability>> out = new LinkedHashMap<>();
        answers.forEach((rmId, slots) -> {
            List<SlotAvailability> adjusted = new ArrayList<>();
            for (SlotAvailability s : slots) {
                SlotAvailability a = s;
                for (CoPlan plan : plans) {
                    if (overlaps(a, plan)) {
                        a = credit(rmId, a, plan, sign);
                    }
                }
                adjusted.add(a);
            }
            out.put(rmId, adjusted);
        });
        return out;
    }

    private static boolean overlaps(SlotAvailability s, CoPlan old) {
        return s.window().start().isBefore(old.window().end()) && old.window().start().isBefore(s.window().end());
    }

    private static SlotAvailability credit(String rmId, SlotAvailability s, CoPlan old, int sign) {
        List<SlotAvailability.ComputeFree> compute = new ArrayList<>();
        for (SlotAvailability.ComputeFree c : s.compute()) {
            int held = old.sites().stream().filter(p -> p.rmId().equals(rmId) && p.site().equals(c.site()))
                    .mapToInt(CoPlan.PlacedSite::cores).sum();
            compute.add(held == 0 ? c : new SlotAvailability.ComputeFree(c.site(),
                    Math.max(0, c.freeCores() + sign * held), c.unitPrice()));
        }
        List<SlotAvailability.PathFree> paths = new ArrayList<>();
        for (SlotAvailability.PathFree p : s.paths()) {
            long held = 0;
            for (CoPlan.RoutedLink l : old.links()) {
                for (CoPlan.Hop h : l.hops()) {
                    if (h.rmId().equals(rmId) && samePath(h, p)) {
                        held += l.bandwidthMbps();
                    }
                }
            }
            paths.add(held == 0 ? p : new SlotAvailability.PathFree(p.from(), p.to(),
                    Math.max(0, p.freeBandwidthMbps() + sign * held),
                    p.unitPrice(), p.latencyMs()));
        }
        List<SlotAvailability.CountableFree> countables = new ArrayList<>();
        for (SlotAvailability.CountableFree c : s.countables()) {
            long held = old.countables().stream().filter(k -> k.rmId().equals(rmId) && k.name().equals(c.name()))
                    .mapToLong(CoPlan.PlacedCountable::amount).sum();
            countables.add(held == 0 ? c : new SlotAvailability.CountableFree(c.name(),
                    Math.max(0, c.free() + sign * held), c.unitPrice()));
        }
        return new SlotAvailability(s.index(), s.window(), compute, paths, countables);
    }

    private static boolean samePath(CoPlan.Hop h, SlotAvailability.PathFree p) {
        return (h.from().equals(p.from()) && h.to().equals(p.to())) || (h.from().equals(p.to()) && h.to().equals(p.from()));
    }
}
