package org.doji.it.faults;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.PlannedPath;
import org.doji.contract.types.PlannedSite;
import org.doji.contract.types.RmOutcome;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationView;

/**
 * The all-or-nothing check of one co-allocation against what every RM really holds, made once everything
 * has settled and the hold timeout has passed: a Reserved or Active co-allocation has, at every RM of its
 * outcome, exactly the one reservation the GRC recorded, committed, with nothing pending, over the plan's
 * window and with the plan's sites and paths of that RM; no other RM holds anything of it. A Cancelled,
 * Failed or Completed one has nothing live anywhere. Any other state is a violation (not settled).
 */
public final class AllOrNothing {

    private AllOrNothing() {
    }

    /** Live at the RM: not ended, and committed or (still) held. */
    public static boolean live(ReservationView v) {
        return !v.lifecycleState().isFinal() && (v.spec() != null || v.pendingChange() == PendingChange.Reserve);
    }

    /**
     * @param byRm every RM's reservations (all of them, any co-allocation), read from the RM itself
     * @return one line per violation, empty when the co-allocation and the RMs agree
     */
    public static List<String> violations(CoAllocationDocument doc, Map<String, ? extends Collection<ReservationView>> byRm) {
        String key = doc.getKey();
        List<String> out = new ArrayList<>();
        Map<String, List<ReservationView>> parts = new TreeMap<>();
        byRm.forEach((rm, views) -> views.stream().filter(v -> key.equals(Invariants.globalId(v)) && live(v))
                .forEach(v -> parts.computeIfAbsent(rm, k -> new ArrayList<>()).add(v)));
        CoAllocationState state = doc.getState();
        if (state == CoAllocationState.CANCELLED || state == CoAllocationState.FAILED || state == CoAllocationState.COMPLETED) {
            parts.forEach((rm, views) -> views.forEach(v -> out.add(key + " is " + state + " but " + rm + " still has "
                    + v.key() + " (" + v.reservationState() + "/" + v.lifecycleState() + ")")));
            return out;
        }
        if (state != CoAllocationState.RESERVED && state != CoAllocationState.ACTIVE) {
            out.add(key + " has not settled: " + state);
            return out;
        }
        if (doc.getRm().isEmpty()) {
            out.add(key + " is " + state + " without participants");
        }
        for (RmOutcome o : doc.getRm()) {
            List<ReservationView> at = parts.getOrDefault(o.getRmId(), List.of());
            if (at.size() != 1 || !at.get(0).key().equals(o.getReservationKey())) {
                out.add(key + " at " + o.getRmId() + ": the GRC recorded " + o.getReservationKey() + ", the RM has "
                        + at.stream().map(ReservationView::key).toList());
                continue;
            }
            ReservationView v = at.get(0);
            if (v.pendingChange() != PendingChange.None || v.spec() == null) {
                out.add(key + " at " + o.getRmId() + ": " + v.key() + " is not committed (" + v.reservationState() + ", "
                        + v.pendingChange() + " pending)");
                continue;
            }
            Instant start = doc.getPlan().getWindow().getStart();
            Instant end = doc.getPlan().getWindow().getEnd();
            if (!v.spec().window().start().equals(start) || !v.spec().window().end().equals(end)) {
                out.add(key + " at " + o.getRmId() + ": the plan's window is " + start + ".." + end + ", the RM holds "
                        + v.spec().window());
            }
            List<String> planned = doc.getPlan().getSite().stream().filter(s -> o.getRmId().equals(s.getRmId()))
                    .map(AllOrNothing::site).sorted().toList();
            List<String> held = v.spec().compute().stream().map(AllOrNothing::site).sorted().toList();
            List<String> plannedPaths = doc.getPlan().getPath().stream().filter(p -> o.getRmId().equals(p.getRmId()))
                    .map(AllOrNothing::path).sorted().toList();
            List<String> heldPaths = v.spec().network().stream().map(AllOrNothing::path).sorted().toList();
            if (!planned.equals(held) || !plannedPaths.equals(heldPaths)) {
                out.add(key + " at " + o.getRmId() + ": planned " + planned + plannedPaths + ", the RM holds " + held + heldPaths);
            }
        }
        parts.keySet().stream().filter(rm -> doc.getRm().stream().noneMatch(o -> o.getRmId().equals(rm)))
                .forEach(rm -> out.add(key + " is " + state + " but " + rm + ", not one of its RMs, still has "
                        + parts.get(rm).stream().map(ReservationView::key).toList() + " (an orphan)"));
        return out;
    }

    private static String site(PlannedSite s) {
        return s.getSite() + ":" + s.getCores();
    }

    private static String site(ComputeDemand d) {
        return d.site() + ":" + d.cores();
    }

    private static String path(PlannedPath p) {
        return p.getFrom() + "-" + p.getTo() + "@" + p.getBandwidthMbps();
    }

    private static String path(NetworkDemand d) {
        return d.from() + "-" + d.to() + "@" + d.bandwidthMbps();
    }

    /** Every RM's reservations as its kernel holds them (the RMs of a fleet in this JVM). */
    public static Map<String, List<ReservationView>> readAll(RmFleet fleet) {
        Map<String, List<ReservationView>> out = new TreeMap<>();
        fleet.ids().forEach(id -> out.put(id, List.copyOf(fleet.kernel(id).openReservations())));
        return out;
    }
}
