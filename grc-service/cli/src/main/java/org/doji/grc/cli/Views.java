package org.doji.grc.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.contract.grc.PlanResult;
import org.doji.contract.types.Attribute;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationSummary;
import org.doji.contract.types.InfeasibleSlot;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.CoAllocationPlan;
import org.doji.contract.types.PlannedPath;
import org.doji.contract.types.PlannedSite;
import org.doji.contract.types.RmOutcome;
import org.doji.contract.types.SiteRequest;
import org.doji.rm.soap.ResourceReferences;

/**
 * The contract's documents as plain maps and lists (the {@code --output json} form): stable field names,
 * times as ISO-8601 strings, absent values left out.
 */
public final class Views {

    private Views() {
    }

    public static Map<String, Object> document(CoAllocationDocument d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("key", d.getKey());
        m.put("owner", d.getOwner());
        m.put("state", d.getState() == null ? null : d.getState().value());
        put(m, "reason", d.getReason());
        put(m, "request", d.getRequest() == null ? null : request(d.getRequest()));
        put(m, "plan", d.getPlan() == null ? null : plan(d.getPlan()));
        List<Object> rms = new ArrayList<>();
        for (RmOutcome o : d.getRm()) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("rmId", o.getRmId());
            put(r, "reservationKey", o.getReservationKey());
            put(r, "reservation", o.getReservation() == null ? null : ResourceReferences.addressOf(o.getReservation()));
            put(r, "reservationState", o.getReservationState() == null ? null : o.getReservationState().value());
            put(r, "lifecycleState", o.getLifecycleState() == null ? null : o.getLifecycleState().value());
            put(r, "errorCode", o.getErrorCode());
            put(r, "message", o.getMessage());
            rms.add(r);
        }
        m.put("rms", rms);
        put(m, "created", time(d.getCreated()));
        put(m, "updated", time(d.getUpdated()));
        return m;
    }

    public static Map<String, Object> request(CoAllocationRequest r) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> sites = new ArrayList<>();
        for (SiteRequest s : r.getSite()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("id", s.getId());
            x.put("cores", s.getCores());
            if (!s.getCandidate().isEmpty()) {
                x.put("candidates", s.getCandidate().stream()
                        .map(c -> c.getCores() == null ? c.getValue() : c.getValue() + ":" + c.getCores()).toList());
            }
            if (!s.getRequirement().isEmpty()) {
                x.put("requirements", s.getRequirement().stream().map(Views::requirement).toList());
            }
            sites.add(x);
        }
        m.put("sites", sites);
        List<Object> links = new ArrayList<>();
        for (LinkRequest l : r.getLink()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("from", l.getFrom());
            x.put("to", l.getTo());
            x.put("bandwidthMbps", l.getBandwidthMbps());
            put(x, "maxLatencyMs", l.getMaxLatencyMs());
            links.add(x);
        }
        m.put("links", links);
        if (r.getTime() != null && r.getTime().getFixed() != null) {
            m.put("start", time(r.getTime().getFixed().getStart()));
            m.put("end", time(r.getTime().getFixed().getEnd()));
        } else if (r.getTime() != null && r.getTime().getFlexible() != null) {
            m.put("earliestStart", time(r.getTime().getFlexible().getEarliestStart()));
            m.put("latestStart", time(r.getTime().getFlexible().getLatestStart()));
            m.put("duration", String.valueOf(r.getTime().getFlexible().getDuration()));
        }
        put(m, "policy", r.getPolicy() == null ? null : r.getPolicy().value());
        put(m, "description", r.getDescription());
        return m;
    }

    static String requirement(Attribute a) {
        boolean atLeast = a.getMatch() != null && a.getMatch().value().equals("AT_LEAST");
        return a.getName() + (atLeast ? ">=" : "=") + a.getValue();
    }

    public static Map<String, Object> plan(CoAllocationPlan p) {
        Map<String, Object> m = new LinkedHashMap<>();
        put(m, "rank", p.getRank());
        put(m, "slot", p.getSlot());
        m.put("start", time(p.getWindow().getStart()));
        m.put("end", time(p.getWindow().getEnd()));
        m.put("cost", p.getCost());
        put(m, "quality", p.getQuality());
        List<Object> sites = new ArrayList<>();
        for (PlannedSite s : p.getSite()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("requestSite", s.getRequestSite());
            x.put("site", s.getSite());
            x.put("rmId", s.getRmId());
            x.put("cores", s.getCores());
            if (!s.getNode().isEmpty()) {
                x.put("nodes", List.copyOf(s.getNode()));
            }
            put(x, "handle", s.getHandle());
            sites.add(x);
        }
        m.put("sites", sites);
        List<Object> paths = new ArrayList<>();
        for (PlannedPath h : p.getPath()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("requestFrom", h.getRequestFrom());
            x.put("requestTo", h.getRequestTo());
            x.put("from", h.getFrom());
            x.put("to", h.getTo());
            x.put("rmId", h.getRmId());
            x.put("bandwidthMbps", h.getBandwidthMbps());
            put(x, "policy", h.getPolicy());
            paths.add(x);
        }
        m.put("paths", paths);
        if (!p.getCountable().isEmpty()) {
            m.put("countables", p.getCountable().stream().map(c -> {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("name", c.getName());
                x.put("amount", c.getAmount());
                x.put("rmId", c.getRmId());
                return x;
            }).toList());
        }
        return m;
    }

    public static Map<String, Object> planResult(PlanResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("plans", r.getPlan().stream().map(Views::plan).toList());
        List<Object> infeasible = new ArrayList<>();
        for (InfeasibleSlot i : r.getInfeasible()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("slot", i.getSlot());
            x.put("start", time(i.getStart()));
            x.put("reason", i.getReason());
            infeasible.add(x);
        }
        m.put("infeasible", infeasible);
        m.put("unreachableRms", List.copyOf(r.getUnreachableRm()));
        return m;
    }

    public static Map<String, Object> summary(CoAllocationSummary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("key", s.getKey());
        m.put("state", s.getState().value());
        put(m, "start", s.getWindow() == null ? null : time(s.getWindow().getStart()));
        put(m, "end", s.getWindow() == null ? null : time(s.getWindow().getEnd()));
        put(m, "cost", s.getCost());
        put(m, "created", time(s.getCreated()));
        put(m, "address", s.getReference() == null ? null : ResourceReferences.addressOf(s.getReference()));
        return m;
    }

    public static Map<String, Object> error(CliException e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("exitCode", e.exitCode().code());
        m.put("message", e.getMessage());
        put(m, "faultKind", e.faultKind());
        put(m, "errorCode", e.errorCode());
        return Map.of("error", m);
    }

    static String time(Instant t) {
        return t == null ? null : t.toString();
    }

    private static void put(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }
}
