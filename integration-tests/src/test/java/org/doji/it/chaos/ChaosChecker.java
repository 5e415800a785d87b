package org.doji.it.chaos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.LinkRequest;
import org.doji.it.faults.AllOrNothing;
import org.doji.it.faults.GrcClient;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationView;

/**
 * The invariants of a chaos run, checked once everything settled and the hold timeout passed, on the real state
 * of every participant (each RM's database as its kernel reads it, every co-allocation at the GRC):
 * (a) all or nothing — a settled co-allocation has exactly its parts at every RM when Reserved or Active, none
 * otherwise; (b) no orphan — nothing held or committed at an RM without a live co-allocation listing it;
 * (c) no RM oversubscribed; (d) nothing acknowledged lost — every acknowledged create exists, an acknowledged
 * cancel ended Cancelled, an acknowledged modification is the co-allocation's request (or every part was
 * released and it Failed).
 */
final class ChaosChecker {

    private final Map<String, List<String>> violations = new LinkedHashMap<>();

    ChaosChecker() {
        for (String invariant : List.of("a all-or-nothing", "b orphan", "c oversubscribed", "d acknowledged-lost")) {
            violations.put(invariant, new ArrayList<>());
        }
    }

    Map<String, List<String>> check(Map<String, CoAllocationDocument> docs, Map<String, ChaosGrid.RmState> rms,
                                    List<ChaosWorkload.Ack> acks) {
        Map<String, List<ReservationView>> byRm = new TreeMap<>();
        rms.forEach((id, s) -> byRm.put(id, s.open()));
        for (CoAllocationDocument doc : docs.values()) {
            for (String v : AllOrNothing.violations(doc, byRm)) {
                violations.get(v.contains("orphan") ? "b orphan" : "a all-or-nothing").add(v);
            }
        }
        byRm.forEach((rm, views) -> views.stream().filter(AllOrNothing::live).forEach(v -> {
            String owner = v.spec() != null ? v.spec().globalId() : v.pendingSpec() != null ? v.pendingSpec().globalId() : null;
            if (owner == null || !docs.containsKey(owner)) {
                violations.get("b orphan").add(rm + " holds " + v.key() + " for " + owner + ", no co-allocation at the GRC");
            } else if (v.pendingChange() != PendingChange.None) {
                violations.get("b orphan").add(rm + " still holds a " + v.pendingChange() + " of " + v.key() + " for " + owner
                        + " after the hold timeout");
            }
        }));
        rms.forEach((rm, s) -> s.capacityViolations().forEach(v -> violations.get("c oversubscribed").add(rm + ": " + v)));
        acknowledged(docs, acks);
        return violations;
    }

    private void acknowledged(Map<String, CoAllocationDocument> docs, List<ChaosWorkload.Ack> acks) {
        Map<String, ChaosWorkload.Ack> last = new LinkedHashMap<>();
        for (ChaosWorkload.Ack a : acks) {
            if (!docs.containsKey(a.key())) {
                violations.get("d acknowledged-lost").add(a.operation() + " of " + a.key() + " was acknowledged, the GRC does not know it");
                continue;
            }
            last.put(a.key(), a);
        }
        last.forEach((key, a) -> {
            CoAllocationDocument doc = docs.get(key);
            switch (a.operation()) {
                case "cancel" -> {
                    if (doc.getState() != CoAllocationState.CANCELLED) {
                        violations.get("d acknowledged-lost").add(key + ": cancel acknowledged (" + a.answer().getState()
                                + "), ended " + doc.getState() + " " + doc.getReason());
                    }
                }
                case "modify" -> {
                    boolean released = doc.getState() == CoAllocationState.FAILED && doc.getReason() != null
                            && doc.getReason().contains("released");
                    if (!released && !signature(doc.getRequest()).equals(signature(a.request()))) {
                        violations.get("d acknowledged-lost").add(key + ": modification acknowledged (" + a.answer().getState()
                                + "), the co-allocation is " + doc.getState() + " with " + signature(doc.getRequest())
                                + " instead of " + signature(a.request()));
                    }
                }
                default -> {
                    if (!GrcClient.isFinal(doc.getState())) {
                        violations.get("a all-or-nothing").add(key + " never settled: " + doc.getState());
                    }
                }
            }
        });
    }

    /** What a request asks for, comparable across its stored and sent forms. */
    static String signature(CoAllocationRequest r) {
        String sites = r.getSite().stream().map(s -> s.getId() + ":" + s.getCores()).sorted().collect(Collectors.joining(","));
        String links = r.getLink().stream().map(ChaosChecker::link).sorted().collect(Collectors.joining(","));
        String time = r.getTime().getFixed() != null ? r.getTime().getFixed().getStart() + ".." + r.getTime().getFixed().getEnd()
                : r.getTime().getFlexible().getEarliestStart() + "~" + r.getTime().getFlexible().getLatestStart() + "+"
                + r.getTime().getFlexible().getDuration();
        return "[" + sites + "|" + links + "|" + time + "]";
    }

    private static String link(LinkRequest l) {
        return l.getFrom() + "-" + l.getTo() + "@" + l.getBandwidthMbps();
    }

    /** Appends the violations, each invariant with its count and at most 20 of its lines, to a report. */
    static void appendTo(StringBuilder report, Map<String, List<String>> violations) {
        violations.forEach((invariant, lines) -> {
            report.append("  (").append(invariant).append(") ").append(lines.size()).append('\n');
            lines.stream().limit(20).forEach(l -> report.append("    ").append(l).append('\n'));
        });
    }

    static int count(Map<String, List<String>> v) {
        return v.values().stream().mapToInt(List::size).sum();
    }

    /** Co-allocations reserved at the end (for the report). */
    static long reserved(Map<String, CoAllocationDocument> docs) {
        return docs.values().stream().filter(d -> d.getState() == CoAllocationState.RESERVED).count();
    }
}
