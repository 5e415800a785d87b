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
public final class ChaosChecker {

    /**
     * What the participants really hold, as the checker compares it with the co-allocations: the RMs' databases
     * ({@link #databases}) or the real systems' own state (a real grid's reservations, flows and meters).
     */
    public interface Holdings {
        /** (a) one line per way the co-allocation's parts as held disagree with it; a line naming an orphan counts as (b). */
        List<String> violations(CoAllocationDocument doc);

        /** (b) what is held for no co-allocation the GRC knows, or still pending after the hold timeout. */
        List<String> orphans(Map<String, CoAllocationDocument> docs);

        /** (c) capacity held twice. */
        List<String> oversubscribed();
    }

    private final Map<String, List<String>> violations = new LinkedHashMap<>();

    public ChaosChecker() {
        for (String invariant : List.of("a all-or-nothing", "b orphan", "c oversubscribed", "d acknowledged-lost")) {
            violations.put(invariant, new ArrayList<>());
        }
    }

    Map<String, List<String>> check(Map<String, CoAllocationDocument> docs, Map<String, ChaosGrid.RmState> rms,
                                    List<ChaosWorkload.Ack> acks) {
        return check(docs, databases(rms), acks);
    }

    /** Every invariant's violations (a line each), in the order (a) to (d). */
    public Map<String, List<String>> check(Map<String, CoAllocationDocument> docs, Holdings holdings,
                                           List<ChaosWorkload.Ack> acks) {
        for (CoAllocationDocument doc : docs.values()) {
            for (String v : holdings.violations(doc)) {
                violations.get(v.contains("orphan") ? "b orphan" : "a all-or-nothing").add(v);
            }
        }
        violations.get("b orphan").addAll(holdings.orphans(docs));
        violations.get("c oversubscribed").addAll(holdings.oversubscribed());
        acknowledged(docs, acks);
        return violations;
    }

    /** The RMs' databases as their kernels read them. */
    static Holdings databases(Map<String, ChaosGrid.RmState> rms) {
        Map<String, List<ReservationView>> byRm = new TreeMap<>();
        rms.forEach((id, s) -> byRm.put(id, s.open()));
        return new Holdings() {
            @Override
            public List<String> violations(CoAllocationDocument doc) {
                return AllOrNothing.violations(doc, byRm);
            }

            @Override
            public List<String> orphans(Map<String, CoAllocationDocument> docs) {
                List<String> out = new ArrayList<>();
                byRm.forEach((rm, views) -> views.stream().filter(AllOrNothing::live).forEach(v -> {
                    String owner = v.spec() != null ? v.spec().globalId() : v.pendingSpec() != null ? v.pendingSpec().globalId() : null;
                    if (owner == null || !docs.containsKey(owner)) {
                        out.add(rm + " holds " + v.key() + " for " + owner + ", no co-allocation at the GRC");
                    } else if (v.pendingChange() != PendingChange.None) {
                        out.add(rm + " still holds a " + v.pendingChange() + " of " + v.key() + " for " + owner
                                + " after the hold timeout");
                    }
                }));
                return out;
            }

            @Override
            public List<String> oversubscribed() {
                List<String> out = new ArrayList<>();
                rms.forEach((rm, s) -> s.capacityViolations().forEach(v -> out.add(rm + ": " + v)));
                return out;
            }
        };
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
    public static void appendTo(StringBuilder report, Map<String, List<String>> violations) {
        violations.forEach((invariant, lines) -> {
            report.append("  (").append(invariant).append(") ").append(lines.size()).append('\n');
            lines.stream().limit(20).forEach(l -> report.append("    ").append(l).append('\n'));
        });
    }

    public static int count(Map<String, List<String>> v) {
        return v.values().stream().mapToInt(List::size).sum();
    }

    /** Co-allocations reserved at the end (for the report). */
    public static long reserved(Map<String, CoAllocationDocument> docs) {
        return docs.values().stream().filter(d -> d.getState() == CoAllocationState.RESERVED).count();
    }
}
