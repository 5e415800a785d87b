package org.doji.rm.soap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.common.Requirement;
import org.doji.contract.types.Attribute;
import org.doji.contract.types.AttributeMatch;
import org.doji.contract.types.ReservationDocument;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;

/** Generated JAXB types of the contract to domain objects; rejects what the schema cannot. */
public final class FromContract {

    private FromContract() {
    }

    public static TimeWindow window(org.doji.contract.types.TimeWindow w, String field) {
        if (w == null || w.getStart() == null || w.getEnd() == null) {
            throw DojiException.invalidField(field, "WINDOW_MISSING", field + " needs a start and an end");
        }
        if (!w.getEnd().isAfter(w.getStart())) {
            throw DojiException.invalidField(field + "/end", "END_NOT_AFTER_START",
                    field + ": end " + w.getEnd() + " is not after start " + w.getStart());
        }
        return new TimeWindow(w.getStart(), w.getEnd());
    }

    /** A requirement as sent; one that could never be compared (an at-least value that is no number) is refused. */
    public static Requirement requirement(Attribute a) {
        try {
            return new Requirement(a.getName(), a.getValue(), a.getMatch() == AttributeMatch.AT_LEAST);
        } catch (Requirement.RequirementException e) {
            throw DojiException.invalidField("requirement", e.code(), e.getMessage());
        }
    }

    public static ReservationSpec spec(org.doji.contract.types.ReservationSpec s) {
        if (s == null) {
            throw DojiException.invalidField("spec", "SPEC_MISSING", "a reservation spec is required");
        }
        List<ComputeDemand> compute = s.getCompute().stream().map(c -> new ComputeDemand(c.getSite(), c.getCores(),
                c.getRequirement().stream().map(FromContract::requirement).toList())).toList();
        List<NetworkDemand> network = s.getNetwork().stream().map(n -> new NetworkDemand(n.getFrom(), n.getTo(),
                n.getBandwidthMbps(), n.getMaxLatencyMs(), n.getPolicy())).toList();
        List<CountableDemand> countables = s.getCountable().stream()
                .map(c -> new CountableDemand(c.getName(), c.getAmount())).toList();
        return new ReservationSpec(window(s.getWindow(), "spec/window"), compute, network, countables,
                s.getUser(), s.getGlobalId());
    }

    public static Allocation allocation(org.doji.contract.types.Allocation a) {
        if (a == null) {
            return null;
        }
        return new Allocation(
                a.getCompute().stream().map(c -> new ComputeAllocation(c.getSite(), c.getCores(), c.getNode(), c.getHandle())).toList(),
                a.getNetwork().stream().map(n -> new NetworkAllocation(n.getFrom(), n.getTo(), n.getBandwidthMbps(), List.of(), n.getHop())).toList(),
                a.getCountable().stream().map(c -> new CountableDemand(c.getName(), c.getAmount())).toList(),
                a.getCost());
    }

    public static ReservationView view(ReservationDocument d) {
        return new ReservationView(d.getKey(), d.getRmId(), d.getOwner(),
                ReservationState.valueOf(d.getReservationState().value()),
                LifecycleState.valueOf(d.getLifecycleState().value()),
                PendingChange.valueOf(d.getPendingChange().value()),
                d.getSpec() == null ? null : spec(d.getSpec()), allocation(d.getAllocation()),
                d.getPendingSpec() == null ? null : spec(d.getPendingSpec()), allocation(d.getPendingAllocation()),
                d.getHoldExpires(), d.getTerminationTime(), d.getVersion(), d.getCreated(), d.getUpdated(), d.getReason());
    }

    public static AvailabilityQuery query(org.doji.contract.types.AvailabilityQuery q) {
        if (q == null || q.getSlot().isEmpty()) {
            throw DojiException.invalidField("query/slot", "NO_SLOTS", "at least one slot is required");
        }
        List<TimeWindow> slots = new ArrayList<>();
        for (int i = 0; i < q.getSlot().size(); i++) {
            slots.add(window(q.getSlot().get(i), "query/slot[" + (i + 1) + "]"));
        }
        return new AvailabilityQuery(slots, q.getOnBehalfOf(), q.getPathPolicy());
    }

    public static ResourceInventory description(org.doji.contract.types.ResourceDescription d) {
        return new ResourceInventory(d.getRmId(), RmKind.valueOf(d.getKind().value()), d.getDomain(), d.getBackend(),
                d.getSite().stream().map(s -> new ResourceInventory.Site(s.getName(), s.getTotalCores(), s.getNodes(),
                        s.getUnitPrice(), attributes(s.getAttribute()))).toList(),
                d.getEndpoint().stream().map(e -> new ResourceInventory.Endpoint(e.getName(),
                        e.getKind() == org.doji.contract.types.EndpointKind.EXCHANGE_POINT, e.getGroup())).toList(),
                d.getPath().stream().map(p -> new ResourceInventory.Path(p.getFrom(), p.getTo(), p.getCapacityMbps(),
                        p.getUnitPrice(), p.getLatencyMs())).toList(),
                d.getCountable().stream().map(c -> new ResourceInventory.Countable(c.getName(), c.getTotal(),
                        c.getUnitPrice())).toList(),
                d.getHoldTimeout());
    }

    private static Map<String, String> attributes(List<Attribute> list) {
        Map<String, String> out = new HashMap<>();
        list.forEach(a -> out.put(a.getName(), a.getValue()));
        return out;
    }

    public static List<SlotAvailability> availability(org.doji.contract.types.Availability a) {
        return a.getSlot().stream().map(s -> new SlotAvailability(s.getIndex(),
                new TimeWindow(s.getWindow().getStart(), s.getWindow().getEnd()),
                s.getCompute().stream().map(c -> new SlotAvailability.ComputeFree(c.getSite(), c.getFreeCores(), c.getUnitPrice())).toList(),
                s.getPath().stream().map(p -> new SlotAvailability.PathFree(p.getFrom(), p.getTo(), p.getFreeBandwidthMbps(),
                        p.getUnitPrice(), p.getLatencyMs())).toList(),
                s.getCountable().stream().map(c -> new SlotAvailability.CountableFree(c.getName(), c.getFree(), c.getUnitPrice())).toList()))
                .toList();
    }
}
