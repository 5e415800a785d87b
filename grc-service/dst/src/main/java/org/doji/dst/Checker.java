package org.doji.dst;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoRequest;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.rm.spi.BackendInventory;

/**
 * The invariants of a run, checked on every participant's stored rows once everything settled: (a) all or
 * nothing — a Reserved or Active co-allocation has each of its parts committed where it says (through a child
 * GRC's reservation down to the child's RMs), a Cancelled or Failed one has nothing live anywhere; (b) no orphan
 * — nothing committed or held at any RM or GRC port that no Reserved or Active co-allocation lists, nothing held
 * at all; (c) no oversubscription — recomputed here from the rows and the inventories, per node, link and pool,
 * at every instant; (d) nothing acknowledged is lost — every acknowledged create exists, the last acknowledged
 * cancel ended Cancelled, the last acknowledged modification is the co-allocation's request (or it failed when a
 * part was lost and everything was released).
 */
final class Checker {

    /** One broken promise: which invariant, of which co-allocation (if one), and the reservation keys involved. */
    record Violation(String invariant, String coAllocation, String detail, Set<String> keys) {
        @Override
        public String toString() {
            return "(" + invariant + ") " + (coAllocation == null ? "" : coAllocation + ": ") + detail;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final List<Violation> violations = new ArrayList<>();
    /** Every stored reservation by holder (RM or child GRC) and key. */
    private final Map<String, Map<String, StoredRows.Part>> parts = new LinkedHashMap<>();

    /**
     * @param leaves   each RM's reservations
     * @param children each child GRC's RM-port reservations (empty for a flat grid)
     * @param top      the co-allocations of the GRC the users talk to
     */
    List<Violation> check(Map<String, List<StoredRows.Part>> leaves, Map<String, BackendInventory> inventories,
                          Map<String, List<StoredRows.Part>> children, List<CoAllocationRecord> top,
                          List<Workload.Ack> acks) {
        leaves.forEach((rm, rows) -> rows.forEach(p -> parts.computeIfAbsent(rm, k -> new LinkedHashMap<>()).put(p.key(), p)));
        children.forEach((g, rows) -> rows.forEach(p -> parts.computeIfAbsent(g, k -> new LinkedHashMap<>()).put(p.key(), p)));
        Set<String> listed = new LinkedHashSet<>();
        Map<String, CoAllocationRecord> byKey = new LinkedHashMap<>();
        for (CoAllocationRecord c : top) {
            byKey.put(c.getKey(), c);
            allOrNothing(c, listed);
        }
        orphans(listed, byKey);
        leaves.forEach((rm, rows) -> capacity(rm, rows, inventories.get(rm)));
        acknowledged(acks, byKey);
        return violations;
    }

    private void fail(String invariant, String co, String detail, String... keys) {
        violations.add(new Violation(invariant, co, detail, new LinkedHashSet<>(List.of(keys))));
    }

    private void allOrNothing(CoAllocationRecord c, Set<String> listed) {
        CoAllocationState s = c.getState();
        if (!s.isSettled()) {
            fail("e never settled", c.getKey(), "still " + s);
            return;
        }
        if (s == CoAllocationState.Reserved || s == CoAllocationState.Active) {
            for (String[] o : StoredRows.outcomes(c.getOutcomesJson())) {
                committedDown(c.getKey(), o[0], o[1], listed);
            }
        } else if (s == CoAllocationState.Cancelled || s == CoAllocationState.Failed) {
            parts.values().forEach(rows -> rows.values().stream()
                    .filter(p -> c.getKey().equals(p.globalId()) && p.live())
                    .forEach(p -> fail("a all-or-nothing", c.getKey(), s + " but " + p.describe() + " still holds it",
                            p.key())));
        }
    }

    /** The part {@code key} at {@code holder} is committed, and so is everything a child GRC holds for it. */
    private void committedDown(String co, String holder, String key, Set<String> listed) {
        listed.add(holder + "/" + key);
        StoredRows.Part p = parts.getOrDefault(holder, Map.of()).get(key);
        if (p != null && p.lifecycle() == org.doji.rm.model.LifecycleState.PassedEndTime) {
            return; // its window passed at the RM; the GRC moves the co-allocation to Completed at its next tick
        }
        if (p == null || !p.settledCommitted()) {
            fail("a all-or-nothing", co, "Reserved but its part at " + holder + " is "
                    + (p == null ? "missing (" + key + ")" : p.describe()), key);
            return;
        }
        for (String[] q : p.parts()) {
            committedDown(co, q[0], q[1], listed);
        }
    }

    private void orphans(Set<String> listed, Map<String, CoAllocationRecord> byKey) {
        parts.forEach((holder, rows) -> rows.values().forEach(p -> {
            if (p.held() && p.live()) {
                fail("b orphan", p.globalId(), "a " + p.pending() + " is still held: " + p.describe(), p.key());
            } else if (p.live() && !listed.contains(holder + "/" + p.key())) {
                CoAllocationRecord c = p.globalId() == null ? null : byKey.get(p.globalId());
                fail("b orphan", p.globalId(), p.describe() + " is committed, and no live co-allocation lists it"
                        + (c == null ? " (its co-allocation is unknown)" : " (it is " + c.getState() + ")"), p.key());
            }
        }));
    }

    /** Every node, link and pool of {@code rm}, at every instant, holds no more than its capacity. */
    private void capacity(String rm, List<StoredRows.Part> rows, BackendInventory inventory) {
        Map<String, Long> capacity = new HashMap<>();
        inventory.sites().forEach(s -> s.nodes().forEach(n -> capacity.put(n.name(), 1L)));
        inventory.links().forEach(l -> capacity.put(l.id(), l.capacityMbps()));
        inventory.countables().forEach(c -> capacity.put(c.name(), c.total()));
        Map<String, TreeMap<Instant, Long>> steps = new HashMap<>();
        Map<String, List<String>> users = new HashMap<>();
        for (StoredRows.Part p : rows) {
            if (p.committed()) {
                book(steps, users, p.key(), p.start(), p.end(), p.amounts());
            }
            if (p.held() && p.pendingStart() != null) {
                book(steps, users, p.key() + " (held)", p.pendingStart(), p.pendingEnd(), p.pendingAmounts());
            }
        }
        steps.forEach((resource, changes) -> {
            long cap = capacity.getOrDefault(resource, 0L);
            long used = 0;
            for (Map.Entry<Instant, Long> e : changes.entrySet()) {
                used += e.getValue();
                if (used > cap) {
                    Instant at = e.getKey();
                    List<String> there = users.get(resource).stream().filter(u -> covers(u, at)).toList();
                    fail("c oversubscribed", null, rm + ": " + resource + " holds " + used + " of " + cap + " at " + at
                            + ": " + there, there.stream().map(u -> u.substring(0, u.indexOf(' '))).toArray(String[]::new));
                    return;
                }
            }
        });
    }

    private static void book(Map<String, TreeMap<Instant, Long>> steps, Map<String, List<String>> users, String key,
                             Instant from, Instant to, Map<String, Long> amounts) {
        amounts.forEach((resource, amount) -> {
            TreeMap<Instant, Long> s = steps.computeIfAbsent(resource, k -> new TreeMap<>());
            s.merge(from, amount, Long::sum);
            s.merge(to, -amount, Long::sum);
            users.computeIfAbsent(resource, k -> new ArrayList<>()).add(key + " " + amount + " " + from + ".." + to);
        });
    }

    /** Whether a booking described as "key amount from..to" covers {@code at}. */
    private static boolean covers(String booking, Instant at) {
        String[] window = booking.substring(booking.lastIndexOf(' ') + 1).split("\\.\\.");
        return !at.isBefore(Instant.parse(window[0])) && at.isBefore(Instant.parse(window[1]));
    }

    private void acknowledged(List<Workload.Ack> acks, Map<String, CoAllocationRecord> byKey) {
        Map<String, Workload.Ack> last = new LinkedHashMap<>();
        for (Workload.Ack a : acks) {
            if (!byKey.containsKey(a.key())) {
                fail("d acknowledged-lost", a.key(), a.operation() + " was acknowledged; the GRC does not know it");
            } else if (!a.operation().equals("create")) {
                last.put(a.key(), a);
            }
        }
        last.forEach((key, a) -> {
            CoAllocationRecord c = byKey.get(key);
            if (a.operation().equals("cancel")) {
                if (c.getState() != CoAllocationState.Cancelled) {
                    fail("d acknowledged-lost", key, "its cancel was acknowledged; it ended " + c.getState() + " "
                            + c.getReason());
                }
                return;
            }
            boolean lostPart = c.getState() == CoAllocationState.Failed && c.getReason() != null
                    && c.getReason().contains("releas");
            if (!lostPart && !a.request().equals(request(c.getRequestJson()))) {
                fail("d acknowledged-lost", key, "its modification was acknowledged; it is " + c.getState()
                        + " with another request (" + c.getReason() + ")");
            }
        });
    }

    private static CoRequest request(String json) {
        try {
            return JSON.readValue(json, CoRequest.class);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("unreadable stored request: " + json, e);
        }
    }
}
