package org.doji.grc.hierarchy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.planning.RmParts;
import org.doji.grc.registry.RmRegistry;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.NetworkAllocation;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.SlotAvailability;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a GRC offers as an RM: the union of its child RMs. Sites, exchange points and abstract paths are
 * exported as the children describe them (a parent routes over them); availability is asked of every child
 * at once; a reservation is split into one part per child by the site or path it names.
 */
class ChildResources {

    private static final Logger log = LoggerFactory.getLogger(ChildResources.class);

    private final String id;
    private final RmRegistry registry;
    private final ExecutorService rmCalls;
    private final Duration rmTimeout;

    ChildResources(String id, RmRegistry registry, ExecutorService rmCalls, Duration rmTimeout) {
        this.id = id;
        this.registry = registry;
        this.rmCalls = rmCalls;
        this.rmTimeout = rmTimeout;
    }

    ResourceInventory describe() {
        List<ResourceInventory.Site> sites = new ArrayList<>();
        List<ResourceInventory.Endpoint> endpoints = new ArrayList<>();
        List<ResourceInventory.Path> paths = new ArrayList<>();
        List<ResourceInventory.Countable> countables = new ArrayList<>();
        Duration hold = null;
        for (Map.Entry<String, ResourceInventory> child : registry.describeAll().entrySet()) {
            ResourceInventory d = child.getValue();
            sites.addAll(d.sites());
            // an edge group is unique only within its RM: qualified by the child, as the planner does
            d.endpoints().stream().filter(e -> endpoints.stream().noneMatch(x -> x.name().equals(e.name())))
                    .map(e -> e.group() == null ? e
                            : new ResourceInventory.Endpoint(e.name(), e.exchangePoint(), child.getKey() + "/" + e.group()))
                    .forEach(endpoints::add);
            paths.addAll(d.paths());
            // a countable is reserved whole at one child: the first that offers the name (see countableOwners)
            d.countables().stream().filter(c -> countables.stream().noneMatch(x -> x.name().equals(c.name())))
                    .forEach(countables::add);
            hold = hold == null || d.holdTimeout().compareTo(hold) < 0 ? d.holdTimeout() : hold;
        }
        return new ResourceInventory(id, RmKind.COORDINATOR, id, "grc", sites, endpoints, paths, countables,
                hold == null ? Duration.ofMinutes(2) : hold);
    }

    /**
     * Which child holds each countable this GRC offers: the first (in registry order) that offers the name. Only
     * its pool is described and answered upwards, so the coordinator above plans on the pool its reservation is
     * sent to (a countable is not split across pools).
     */
    private static Map<String, String> countableOwners(Map<String, ResourceInventory> children) {
        Map<String, String> owners = new LinkedHashMap<>();
        children.forEach((rmId, d) -> d.countables().forEach(c -> owners.putIfAbsent(c.name(), rmId)));
        return owners;
    }

    /** Every child's answer merged slot by slot; a child that does not answer in time offers nothing. */
    List<SlotAvailability> availability(AvailabilityQuery query) {
        Map<String, CompletableFuture<List<SlotAvailability>>> futures = new LinkedHashMap<>();
        for (RmRegistry.Entry rm : registry.all()) {
            futures.put(rm.id(), CompletableFuture.supplyAsync(() -> rm.rm().availability(registry.self(), query), rmCalls)
                    .orTimeout(rmTimeout.toMillis(), TimeUnit.MILLISECONDS));
        }
        Map<String, String> owners = countableOwners(registry.describeAll());
        List<SlotAvailability> merged = new ArrayList<>();
        for (int i = 0; i < query.slots().size(); i++) {
            merged.add(new SlotAvailability(i, query.slots().get(i), List.of(), List.of(), List.of()));
        }
        futures.forEach((rmId, f) -> {
            try {
                for (SlotAvailability s : f.join()) {
                    SlotAvailability m = merged.get(s.index());
                    merged.set(s.index(), new SlotAvailability(m.index(), m.window(), concat(m.compute(), s.compute()),
                            concat(m.paths(), s.paths()), concat(m.countables(), s.countables().stream()
                            .filter(c -> rmId.equals(owners.get(c.name()))).toList())));
                }
            } catch (RuntimeException e) {
                log.warn("child RM {} left out of an availability answer: {}", rmId, e.getMessage());
            }
        });
        return merged;
    }

    /** One part per child RM: each site's cores at the RM managing the site, each path at its NRM. */
    Map<String, ReservationSpec> split(ReservationSpec spec) {
        Map<String, ResourceInventory> children = registry.describeAll();
        RmParts parts = new RmParts();
        for (ComputeDemand c : spec.compute()) {
            String rm = children.entrySet().stream().filter(e -> e.getValue().sites().stream().anyMatch(s -> s.name().equals(c.site())))
                    .map(Map.Entry::getKey).findFirst().orElseThrow(() -> DojiException.unknown(c.site()));
            parts.compute(rm, c);
        }
        for (NetworkDemand n : spec.network()) {
            String rm = children.entrySet().stream().filter(e -> e.getValue().paths().stream().anyMatch(p ->
                            (p.from().equals(n.from()) && p.to().equals(n.to())) || (p.from().equals(n.to()) && p.to().equals(n.from()))))
                    .map(Map.Entry::getKey).findFirst()
                    .orElseThrow(() -> DojiException.unknown("path " + n.from() + "--" + n.to()));
            parts.network(rm, n);
        }
        Map<String, String> owners = countableOwners(children);
        for (CountableDemand c : spec.countables()) {
            String rm = owners.get(c.name());
            if (rm == null) {
                throw DojiException.unknown("countable " + c.name());
            }
            parts.countable(rm, c);
        }
        Map<String, ReservationSpec> out = parts.specs(spec.window(), spec.users(), spec.globalId());
        if (out.isEmpty()) {
            throw DojiException.invalid("EMPTY_RESERVATION", "the reservation names no site and no path");
        }
        return out;
    }

    /** Releases a child's part at once (WS-ResourceLifetime Destroy); a part the child no longer knows is gone already. */
    void destroy(RmOutcome part) {
        RmRegistry.Entry rm = registry.get(part.rmId()).orElseThrow(() -> DojiException.unknown(part.rmId()));
        try {
            rm.rm().destroy(registry.self(), part.reservationKey());
        } catch (DojiException e) {
            if (e.kind() != org.doji.rm.fault.FaultKind.UNKNOWN_RESOURCE) {
                throw e;
            }
        }
    }

    /** The children's allocations as one. */
    static Allocation merge(List<RmOutcome> parts) {
        List<ComputeAllocation> compute = new ArrayList<>();
        List<NetworkAllocation> network = new ArrayList<>();
        List<CountableDemand> countables = new ArrayList<>();
        double cost = 0;
        for (RmOutcome o : parts) {
            if (o.allocation() != null) {
                compute.addAll(o.allocation().compute());
                network.addAll(o.allocation().network());
                countables.addAll(o.allocation().countables());
                cost += o.allocation().cost();
            }
        }
        return new Allocation(compute, network, countables, cost);
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
