package org.doji.grc.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.doji.contract.grc.CoAllocationList;
import org.doji.contract.grc.PlanResult;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationSummary;
import org.doji.contract.types.InfeasibleSlot;
import org.doji.contract.types.CoAllocationPlan;
import org.doji.contract.types.PlannedPath;
import org.doji.contract.types.PlannedSite;
import org.doji.contract.types.RmOutcome;

/** The text form of the GRC's answers: aligned tables, one fact per line. */
final class TextViews {

    private TextViews() {
    }

    static void document(PrintWriter out, CoAllocationDocument d) {
        out.println("co-allocation " + d.getKey() + "  " + d.getState().value() + "  (owner " + d.getOwner() + ")");
        if (d.getReason() != null) {
            out.println("  reason: " + d.getReason());
        }
        if (d.getPlan() != null) {
            plan(out, d.getPlan());
        }
        if (!d.getRm().isEmpty()) {
            out.println("  resource managers:");
            Table t = new Table("RM", "RESERVATION", "STATE", "LIFECYCLE", "ERROR", "MESSAGE");
            for (RmOutcome o : d.getRm()) {
                t.row(o.getRmId(), o.getReservationKey(), o.getReservationState() == null ? null : o.getReservationState().value(),
                        o.getLifecycleState() == null ? null : o.getLifecycleState().value(), o.getErrorCode(), o.getMessage());
            }
            t.print(out, "    ");
        }
    }

    /** "window START .. END, cost C" of a co-allocation's plan (for one-line confirmations). */
    static String windowAndCost(CoAllocationDocument d) {
        CoAllocationPlan p = d.getPlan();
        return p == null ? "no plan" : "window " + p.getWindow().getStart() + " .. " + p.getWindow().getEnd() + ", cost " + cost(p.getCost());
    }

    /** One plan in detail: window and cost, then its sites and paths. */
    static void plan(PrintWriter out, CoAllocationPlan p) {
        out.println("  window: " + p.getWindow().getStart() + " .. " + p.getWindow().getEnd() + "   cost: " + cost(p.getCost())
                + (p.getQuality() == null ? "" : "   quality: " + cost(p.getQuality())));
        Table sites = new Table("SITE", "PLACED ON", "RM", "CORES", "NODES", "HANDLE");
        for (PlannedSite s : p.getSite()) {
            sites.row(s.getRequestSite(), s.getSite(), s.getRmId(), s.getCores(), String.join(",", s.getNode()), s.getHandle());
        }
        sites.print(out, "    ");
        if (!p.getPath().isEmpty()) {
            Table paths = new Table("LINK", "PATH", "RM", "MBPS", "POLICY");
            for (PlannedPath h : p.getPath()) {
                paths.row(h.getRequestFrom() + "-" + h.getRequestTo(), h.getFrom() + "-" + h.getTo(), h.getRmId(), h.getBandwidthMbps(),
                        h.getPolicy() == null ? "default" : h.getPolicy());
            }
            paths.print(out, "    ");
        }
        if (!p.getCountable().isEmpty()) {
            Table countables = new Table("COUNTABLE", "AMOUNT", "RM");
            p.getCountable().forEach(c -> countables.row(c.getName(), c.getAmount(), c.getRmId()));
            countables.print(out, "    ");
        }
    }

    /** Ranked plans, one row each, then the infeasible slots and unreachable RMs. */
    static void planResult(PrintWriter out, PlanResult r) {
        if (r.getPlan().isEmpty()) {
            out.println("no feasible plan");
        } else {
            Table t = new Table("RANK", "START", "END", "COST", "SITES", "PATHS");
            for (CoAllocationPlan p : r.getPlan()) {
                t.row(p.getRank(), p.getWindow().getStart(), p.getWindow().getEnd(), cost(p.getCost()), sites(p.getSite()),
                        paths(p.getPath()));
            }
            t.print(out, "");
        }
        if (!r.getInfeasible().isEmpty()) {
            out.println("infeasible slots:");
            Table t = new Table("SLOT", "START", "REASON");
            for (InfeasibleSlot i : r.getInfeasible()) {
                t.row(i.getSlot(), i.getStart(), i.getReason());
            }
            t.print(out, "  ");
        }
        if (!r.getUnreachableRm().isEmpty()) {
            out.println("unreachable RMs (left out of planning): " + String.join(", ", r.getUnreachableRm()));
        }
    }

    static void list(PrintWriter out, CoAllocationList list) {
        if (list.getCoAllocation().isEmpty()) {
            out.println("no co-allocations");
            return;
        }
        Table t = new Table("KEY", "STATE", "START", "END", "COST", "CREATED");
        for (CoAllocationSummary s : list.getCoAllocation()) {
            t.row(s.getKey(), s.getState().value(), s.getWindow() == null ? null : s.getWindow().getStart(),
                    s.getWindow() == null ? null : s.getWindow().getEnd(), s.getCost() == null ? null : cost(s.getCost()),
                    s.getCreated());
        }
        t.print(out, "");
    }

    /** {@code a->SITE_B/crm-b b->SITE_A/crm-a}. */
    static String sites(List<PlannedSite> sites) {
        return sites.stream().map(s -> s.getRequestSite() + "->" + s.getSite() + "/" + s.getRmId())
                .collect(Collectors.joining(" "));
    }

    /** {@code a-b:SITE_A-SITE_B/nrm-d1@1000}; a link routed over several hops lists each. */
    static String paths(List<PlannedPath> paths) {
        if (paths.isEmpty()) {
            return "-";
        }
        return paths.stream().map(h -> h.getRequestFrom() + "-" + h.getRequestTo() + ":" + h.getFrom() + "-" + h.getTo()
                + "/" + h.getRmId() + "@" + h.getBandwidthMbps()).collect(Collectors.joining(" "));
    }

    static String cost(double c) {
        return String.format(Locale.ROOT, "%.3f", c);
    }
}
