package org.doji.grc.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.ResourceInventory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The resource registry: every registered RM, how to reach it, and its static description (fetched with
 * describe on first use and cached; an RM that cannot be described yet is retried on the next planning).
 */
public class RmRegistry {

    private static final Logger log = LoggerFactory.getLogger(RmRegistry.class);

    /** A registered RM. */
    public record Entry(String id, String address, ResourceManager rm) {
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final Map<String, ResourceInventory> descriptions = new ConcurrentHashMap<>();
    private final Caller self;

    public RmRegistry(List<Entry> entries, Caller self) {
        entries.forEach(e -> this.entries.put(e.id(), e));
        this.self = self;
    }

    public Collection<Entry> all() {
        return entries.values();
    }

    public Optional<Entry> get(String rmId) {
        return Optional.ofNullable(entries.get(rmId));
    }

    /** Descriptions of the RMs that could be described (cached); the others are skipped and logged. */
    public Map<String, ResourceInventory> describeAll() {
        for (Entry e : entries.values()) {
            descriptions.computeIfAbsent(e.id(), id -> {
                try {
                    return e.rm().describe(self);
                } catch (RuntimeException ex) {
                    log.warn("RM {} at {} cannot be described yet: {}", id, e.address(), ex.getMessage());
                    return null;
                }
            });
        }
        return Map.copyOf(descriptions);
    }

    /** Names of all compute sites known from the descriptions. */
    public List<String> knownSites() {
        List<String> sites = new ArrayList<>();
        describeAll().values().forEach(d -> d.sites().forEach(s -> sites.add(s.name())));
        return sites;
    }
}
