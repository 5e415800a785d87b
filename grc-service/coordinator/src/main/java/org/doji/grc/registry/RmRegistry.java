package org.doji.grc.registry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.ResourceInventory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The resource registry: every registered RM, how to reach it, its static description (fetched with
 * describe on first use and cached; an RM that cannot be described yet is retried on the next planning)
 * and its health, refreshed by {@link #probe()}. An RM whose description names another id is left out (its
 * address reaches another RM) until it answers as itself, and so is one that offers a site an RM registered before
 * it offers too.
 */
public class RmRegistry implements org.doji.grc.tx.RmDirectory {

    /** Assumed for an RM not described yet (every RM of a plan has been described by then). */
    private static final Duration ASSUMED_HOLD_TIMEOUT = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(RmRegistry.class);

    /** A registered RM. */
    public record Entry(String id, String address, ResourceManager rm) {
    }

    /**
     * What the last probe of an RM saw. {@code reachable} is null before the first probe.
     */
    public record Health(String rmId, Boolean reachable, Instant lastChecked, Instant lastSuccess,
                         Duration latency, String lastError) {
        static Health unknown(String rmId) {
            return new Health(rmId, null, null, null, null, null);
        }
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final Map<String, ResourceInventory> descriptions = new ConcurrentHashMap<>();
    private final Map<String, Health> health = new ConcurrentHashMap<>();
    /** RMs left out because a site of theirs is offered by an RM registered before them (logged once). */
    private final Set<String> siteConflicts = ConcurrentHashMap.newKeySet();
    private final Caller self;
    private final Clock clock;

    public RmRegistry(List<Entry> entries, Caller self) {
        this(entries, self, Clock.systemUTC());
    }

    public RmRegistry(List<Entry> entries, Caller self, Clock clock) {
        entries.forEach(e -> this.entries.put(e.id(), e));
        entries.forEach(e -> health.put(e.id(), Health.unknown(e.id())));
        this.self = self;
        this.clock = clock;
    }

    /** Who the GRC is towards its RMs. */
    public Caller self() {
        return self;
    }

    public Collection<Entry> all() {
        return entries.values();
    }

    public Optional<Entry> get(String rmId) {
        return Optional.ofNullable(entries.get(rmId));
    }

    @Override
    public ResourceManager rm(String rmId) {
        return get(rmId).map(Entry::rm).orElseThrow(() -> org.doji.rm.fault.DojiException.unknown(rmId));
    }

    @Override
    public String address(String rmId) {
        return get(rmId).map(Entry::address).orElse(null);
    }

    @Override
    public Duration holdTimeout(String rmId) {
        return description(rmId).map(ResourceInventory::holdTimeout).filter(java.util.Objects::nonNull)
                .orElse(ASSUMED_HOLD_TIMEOUT);
    }

    /**
     * Descriptions of the RMs that could be described (cached), in registration order; the others are skipped and
     * logged, and so is an RM with a site an earlier one has.
     */
    public Map<String, ResourceInventory> describeAll() {
        for (Entry e : entries.values()) {
            if (!descriptions.containsKey(e.id())) {
                describe(e);
            }
        }
        // in registration order: the planner breaks ties in this order, so it must not change between restarts
        Map<String, ResourceInventory> ordered = new LinkedHashMap<>();
        Map<String, String> siteOwners = new HashMap<>();
        for (String id : entries.keySet()) {
            ResourceInventory d = descriptions.get(id);
            if (d == null) {
                continue;
            }
            Optional<String> taken = d.sites().stream().map(ResourceInventory.Site::name)
                    .filter(siteOwners::containsKey).findFirst();
            if (taken.isPresent()) {
                // a site is one place: requests name it, so a second RM offering the same name is a configuration
                // error; the first registered keeps it, so the choice does not depend on which answered first
                if (siteConflicts.add(id)) {
                    log.warn("RM {} left out: its site {} is already offered by RM {}", id, taken.get(),
                            siteOwners.get(taken.get()));
                }
                continue;
            }
            if (siteConflicts.remove(id)) {
                log.info("RM {} is used again: none of its sites is offered by another RM", id);
            }
            d.sites().forEach(site -> siteOwners.put(site.name(), id));
            ordered.put(id, d);
        }
        return java.util.Collections.unmodifiableMap(ordered);
    }

    /** The cached description of one RM, if it has been described. */
    public Optional<ResourceInventory> description(String rmId) {
        return Optional.ofNullable(descriptions.get(rmId));
    }

    /**
     * Describes every RM now, refreshing the cached descriptions (an RM restarted with another inventory
     * is seen) and the health records. Called periodically; never throws for an RM that fails.
     */
    public void probe() {
        entries.values().forEach(this::describe);
    }

    /** Health of every registered RM, in registration order. */
    public List<Health> health() {
        List<Health> out = new ArrayList<>();
        entries.keySet().forEach(id -> out.add(health.get(id)));
        return out;
    }

    private void describe(Entry e) {
        Instant started = clock.instant();
        long t0 = System.nanoTime();
        Health before = health.get(e.id());
        try {
            ResourceInventory d = e.rm().describe(self);
            if (!e.id().equals(d.rmId())) {
                // its address reaches another RM (a wrong URL, two entries at one address, a port taken over):
                // booking there under this id would leave that RM's reservations where nobody looks for them
                descriptions.remove(e.id());
                throw new IllegalStateException("the RM at " + e.address() + " answers as " + d.rmId() + ", not as "
                        + e.id() + ": left out until it answers as " + e.id());
            }
            descriptions.put(e.id(), d);
            health.put(e.id(), new Health(e.id(), true, started, started, Duration.ofNanos(System.nanoTime() - t0), null));
            if (Boolean.FALSE.equals(before.reachable())) {
                log.info("RM {} at {} answers again", e.id(), e.address());
            }
        } catch (RuntimeException ex) {
            health.put(e.id(), new Health(e.id(), false, started, before.lastSuccess(), null, ex.getMessage()));
            if (!Boolean.FALSE.equals(before.reachable())) {
                log.warn("RM {} at {} cannot be described: {}", e.id(), e.address(), ex.getMessage());
            }
        }
    }

    /** Names of all compute sites known from the descriptions. */
    public List<String> knownSites() {
        List<String> sites = new ArrayList<>();
        describeAll().values().forEach(d -> d.sites().forEach(s -> sites.add(s.name())));
        return sites;
    }
}
