package org.doji.rm.calendar;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LinkFreeView;

/**
 * Time-indexed usage of every resource of one RM: nodes (booked whole), network links (bandwidth) and
 * countable resources. Planned capacity changes are booked as events at construction. Not thread-safe:
 * the kernel serialises access.
 */
public final class ReservationCalendar {

    /** What the calendar covers: the backend's inventory at start, plus links it found later. */
    private BackendInventory inventory;
    private final Map<String, StepCalendar> nodes = new HashMap<>();
    private final Map<String, BackendInventory.Node> nodeSpecs = new HashMap<>();
    private final Map<String, List<BackendInventory.Node>> nodesBySite = new HashMap<>();
    private final Map<String, StepCalendar> links = new HashMap<>();
    private final Map<String, BackendInventory.NetLink> linkSpecs = new HashMap<>();
    private final Map<String, StepCalendar> countables = new HashMap<>();
    private final Map<String, Long> countableTotals = new HashMap<>();
    /** Changes since {@link #beginUndo()}, so a failed mutation can be taken back exactly; null when off. */
    private List<Booking> undoLog;

    public ReservationCalendar(BackendInventory inventory) {
        this.inventory = inventory;
        for (BackendInventory.ComputeSite site : inventory.sites()) {
            List<BackendInventory.Node> ordered = new ArrayList<>(site.nodes());
            ordered.sort(Comparator.comparing(BackendInventory.Node::name, NodeNames.NATURAL));
            nodesBySite.put(site.name(), ordered);
            for (BackendInventory.Node n : ordered) {
                nodes.put(n.name(), new StepCalendar());
                nodeSpecs.put(n.name(), n);
            }
        }
        for (BackendInventory.NetLink l : inventory.links()) {
            links.put(l.id(), new StepCalendar());
            linkSpecs.put(l.id(), l);
        }
        for (BackendInventory.CountableResource c : inventory.countables()) {
            countables.put(c.name(), new StepCalendar());
            countableTotals.put(c.name(), c.total());
        }
        for (BackendInventory.CapacityChange change : inventory.capacityChanges()) {
            StepCalendar cal = calendarOf(change.resourceId());
            if (cal != null) {
                long amount = nodes.containsKey(change.resourceId()) ? 1 : change.reduction();
                cal.add(change.from(), change.to(), amount);
            }
        }
    }

    public BackendInventory inventory() {
        return inventory;
    }

    private StepCalendar calendarOf(String resourceId) {
        StepCalendar cal = nodes.get(resourceId);
        if (cal == null) {
            cal = links.get(resourceId);
        }
        if (cal == null) {
            cal = countables.get(resourceId);
        }
        return cal;
    }

    public void book(TimeWindow w, Allocation a) {
        apply(Booking.of(w, a), 1);
    }

    public void release(TimeWindow w, Allocation a) {
        apply(Booking.of(w, a), -1);
    }

    /** Books ({@code sign} = 1) or releases ({@code sign} = -1) the given amounts. */
    public void apply(List<Booking> bookings, int sign) {
        for (Booking b : bookings) {
            StepCalendar cal = calendarOf(b.resourceId());
            if (cal == null) {
                throw new IllegalArgumentException("unknown resource " + b.resourceId());
            }
            cal.add(b.from(), b.to(), sign * b.amount());
            if (undoLog != null) {
                undoLog.add(new Booking(b.resourceId(), b.from(), b.to(), sign * b.amount()));
            }
        }
    }

    /** Starts recording changes: the kernel undoes them if the durable write of a mutation fails. */
    public void beginUndo() {
        undoLog = new ArrayList<>();
    }

    /** Keeps the changes made since {@link #beginUndo()}. */
    public void keepChanges() {
        undoLog = null;
    }

    /** Takes back, newest first, every change made since {@link #beginUndo()}. */
    public void undo() {
        List<Booking> log = undoLog;
        undoLog = null;
        if (log == null) {
            return;
        }
        for (int i = log.size() - 1; i >= 0; i--) {
            Booking b = log.get(i);
            calendarOf(b.resourceId()).add(b.from(), b.to(), -b.amount());
        }
    }

    /** Capacity of a resource when nothing is booked: 1 for a node, the link's Mbps, the countable's total. */
    public long capacityOf(String resourceId) {
        if (nodes.containsKey(resourceId)) {
            return 1;
        }
        if (linkSpecs.containsKey(resourceId)) {
            return linkSpecs.get(resourceId).capacityMbps();
        }
        Long total = countableTotals.get(resourceId);
        if (total == null) {
            throw new IllegalArgumentException("unknown resource " + resourceId);
        }
        return total;
    }

    /** Every resource id of this calendar (nodes, links, countables). */
    public List<String> resourceIds() {
        List<String> ids = new ArrayList<>(nodes.keySet());
        ids.addAll(links.keySet());
        ids.addAll(countables.keySet());
        return ids;
    }

    /** The step function of one resource as breakpoint -> usage (a copy; for invariant checks). */
    public java.util.NavigableMap<java.time.Instant, Long> profile(String resourceId) {
        StepCalendar cal = calendarOf(resourceId);
        return cal == null ? new java.util.TreeMap<>() : cal.profile();
    }

    public boolean hasSite(String site) {
        return nodesBySite.containsKey(site);
    }

    /** Nodes of a site that are free over the whole window, lowest-numbered first. */
    public List<BackendInventory.Node> freeNodes(String site, TimeWindow w, Set<String> down) {
        List<BackendInventory.Node> free = new ArrayList<>();
        for (BackendInventory.Node n : nodesBySite.getOrDefault(site, List.of())) {
            if (!down.contains(n.name()) && nodes.get(n.name()).maxUsage(w.start(), w.end()) == 0) {
                free.add(n);
            }
        }
        return free;
    }

    public int freeCores(String site, TimeWindow w, Set<String> down) {
        return freeNodes(site, w, down).stream().mapToInt(BackendInventory.Node::cores).sum();
    }

    /** When the node's previous booking ended (at or before t), or null: for contiguous node choice. */
    public java.time.Instant previousEnd(String node, java.time.Instant t) {
        return nodes.get(node).lastFreedAtOrBefore(t);
    }

    public long freeBandwidth(String linkId, TimeWindow w) {
        BackendInventory.NetLink spec = linkSpecs.get(linkId);
        return Math.max(0, spec.capacityMbps() - links.get(linkId).maxUsage(w.start(), w.end()));
    }

    public boolean hasCountable(String name) {
        return countables.containsKey(name);
    }

    public long freeCountable(String name, TimeWindow w) {
        return Math.max(0, countableTotals.get(name) - countables.get(name).maxUsage(w.start(), w.end()));
    }

    /** Live view of free link bandwidth over one window, for routing policies. */
    public LinkFreeView linkView(TimeWindow w) {
        return linkView(w, Set.of());
    }

    /** The same, without the links that are down now: they carry no path and show nothing free. */
    public LinkFreeView linkView(TimeWindow w, Set<String> downLinks) {
        List<BackendInventory.NetLink> up = downLinks.isEmpty() ? inventory.links()
                : inventory.links().stream().filter(l -> !downLinks.contains(l.id())).toList();
        return new LinkFreeView() {
            @Override
            public Collection<BackendInventory.NetLink> links() {
                return up;
            }

            @Override
            public long freeMbps(String linkId) {
                return downLinks.contains(linkId) || !linkSpecs.containsKey(linkId) ? 0 : freeBandwidth(linkId, w);
            }
        };
    }

    /** A link of the calendar (its capacity, latency and price), or null when it has none of that id. */
    public BackendInventory.NetLink link(String linkId) {
        return linkSpecs.get(linkId);
    }

    /**
     * Takes in the links of {@code current} that the calendar does not cover yet (found after the start), with an
     * empty calendar each; links it knows are kept, whether or not they are still listed (their bookings stay).
     *
     * @return the ids of the links taken in
     */
    public List<String> adoptLinks(Collection<BackendInventory.NetLink> current) {
        List<BackendInventory.NetLink> added = current.stream().filter(l -> !linkSpecs.containsKey(l.id())).toList();
        if (added.isEmpty()) {
            return List.of();
        }
        for (BackendInventory.NetLink l : added) {
            links.put(l.id(), new StepCalendar());
            linkSpecs.put(l.id(), l);
        }
        List<BackendInventory.NetLink> all = new ArrayList<>(inventory.links());
        all.addAll(added);
        inventory = new BackendInventory(inventory.kind(), inventory.domain(), inventory.sites(), inventory.endpoints(),
                all, inventory.countables(), inventory.capacityChanges());
        return added.stream().map(BackendInventory.NetLink::id).toList();
    }

    /** Total booked usage at an instant of a resource (node, link or countable), for invariant checks. */
    public long usageAt(String resourceId, java.time.Instant t) {
        StepCalendar cal = calendarOf(resourceId);
        return cal == null ? 0 : cal.levelAt(t);
    }

    /** Breaches of capacity at any breakpoint of any resource (empty when the calendar is sound). */
    public List<String> capacityViolations() {
        List<String> out = new ArrayList<>();
        for (String id : resourceIds()) {
            long capacity = capacityOf(id);
            profile(id).forEach((t, usage) -> {
                if (usage > capacity || usage < 0) {
                    out.add(id + " at " + t + ": usage " + usage + " of capacity " + capacity);
                }
            });
        }
        return out;
    }

    /** The step function of every resource that has any breakpoint, by resource id. */
    public Map<String, java.util.NavigableMap<java.time.Instant, Long>> profiles() {
        Map<String, java.util.NavigableMap<java.time.Instant, Long>> out = new java.util.TreeMap<>();
        for (String id : resourceIds()) {
            var p = profile(id);
            if (!p.isEmpty()) {
                out.put(id, p);
            }
        }
        return out;
    }
}
