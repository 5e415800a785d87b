package org.doji.rm.soap;

import java.util.List;
import org.doji.common.Requirement;
import org.doji.contract.types.AttributeMatch;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.doji.contract.types.*;

/** Domain objects to the generated JAXB types of the contract. Pure functions. */
public final class ToContract {

    private ToContract() {
    }

    public static org.doji.contract.types.TimeWindow window(TimeWindow w) {
        var out = new org.doji.contract.types.TimeWindow();
        out.setStart(w.start());
        out.setEnd(w.end());
        return out;
    }

    public static Attribute attribute(Requirement r) {
        Attribute a = new Attribute();
        a.setName(r.name());
        a.setValue(r.value());
        a.setMatch(r.atLeast() ? AttributeMatch.AT_LEAST : AttributeMatch.EQUALS);
        return a;
    }

    public static org.doji.contract.types.ReservationSpec spec(ReservationSpec s) {
        if (s == null) {
            return null;
        }
        var out = new org.doji.contract.types.ReservationSpec();
        out.setWindow(window(s.window()));
        for (ComputeDemand c : s.compute()) {
            var d = new org.doji.contract.types.ComputeDemand();
            d.setSite(c.site());
            d.setCores(c.cores());
            c.requirements().forEach(r -> d.getRequirement().add(attribute(r)));
            out.getCompute().add(d);
        }
        for (NetworkDemand n : s.network()) {
            var d = new org.doji.contract.types.NetworkDemand();
            d.setFrom(n.from());
            d.setTo(n.to());
            d.setBandwidthMbps(Math.toIntExact(n.bandwidthMbps()));
            d.setMaxLatencyMs(n.maxLatencyMs());
            d.setPolicy(n.policy());
            out.getNetwork().add(d);
        }
        s.countables().forEach(c -> out.getCountable().add(countable(c)));
        out.getUser().addAll(s.users());
        out.setGlobalId(s.globalId());
        return out;
    }

    public static CountableRequest countable(CountableDemand c) {
        CountableRequest r = new CountableRequest();
        r.setName(c.name());
        r.setAmount(c.amount());
        return r;
    }

    public static org.doji.contract.types.Allocation allocation(Allocation a) {
        if (a == null) {
            return null;
        }
        var out = new org.doji.contract.types.Allocation();
        for (ComputeAllocation c : a.compute()) {
            var x = new org.doji.contract.types.ComputeAllocation();
            x.setSite(c.site());
            x.setCores(c.cores());
            x.setHandle(c.handle());
            x.getNode().addAll(c.nodes());
            out.getCompute().add(x);
        }
        for (NetworkAllocation n : a.network()) {
            var x = new org.doji.contract.types.NetworkAllocation();
            x.setFrom(n.from());
            x.setTo(n.to());
            x.setBandwidthMbps(Math.toIntExact(n.bandwidthMbps()));
            x.getHop().addAll(n.hops());
            out.getNetwork().add(x);
        }
        a.countables().forEach(c -> out.getCountable().add(countable(c)));
        out.setCost(a.cost());
        return out;
    }

    /** A reservation's resource-properties document, with the service's current time (WS-ResourceLifetime). */
    public static ReservationDocument document(ReservationView v, java.time.Instant currentTime) {
        ReservationDocument d = new ReservationDocument();
        d.setKey(v.key());
        d.setRmId(v.rmId());
        d.setOwner(v.owner());
        d.setReservationState(org.doji.contract.types.ReservationState.fromValue(v.reservationState().name()));
        d.setLifecycleState(org.doji.contract.types.LifecycleState.fromValue(v.lifecycleState().name()));
        d.setPendingChange(org.doji.contract.types.PendingChange.fromValue(v.pendingChange().name()));
        d.setSpec(spec(v.spec()));
        d.setAllocation(allocation(v.allocation()));
        d.setPendingSpec(spec(v.pendingSpec()));
        d.setPendingAllocation(allocation(v.pendingAllocation()));
        d.setHoldExpires(v.holdExpires());
        d.setCurrentTime(currentTime);
        d.setTerminationTime(v.terminationTime());
        d.setVersion(v.version());
        d.setCreated(v.created());
        d.setUpdated(v.updated());
        d.setReason(v.reason());
        return d;
    }

    public static ResourceDescription description(ResourceInventory inv) {
        ResourceDescription d = new ResourceDescription();
        d.setRmId(inv.rmId());
        d.setKind(org.doji.contract.types.RmKind.fromValue(inv.kind().name()));
        d.setDomain(inv.domain());
        d.setBackend(inv.backend());
        for (ResourceInventory.Site s : inv.sites()) {
            SiteDescription x = new SiteDescription();
            x.setName(s.name());
            x.setTotalCores(s.totalCores());
            x.setNodes(s.nodes());
            x.setUnitPrice(s.unitPrice());
            s.attributes().forEach((k, v) -> x.getAttribute().add(attribute(new Requirement(k, v, false))));
            d.getSite().add(x);
        }
        for (ResourceInventory.Endpoint e : inv.endpoints()) {
            EndpointDescription x = new EndpointDescription();
            x.setName(e.name());
            x.setKind(e.exchangePoint() ? EndpointKind.EXCHANGE_POINT : EndpointKind.SITE);
            x.setGroup(e.group());
            d.getEndpoint().add(x);
        }
        for (ResourceInventory.Path p : inv.paths()) {
            PathDescription x = new PathDescription();
            x.setFrom(p.from());
            x.setTo(p.to());
            x.setCapacityMbps(Math.toIntExact(p.capacityMbps()));
            x.setUnitPrice(p.unitPrice());
            x.setLatencyMs(p.latencyMs());
            d.getPath().add(x);
        }
        for (ResourceInventory.Countable c : inv.countables()) {
            CountableDescription x = new CountableDescription();
            x.setName(c.name());
            x.setTotal(c.total());
            x.setUnitPrice(c.unitPrice());
            d.getCountable().add(x);
        }
        d.setHoldTimeout(inv.holdTimeout());
        return d;
    }

    public static Availability availability(String rmId, List<SlotAvailability> slots) {
        Availability a = new Availability();
        a.setRmId(rmId);
        for (SlotAvailability s : slots) {
            var x = new org.doji.contract.types.SlotAvailability();
            x.setIndex(s.index());
            x.setWindow(window(s.window()));
            for (SlotAvailability.ComputeFree c : s.compute()) {
                ComputeAvailability y = new ComputeAvailability();
                y.setSite(c.site());
                y.setFreeCores(c.freeCores());
                y.setUnitPrice(c.unitPrice());
                x.getCompute().add(y);
            }
            for (SlotAvailability.PathFree p : s.paths()) {
                PathAvailability y = new PathAvailability();
                y.setFrom(p.from());
                y.setTo(p.to());
                y.setFreeBandwidthMbps(Math.toIntExact(p.freeBandwidthMbps()));
                y.setUnitPrice(p.unitPrice());
                y.setLatencyMs(p.latencyMs());
                x.getPath().add(y);
            }
            for (SlotAvailability.CountableFree c : s.countables()) {
                CountableAvailability y = new CountableAvailability();
                y.setName(c.name());
                y.setFree(c.free());
                y.setUnitPrice(c.unitPrice());
                x.getCountable().add(y);
            }
            a.getSlot().add(x);
        }
        return a;
    }
}
