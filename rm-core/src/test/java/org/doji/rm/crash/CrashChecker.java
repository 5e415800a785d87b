package org.doji.rm.crash;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;

/**
 * Holds a restarted RM to everything it acknowledged in a crash run, reading its real state over its port once
 * every hold has expired: each reservation is what its last acknowledged answer implies (a commit committed, a
 * prepared change expired with the old reservation kept), a call sent again with the same correlation id gets
 * the same answer, no node is booked twice at any instant, and the RM's availability is what its reservations
 * leave free (the calendar rebuilt at restart is exactly its records).
 */
public final class CrashChecker {

    private static final Caller CALLER = Caller.ANONYMOUS;

    private final ResourceManager rm;
    private final CrashWorkload run;

    public CrashChecker(ResourceManager rm, CrashWorkload run) {
        this.rm = rm;
        this.run = run;
    }

    /** Waits until no reservation of the run holds a change (each hold expires after the hold timeout). */
    public Map<String, ReservationView> awaitHoldsExpired(Duration atMost) {
        Map<String, ReservationView> actual = new HashMap<>();
        await("every hold decided or expired").atMost(atMost).pollInterval(Duration.ofMillis(500)).until(() -> {
            actual.clear();
            for (String key : run.lastAnswers().keySet()) {
                ReservationView v = CrashWorkload.untilAnswered(Duration.ofSeconds(30), () -> rm.get(CALLER, key), () -> { });
                if (v != null) { // an unknown key is a violation the checker reports
                    actual.put(key, v);
                }
            }
            return actual.values().stream().allMatch(v -> v.pendingChange() == PendingChange.None);
        });
        return actual;
    }

    /** Every breach of what the RM acknowledged; empty when the RM kept its word. */
    public List<String> violations(Map<String, ReservationView> actual) {
        List<String> out = new ArrayList<>();
        run.lastAnswers().forEach((key, last) -> acknowledged(key, last, actual.get(key), out));
        sameAnswerToEveryRetry(out);
        noNodeBookedTwice(actual, out);
        availabilityMatchesReservations(actual, out);
        return out;
    }

    /** The reservation is what its last acknowledged answer implies once every hold has expired. */
    private static void acknowledged(String key, ReservationView last, ReservationView now, List<String> out) {
        if (now == null) {
            out.add(key + ": acknowledged, now unknown to the RM");
            return;
        }
        LifecycleState expected = switch (last.pendingChange()) {
            case Reserve -> LifecycleState.Terminated; // held, then expired or aborted
            case Modify, Cancel -> LifecycleState.Created; // the prepared change expired: the old reservation stays
            case None -> last.lifecycleState();
        };
        boolean keepsBooking = last.pendingChange() != PendingChange.Reserve && !expected.isFinal();
        if (now.lifecycleState() != expected || now.pendingChange() != PendingChange.None) {
            out.add(key + ": last acknowledged " + describe(last) + ", expected " + expected + " but is " + describe(now));
        } else if (keepsBooking && (!Objects.equals(now.spec(), last.spec())
                || !Objects.equals(now.allocation(), last.allocation()))) {
            out.add(key + ": acknowledged booking " + last.spec().window() + " " + last.allocation().compute()
                    + " but holds " + now.spec().window() + " " + now.allocation().compute());
        }
    }

    private void sameAnswerToEveryRetry(List<String> out) {
        for (CrashWorkload.Call c : run.acknowledged()) {
            ReservationView again = CrashWorkload.untilAnswered(Duration.ofSeconds(30), () -> switch (c.op()) {
                case "reserve" -> rm.reserve(CALLER, c.correlationId(), c.spec(), null);
                case "commit" -> rm.commit(CALLER, c.key(), c.correlationId());
                case "abort" -> rm.abort(CALLER, c.key(), c.correlationId());
                case "modify" -> rm.modify(CALLER, c.key(), c.correlationId(), c.spec());
                case "cancel" -> rm.cancel(CALLER, c.key(), c.correlationId());
                default -> throw new IllegalArgumentException(c.op());
            }, () -> { });
            if (!c.answer().equals(again)) {
                out.add(c.op() + " " + c.correlationId() + " on " + c.key() + ": answered " + describe(c.answer())
                        + " v" + c.answer().version() + ", the same call again " + (again == null ? "refused"
                        : describe(again) + " v" + again.version()));
            }
        }
    }

    /** Whole-node demands: two live reservations that overlap in time never share a node. */
    private static void noNodeBookedTwice(Map<String, ReservationView> actual, List<String> out) {
        List<ReservationView> live = live(actual);
        for (int i = 0; i < live.size(); i++) {
            for (int j = i + 1; j < live.size(); j++) {
                ReservationView a = live.get(i);
                ReservationView b = live.get(j);
                if (overlap(a.spec().window(), b.spec().window())) {
                    Set<String> shared = new TreeSet<>(nodes(a));
                    shared.retainAll(nodes(b));
                    if (!shared.isEmpty()) {
                        out.add("oversubscribed: " + a.key() + " and " + b.key() + " both hold " + shared);
                    }
                }
            }
        }
    }

    /** What the RM offers in each window is exactly the nodes its live reservations leave free there. */
    private void availabilityMatchesReservations(Map<String, ReservationView> actual, List<String> out) {
        List<ReservationView> live = live(actual);
        CrashTarget t = run.target();
        List<SlotAvailability> offered = rm.availability(CALLER, new AvailabilityQuery(run.windows(), null));
        for (SlotAvailability slot : offered) {
            Set<String> busy = new TreeSet<>();
            live.stream().filter(r -> overlap(r.spec().window(), slot.window())).forEach(r -> busy.addAll(nodes(r)));
            int expected = (t.nodes() - busy.size()) * t.coresPerNode();
            int free = slot.compute().stream().filter(c -> c.site().equals(t.site())).mapToInt(SlotAvailability.ComputeFree::freeCores).sum();
            if (free != expected) {
                out.add("window " + slot.window() + ": the RM offers " + free + " cores, its reservations leave " + expected);
            }
        }
    }

    private static List<ReservationView> live(Map<String, ReservationView> actual) {
        return actual.values().stream().filter(v -> !v.lifecycleState().isFinal() && v.allocation() != null).toList();
    }

    private static Set<String> nodes(ReservationView v) {
        Set<String> n = new TreeSet<>();
        v.allocation().compute().forEach(c -> n.addAll(c.nodes()));
        return n;
    }

    private static boolean overlap(TimeWindow a, TimeWindow b) {
        return a.start().isBefore(b.end()) && b.start().isBefore(a.end());
    }

    private static String describe(ReservationView v) {
        return v.reservationState() + "/" + v.lifecycleState() + "/" + v.pendingChange();
    }
}
