package org.doji.grc.soap;

import org.doji.contract.grc.PlanResult;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationSummary;
import org.doji.contract.types.FlexibleWindow;
import org.doji.contract.types.InfeasibleSlot;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.PlannedPath;
import org.doji.contract.types.PlannedSite;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.model.RmOutcome;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.ResourceReferences;
import org.doji.rm.soap.ToContract;

/** The GRC's domain model to the contract's JAXB types. */
public final class GrcToContract {

    private GrcToContract() {
    }

    public static CoAllocationRequest request(CoRequest r) {
        CoAllocationRequest out = new CoAllocationRequest();
        for (CoRequest.Site s : r.sites()) {
            SiteRequest x = new SiteRequest();
            x.setId(s.id());
            x.setCores(s.cores());
            s.candidates().stream().sorted().forEach(name -> {
                org.doji.contract.types.CandidateSite c = new org.doji.contract.types.CandidateSite();
                c.setValue(name);
                c.setCores(s.candidateCores().get(name));
                x.getCandidate().add(c);
            });
            s.requirements().forEach(q -> x.getRequirement().add(ToContract.attribute(q)));
            out.getSite().add(x);
        }
        for (CoRequest.Link l : r.links()) {
            LinkRequest x = new LinkRequest();
            x.setFrom(l.from());
            x.setTo(l.to());
            x.setBandwidthMbps(Math.toIntExact(l.bandwidthMbps()));
            x.setMaxLatencyMs(l.maxLatencyMs());
            out.getLink().add(x);
        }
        r.countables().forEach(c -> out.getCountable().add(ToContract.countable(c)));
        TimeConstraint t = new TimeConstraint();
        if (r.time().fixed()) {
            t.setFixed(ToContract.window(new TimeWindow(r.time().earliestStart(), r.time().deadline())));
        } else {
            FlexibleWindow f = new FlexibleWindow();
            f.setEarliestStart(r.time().earliestStart());
            f.setLatestStart(r.time().latestStart());
            f.setDuration(r.time().duration());
            t.setFlexible(f);
        }
        out.setTime(t);
        out.setPolicy(org.doji.contract.types.Policy.fromValue(r.policy().name()));
        out.getAdditionalUser().addAll(r.additionalUsers());
        out.setDescription(r.description());
        out.setPathPolicy(r.pathPolicy());
        return out;
    }

    /** @param pathPolicy the path allocation policy the request asked the NRMs for (null: their default) */
    public static org.doji.contract.types.CoAllocationPlan plan(CoPlan p, java.util.List<RmOutcome> outcomes, Integer rank,
                                                                String pathPolicy) {
        var out = new org.doji.contract.types.CoAllocationPlan();
        out.setWindow(ToContract.window(p.window()));
        out.setSlot(p.slot());
        out.setRank(rank);
        for (CoPlan.PlacedSite s : p.sites()) {
            PlannedSite x = new PlannedSite();
            x.setRequestSite(s.requestSite());
            x.setSite(s.site());
            x.setRmId(s.rmId());
            x.setCores(s.cores());
            outcomes.stream().filter(o -> o.rmId().equals(s.rmId()) && o.allocation() != null)
                    .flatMap(o -> o.allocation().compute().stream()).filter(c -> c.site().equals(s.site())).findFirst()
                    .ifPresent((ComputeAllocation c) -> {
                        x.getNode().addAll(c.nodes());
                        x.setHandle(c.handle());
                    });
            out.getSite().add(x);
        }
        for (CoPlan.RoutedLink l : p.links()) {
            for (CoPlan.Hop h : l.hops()) {
                PlannedPath x = new PlannedPath();
                x.setFrom(h.from());
                x.setTo(h.to());
                x.setRmId(h.rmId());
                x.setBandwidthMbps(Math.toIntExact(l.bandwidthMbps()));
                x.setRequestFrom(l.requestFrom());
                x.setRequestTo(l.requestTo());
                x.setPolicy(pathPolicy);
                out.getPath().add(x);
            }
        }
        for (CoPlan.PlacedCountable c : p.countables()) {
            org.doji.contract.types.PlannedCountable x = new org.doji.contract.types.PlannedCountable();
            x.setName(c.name());
            x.setAmount(c.amount());
            x.setRmId(c.rmId());
            out.getCountable().add(x);
        }
        out.setCost(p.cost());
        out.setQuality(p.quality());
        return out;
    }

    /** A co-allocation's resource-properties document, with the service's current time (WS-ResourceLifetime). */
    public static CoAllocationDocument document(CoAllocation c, java.time.Instant currentTime) {
        CoAllocationDocument d = new CoAllocationDocument();
        d.setKey(c.key());
        d.setOwner(c.owner());
        d.setState(org.doji.contract.types.CoAllocationState.fromValue(c.state().name()));
        d.setReason(c.reason() == null || c.reason().length() <= 1024 ? c.reason() : c.reason().substring(0, 1021) + "...");
        d.setRequest(request(c.request()));
        if (c.plan() != null) {
            d.setPlan(plan(c.plan(), c.outcomes(), null, c.request().pathPolicy()));
        }
        for (RmOutcome o : c.outcomes()) {
            org.doji.contract.types.RmOutcome x = new org.doji.contract.types.RmOutcome();
            x.setRmId(o.rmId());
            x.setReservationKey(o.reservationKey());
            if (o.reservationKey() != null) {
                x.setReservation(ResourceReferences.reference(o.address(), o.reservationKey()));
            }
            if (o.reservationState() != null) {
                x.setReservationState(org.doji.contract.types.ReservationState.fromValue(o.reservationState().name()));
            }
            if (o.lifecycleState() != null) {
                x.setLifecycleState(org.doji.contract.types.LifecycleState.fromValue(o.lifecycleState().name()));
            }
            x.setErrorCode(o.errorCode());
            x.setMessage(o.message() == null || o.message().length() <= 1024 ? o.message() : o.message().substring(0, 1021) + "...");
            d.getRm().add(x);
        }
        d.setCreated(c.created());
        d.setUpdated(c.updated());
        d.setCurrentTime(currentTime);
        d.setTerminationTime(c.terminationTime());
        return d;
    }

    public static PlanResult planResult(PlanningOutcome outcome, int maxPlans, String pathPolicy) {
        PlanResult out = new PlanResult();
        int rank = 1;
        for (CoPlan p : outcome.ranked()) {
            if (rank > maxPlans) {
                break;
            }
            out.getPlan().add(plan(p, java.util.List.of(), rank++, pathPolicy));
        }
        for (PlanningOutcome.Infeasible i : outcome.infeasible()) {
            InfeasibleSlot x = new InfeasibleSlot();
            x.setSlot(i.slot());
            x.setStart(i.start());
            x.setReason(i.reason().length() <= 1024 ? i.reason() : i.reason().substring(0, 1021) + "...");
            out.getInfeasible().add(x);
        }
        out.getUnreachableRm().addAll(outcome.unreachableRms());
        return out;
    }

    public static CoAllocationSummary summary(CoAllocation c, String serviceAddress) {
        CoAllocationSummary s = new CoAllocationSummary();
        s.setKey(c.key());
        s.setState(org.doji.contract.types.CoAllocationState.fromValue(c.state().name()));
        s.setReference(ResourceReferences.reference(serviceAddress, c.key()));
        if (c.plan() != null) {
            s.setWindow(ToContract.window(c.plan().window()));
            s.setCost(c.plan().cost());
        }
        s.setCreated(c.created());
        return s;
    }

    /** A registered RM with its description (null until it could be described) and its last probe. */
    /** The administrator's policies (A) and (B), preferences by resource name. */
    public static org.doji.contract.grc.AdministratorPolicies policies(org.doji.grc.planner.model.AdminPolicy p) {
        var out = new org.doji.contract.grc.AdministratorPolicies();
        out.setLoadSpreadWeight(p.loadSpreadWeight());
        new java.util.TreeMap<>(p.preferenceWeights()).forEach((resource, factor) -> {
            var f = new org.doji.contract.grc.PreferenceFactor();
            f.setResource(resource);
            f.setFactor(factor);
            out.getPreference().add(f);
        });
        return out;
    }

    public static org.doji.contract.grc.ResourceManagerStatus rmStatus(org.doji.grc.registry.RmRegistry.Entry e,
            org.doji.rm.model.ResourceInventory description, org.doji.grc.registry.RmRegistry.Health health) {
        var out = new org.doji.contract.grc.ResourceManagerStatus();
        out.setId(e.id());
        out.setAddress(e.address());
        if (description != null) {
            out.setKind(description.kind().name());
            out.setDomain(description.domain());
            description.sites().forEach(s -> out.getSite().add(s.name()));
        }
        out.setReachable(health.reachable());
        out.setLastChecked(health.lastChecked());
        out.setLastSuccess(health.lastSuccess());
        out.setLatencyMillis(health.latency() == null ? null : health.latency().toNanos() / 1e6);
        out.setLastError(health.lastError());
        return out;
    }
}
