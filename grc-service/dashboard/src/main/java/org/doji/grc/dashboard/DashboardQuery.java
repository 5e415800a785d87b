package org.doji.grc.dashboard;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.doji.grc.dashboard.DashboardViews.CoAllocationRow;
import org.doji.grc.dashboard.DashboardViews.Graph;
import org.doji.grc.dashboard.DashboardViews.HopRow;
import org.doji.grc.dashboard.DashboardViews.LinkRow;
import org.doji.grc.dashboard.DashboardViews.OutcomeRow;
import org.doji.grc.dashboard.DashboardViews.Overview;
import org.doji.grc.dashboard.DashboardViews.RmHealth;
import org.doji.grc.dashboard.DashboardViews.Service;
import org.doji.grc.dashboard.DashboardViews.SiteRow;
import org.doji.grc.dashboard.DashboardViews.Timeline;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.store.CoAllocationStore;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ResourceInventory;
import org.springframework.data.domain.PageRequest;

/**
 * Everything the dashboard shows, read from the GRC's store and registry. Read-only: nothing here changes a
 * co-allocation or calls an RM; descriptions and health are what the registry's periodic probe last saw, so
 * a page never waits for a dead RM.
 */
public class DashboardQuery {

    /** States in which a co-allocation holds (or held) resources over its window. */
    static final Set<CoAllocationState> HOLDING = EnumSet.of(CoAllocationState.Reserving, CoAllocationState.Committing,
            CoAllocationState.Reserved, CoAllocationState.Active, CoAllocationState.Modifying, CoAllocationState.Cancelling,
            CoAllocationState.Completed);
    private static final Set<CoAllocationState> RUNNING = EnumSet.of(CoAllocationState.Committing, CoAllocationState.Reserved,
            CoAllocationState.Active, CoAllocationState.Modifying, CoAllocationState.Cancelling);
    private static final int MAX_BARS = 5_000;

    private final String grcId;
    private final CoAllocationStore store;
    private final DashboardRecords records;
    private final RmRegistry registry;
    private final Clock clock;
    private final DashboardProperties props;

    public DashboardQuery(String grcId, CoAllocationStore store, DashboardRecords records, RmRegistry registry,
                          Clock clock, DashboardProperties props) {
        this.grcId = grcId;
        this.store = store;
        this.records = records;
        this.registry = registry;
        this.clock = clock;
        this.props = props;
    }

    public Overview overview() {
        Map<String, Long> states = new LinkedHashMap<>();
        for (CoAllocationState s : CoAllocationState.values()) {
            states.put(s.name(), 0L);
        }
        for (Object[] row : records.countByState()) {
            states.put(((CoAllocationState) row[0]).name(), ((Number) row[1]).longValue());
        }
        List<RmHealth> rms = health();
        int reachable = (int) rms.stream().filter(h -> Boolean.TRUE.equals(h.reachable())).count();
        return new Overview(grcId, clock.instant(), props.refresh().toMillis(), states,
                states.values().stream().mapToLong(Long::longValue).sum(), reachable, rms.size());
    }

    /** The most recent co-allocations, newest first. */
    public List<CoAllocationRow> coAllocations() {
        return load(records.recentKeys(PageRequest.of(0, props.maxCoAllocations()))).stream().map(DashboardQuery::row).toList();
    }

    /**
     * The Gantt chart over [from, to). By default it opens an hour before now, or at the earliest start of a
     * reservation shown (at most {@code timeline-before} back), so it never opens on hours of empty past; it
     * reaches to the last planned end (at least a day ahead).
     */
    public Timeline timeline(Instant from, Instant to) {
        Instant now = clock.instant();
        Instant start = from != null ? from : now.minus(props.timelineBefore());
        Instant limit = start.plus(props.timelineMax());
        if (to != null && !to.isAfter(start)) {
            throw new IllegalArgumentException("timeline: to " + to + " must be after from " + start);
        }
        Instant queryEnd = to == null || to.isAfter(limit) ? limit : to;
        TimelineBuilder builder = new TimelineBuilder(inventories());
        load(records.keysOverlapping(HOLDING, start, queryEnd, PageRequest.of(0, MAX_BARS))).forEach(builder::add);
        if (from == null) {
            Instant earliest = builder.earliestStart();
            Instant hourAgo = now.minus(Duration.ofHours(1));
            Instant wanted = earliest == null || earliest.isAfter(hourAgo) ? hourAgo : earliest;
            start = wanted.isBefore(start) ? start : wanted.truncatedTo(java.time.temporal.ChronoUnit.MINUTES);
        }
        Instant end = queryEnd;
        if (to == null) {
            Instant latest = builder.latestEnd();
            Instant dayAhead = now.plus(Duration.ofDays(1));
            end = latest == null || latest.isBefore(dayAhead) ? dayAhead : latest;
            end = end.isAfter(limit) ? limit : end;
            if (!end.isAfter(start)) {
                end = start.plus(Duration.ofDays(1));
            }
        }
        return new Timeline(start, end, now, builder.rows(start, end));
    }

    public Graph graph() {
        Instant now = clock.instant();
        List<CoAllocation> running = load(records.keysOverlapping(RUNNING, now, now.plusNanos(1), PageRequest.of(0, MAX_BARS)))
                .stream().filter(c -> c.plan() != null && c.plan().window().contains(now)).toList();
        return GraphBuilder.build(inventories(), running);
    }

    /** Every registered RM with what the registry's last probe saw, in registration order. */
    /** The registry keeps no order: compute RMs first, then network RMs, each by id. */
    private static final java.util.Comparator<RmHealth> STABLE_ORDER = java.util.Comparator
            .comparing((RmHealth h) -> h.kind() == null ? "~" : h.kind()).thenComparing(RmHealth::rmId);

    public List<RmHealth> health() {
        return registry.health().stream().map(h -> {
            ResourceInventory inv = registry.description(h.rmId()).orElse(null);
            String address = registry.get(h.rmId()).map(RmRegistry.Entry::address).orElse(null);
            return new RmHealth(h.rmId(), address, inv == null ? null : inv.kind().name(),
                    inv == null ? null : inv.domain(), inv == null ? null : inv.backend(), h.reachable(),
                    h.lastChecked(), h.lastSuccess(), h.latency() == null ? null : h.latency().toMillis(), h.lastError());
        }).sorted(STABLE_ORDER).toList();
    }

    /** The cached descriptions of the RMs described so far, in registration order (never calls an RM). */
    private List<ResourceInventory> inventories() {
        return registry.all().stream().map(rm -> registry.description(rm.id())).flatMap(Optional::stream).toList();
    }

    /** The GRC's port and every registered RM's, with their WSDL addresses and service pages. */
    public List<Service> services(String grcAddress) {
        List<Service> out = new java.util.ArrayList<>();
        out.add(new Service(grcId, "GRC", grcAddress, wsdl(grcAddress), page(grcAddress)));
        // every GRC also serves the RM port type beside its own (a parent GRC registers it like any RM)
        String rmPort = grcAddress.endsWith("/grc") ? grcAddress.substring(0, grcAddress.length() - 4) + "/rm" : null;
        if (rmPort != null) {
            out.add(new Service(grcId + " (RM port)", "GRC as an RM", rmPort, wsdl(rmPort), page(rmPort)));
        }
        registry.all().forEach(rm -> out.add(new Service(rm.id(),
                registry.description(rm.id()).map(d -> d.kind().name()).orElse("RM"), rm.address(), wsdl(rm.address()), page(rm.address()))));
        return out;
    }

    /** The port's service page (every Doji SOAP port serves one, {@code org.doji.rm.soap.page}). */
    private static String page(String address) {
        int query = address.indexOf('?');
        return (query < 0 ? address : address.substring(0, query)) + org.doji.rm.soap.page.ServicePageFilter.PAGE_SUFFIX;
    }

    private static String wsdl(String address) {
        return address + (address.contains("?") ? "&wsdl" : "?wsdl");
    }

    private List<CoAllocation> load(List<String> keys) {
        return keys.stream().map(store::find).flatMap(Optional::stream).toList();
    }

    static CoAllocationRow row(CoAllocation c) {
        CoRequest req = c.request();
        CoPlan plan = c.plan();
        List<SiteRow> sites;
        List<LinkRow> links;
        Instant start = null;
        Instant end = null;
        if (plan != null) {
            sites = plan.sites().stream().map(s -> new SiteRow(s.requestSite(), s.cores(), s.site(), s.rmId())).toList();
            links = plan.links().stream().map(l -> new LinkRow(l.requestFrom(), l.requestTo(), l.bandwidthMbps(),
                    l.hops().stream().map(h -> new HopRow(h.rmId(), h.from(), h.to())).toList())).toList();
            start = plan.window().start();
            end = plan.window().end();
        } else if (req != null) {
            sites = req.sites().stream().map(s -> new SiteRow(s.id(), s.cores(), null, null)).toList();
            links = req.links().stream().map(l -> new LinkRow(l.from(), l.to(), l.bandwidthMbps(), List.of())).toList();
            if (req.time() != null) {
                start = req.time().earliestStart();
                end = req.time().deadline();
            }
        } else {
            sites = List.of();
            links = List.of();
        }
        return new CoAllocationRow(c.key(), c.owner(), c.state().name(), c.reason(),
                req == null ? null : req.description(), req == null ? null : req.policy().name(), start, end,
                plan != null, plan == null ? null : plan.cost(), c.created(), c.updated(), sites, links,
                c.outcomes().stream().map(DashboardQuery::outcome).toList());
    }

    private static OutcomeRow outcome(RmOutcome o) {
        List<String> handles = o.allocation() == null ? List.of()
                : o.allocation().compute().stream().map(ComputeAllocation::handle).filter(h -> h != null).toList();
        return new OutcomeRow(o.rmId(), o.reservationKey(),
                o.reservationState() == null ? null : o.reservationState().name(),
                o.lifecycleState() == null ? null : o.lifecycleState().name(), handles, o.errorCode(), o.message());
    }
}
