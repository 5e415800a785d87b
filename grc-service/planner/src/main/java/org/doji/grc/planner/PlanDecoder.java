package org.doji.grc.planner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.model.DirectedHop;
import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.RequestedLink;
import org.doji.grc.planner.model.ResourceGraph;
import org.doji.grc.planner.model.SiteVertex;
import org.doji.grc.planner.model.SlotCapacity;
import org.doji.grc.planner.problem.QualityScore;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;

/** Turns an engine's index-form solution back into names, money cost and quality score. */
public final class PlanDecoder {
    private PlanDecoder() {
    }

    public static CandidatePlan decode(ResourceGraph g, SlotCapacity slot, SlotProblem p, SlotSolution s) {
        Map<String, String> placement = new LinkedHashMap<>();
        double cost = 0;
        double penalty = 0;
        for (int j = 0; j < p.nReq; j++) {
            SiteVertex site = g.sites().get(s.siteOf()[j]);
            placement.put(p.reqIds[j], site.name());
            cost += site.unitPrice() * p.coresOn(j, s.siteOf()[j]);
            penalty += QualityScore.SITE_PENALTY * (1 - QualityScore.availability(site));
        }
        List<List<DirectedHop>> hopsByRequestLink = new ArrayList<>();
        for (int i = 0; i < p.requestLinks.size(); i++) {
            hopsByRequestLink.add(List.of());
        }
        for (int l = 0; l < p.nLinks; l++) {
            List<DirectedHop> hops = new ArrayList<>();
            for (int arc : s.routes()[l]) {
                PathEdge e = g.paths().get(arc >> 1);
                hops.add(new DirectedHop(e.id(), p.vertexNames[p.arcTail(arc)], p.vertexNames[p.arcHead(arc)]));
                cost += e.unitPrice() * p.linkBw[l];
                penalty += QualityScore.latencyPenalty(e);
            }
            hopsByRequestLink.set(p.linkRequestIndex[l], hops);
        }
        List<org.doji.grc.planner.model.RoutedLink> routes = new ArrayList<>();
        for (int i = 0; i < p.requestLinks.size(); i++) {
            RequestedLink rl = p.requestLinks.get(i);
            routes.add(new org.doji.grc.planner.model.RoutedLink(rl.from(), rl.to(), rl.bandwidthMbps(),
                    hopsByRequestLink.get(i)));
        }
        // a countable comes from one pool per slot: the same cost for every plan of the slot
        for (int c = 0; c < p.countableNames.length; c++) {
            cost += slot.countablePrices().getOrDefault(p.countableNames[c], 0.0) * p.countableRequested[c];
        }
        // prices are per core-hour, per Mbps-hour and per unit-hour (as at every RM): the slot's length turns the rate into money
        double hours = java.time.Duration.between(slot.start(), slot.end()).toMillis() / 3_600_000.0;
        return new CandidatePlan(slot.index(), slot.start(), slot.end(), placement, routes, cost * hours,
                QualityScore.score(penalty), s.optimality());
    }
}
