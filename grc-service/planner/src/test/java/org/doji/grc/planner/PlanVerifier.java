package org.doji.grc.planner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.common.Requirement;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.model.DirectedHop;
import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.Policy;
import org.doji.grc.planner.model.RequestedLink;
import org.doji.grc.planner.model.RequestedSite;
import org.doji.grc.planner.model.SiteVertex;

/**
 * Independent check of a plan against the instance it was made for: it reads only the model
 * records (never the compiled SlotProblem) and re-derives every constraint of DESIGN §3 and the
 * objective from first principles.
 */
public final class PlanVerifier {
    private static final double EPS = 1e-9;

    private PlanVerifier() {
    }

    /** Every violated constraint, empty when the plan is feasible. */
    public static List<String> violations(Instance in, CandidatePlan plan) {
        List<String> v = new ArrayList<>();
        Map<String, SiteVertex> sites = new HashMap<>();
        in.graph().sites().forEach(s -> sites.put(s.name(), s));
        Map<String, PathEdge> paths = new HashMap<>();
        in.graph().paths().forEach(p -> paths.put(p.id(), p));
        if (plan.slotIndex() != in.slot().index() || !plan.start().equals(in.slot().start())) {
            v.add("plan is for another slot");
        }
        Set<String> usedSites = new HashSet<>();
        for (RequestedSite rs : in.request().sites()) {
            String name = plan.placement().get(rs.id());
            SiteVertex s = name == null ? null : sites.get(name);
            if (s == null) {
                v.add("(4) " + rs.id() + " not placed on a site: " + name);
                continue;
            }
            if (!usedSites.add(name)) {
                v.add("(5) site " + name + " hosts two requested sites");
            }
            long free = (long) Math.floor(in.share() * in.slot().freeCores().getOrDefault(name, 0));
            if (rs.coresAt(name) > free) {
                v.add("(6) " + rs.id() + " needs " + rs.coresAt(name) + " cores, " + name + " has " + free);
            }
            if (!rs.candidates().isEmpty() && !rs.candidates().contains(name)) {
                v.add("pin: " + rs.id() + " on " + name + " not in " + rs.candidates());
            }
            for (Requirement q : rs.requirements()) {
                String a = s.attributes().get(q.name());
                boolean ok = a != null && (q.atLeast() ? Double.parseDouble(a) >= Double.parseDouble(q.value())
                        : a.equals(q.value()));
                if (!ok) {
                    v.add("attribute " + q + " not met by " + name);
                }
            }
        }
        if (plan.placement().size() != in.request().sites().size()) {
            v.add("(4) placement has extra entries");
        }
        in.request().countables().forEach((k, n) -> {
            if (n > (long) Math.floor(in.share() * in.slot().freeCountables().getOrDefault(k, 0L))) {
                v.add("countable " + k + " exceeds what is free");
            }
        });
        Map<String, Long> bwUse = new HashMap<>();
        List<RequestedLink> links = in.request().links();
        if (plan.routes().size() != links.size()) {
            v.add("one route per requested link expected");
            return v;
        }
        for (int i = 0; i < links.size(); i++) {
            checkRoute(links.get(i), plan, i, paths, bwUse, v);
        }
        bwUse.forEach((id, used) -> {
            long free = (long) Math.floor(in.share() * in.slot().freeBandwidthMbps().getOrDefault(id, 0L));
            if (used > free) {
                v.add("(8) path " + id + " carries " + used + " Mbps, " + free + " free");
            }
        });
        double cost = cost(in, plan);
        if (Math.abs(cost - plan.cost()) > EPS * Math.max(1, cost)) {
            v.add("cost " + plan.cost() + " but recomputed " + cost);
        }
        return v;
    }

    private static void checkRoute(RequestedLink l, CandidatePlan plan, int i, Map<String, PathEdge> paths,
                                   Map<String, Long> bwUse, List<String> v) {
        var route = plan.routes().get(i);
        if (!route.from().equals(l.from()) || !route.to().equals(l.to()) || route.bandwidthMbps() != l.bandwidthMbps()) {
            v.add("route " + i + " does not match link " + l);
        }
        if (l.bandwidthMbps() == 0) {
            if (!route.hops().isEmpty()) {
                v.add("(7) link without bandwidth got a route");
            }
            return;
        }
        String at = plan.placement().get(l.from());
        Set<String> visited = new HashSet<>(List.of(at));
        double latency = 0;
        boolean latencyKnown = true;
        if (route.hops().isEmpty()) {
            v.add("(7) link " + l.from() + "-" + l.to() + " has no route");
        }
        for (DirectedHop h : route.hops()) {
            PathEdge e = paths.get(h.pathId());
            if (e == null || !h.from().equals(at) || !(e.from().equals(h.from()) && e.to().equals(h.to())
                    || e.to().equals(h.from()) && e.from().equals(h.to()))) {
                v.add("(9) hop " + h + " does not continue the route at " + at);
                return;
            }
            at = h.to();
            if (!visited.add(at)) {
                v.add("(9) route revisits " + at);
            }
            bwUse.merge(e.id(), l.bandwidthMbps(), Long::sum);
            if (e.latencyMs() == null) {
                latencyKnown = false;
            } else {
                latency += e.latencyMs();
            }
        }
        if (!at.equals(plan.placement().get(l.to()))) {
            v.add("(9) route of " + l.from() + "-" + l.to() + " ends at " + at);
        }
        if (l.maxLatencyMs() != null && (!latencyKnown || latency > l.maxLatencyMs() + EPS)) {
            v.add("latency " + latency + " exceeds " + l.maxLatencyMs() + (latencyKnown ? "" : " (unknown hop)"));
        }
    }

    /** Money: (Σ core price·cores + Σ over hops path price·bandwidth + countables) × hours of the slot. */
    public static double cost(Instance in, CandidatePlan plan) {
        Map<String, SiteVertex> sites = new HashMap<>();
        in.graph().sites().forEach(s -> sites.put(s.name(), s));
        Map<String, PathEdge> paths = new HashMap<>();
        in.graph().paths().forEach(p -> paths.put(p.id(), p));
        double c = 0;
        for (RequestedSite rs : in.request().sites()) {
            c += sites.get(plan.placement().get(rs.id())).unitPrice() * rs.coresAt(plan.placement().get(rs.id()));
        }
        for (var r : plan.routes()) {
            for (DirectedHop h : r.hops()) {
                c += paths.get(h.pathId()).unitPrice() * r.bandwidthMbps();
            }
        }
        for (var e : in.request().countables().entrySet()) {
            c += in.slot().countablePrices().getOrDefault(e.getKey(), 0.0) * e.getValue();
        }
        // prices are per hour: the corpus of CorpusGenerator has 1-hour slots only, ScaleCorpus 2-hour ones
        return c * java.time.Duration.between(in.slot().start(), in.slot().end()).toMillis() / 3_600_000.0;
    }

    /** The program's objective for this plan, re-derived from DESIGN §3 and PLANNER.md (admin terms included). */
    public static double objective(Instance in, CandidatePlan plan) {
        Map<String, SiteVertex> sites = new HashMap<>();
        in.graph().sites().forEach(s -> sites.put(s.name(), s));
        Map<String, PathEdge> paths = new HashMap<>();
        in.graph().paths().forEach(p -> paths.put(p.id(), p));
        boolean quality = in.request().policy() == Policy.QUALITY;
        double a = in.admin().loadSpreadWeight();
        double obj = 0;
        for (RequestedSite rs : in.request().sites()) {
            SiteVertex s = sites.get(plan.placement().get(rs.id()));
            double free = Math.floor(in.share() * in.slot().freeCores().getOrDefault(s.name(), 0));
            String av = s.attributes().get("availability");
            obj += quality ? 1000 * (1 - (av == null ? 1 : Double.parseDouble(av)))
                    : s.unitPrice() * in.admin().weightOf(s.name(), s.rmId()) * rs.coresAt(s.name());
            obj += a * rs.coresAt(s.name()) / free;
        }
        for (var r : plan.routes()) {
            for (DirectedHop h : r.hops()) {
                PathEdge e = paths.get(h.pathId());
                double free = Math.floor(in.share() * in.slot().freeBandwidthMbps().getOrDefault(e.id(), 0L));
                obj += quality ? (e.latencyMs() == null ? 100 : e.latencyMs())
                        : e.unitPrice() * in.admin().weightOf(e.id(), e.rmId()) * r.bandwidthMbps();
                obj += a * r.bandwidthMbps() / free;
            }
        }
        return obj;
    }
}
