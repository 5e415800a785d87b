package org.doji.grc.dashboard;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.doji.grc.core.RmRegistry;
import org.doji.grc.dashboard.DashboardViews.RmHealth;
import org.doji.rm.api.Caller;
import org.doji.rm.model.ResourceInventory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * RM health as the dashboard shows it: each registered RM is asked to describe itself (a real call, not
 * the registry's cache) and the answer, its latency on the injected clock, or the failure is kept. Run
 * periodically by {@link DashboardConfiguration}; until the first probe an RM's reachability is unknown.
 */
public class RmHealthProbe {

    private static final Logger log = LoggerFactory.getLogger(RmHealthProbe.class);

    private record Probe(Instant checkedAt, boolean reachable, Instant lastAnswer, Long latencyMillis, String error,
                         ResourceInventory inventory) {
    }

    private final RmRegistry registry;
    private final Caller self;
    private final Clock clock;
    private final Map<String, Probe> probes = new ConcurrentHashMap<>();

    public RmHealthProbe(RmRegistry registry, Caller self, Clock clock) {
        this.registry = registry;
        this.self = self;
        this.clock = clock;
    }

    /** Probes every RM once, one after the other (an RM slower than the GRC's RM timeout counts as down). */
    public void probeAll() {
        registry.all().forEach(this::probe);
    }

    private void probe(RmRegistry.Entry rm) {
        Instant start = clock.instant();
        Probe previous = probes.get(rm.id());
        try {
            ResourceInventory inventory = rm.rm().describe(self);
            Instant now = clock.instant();
            probes.put(rm.id(), new Probe(now, true, now, Duration.between(start, now).toMillis(), null, inventory));
            if (previous != null && !previous.reachable()) {
                log.info("RM {} at {} answers again", rm.id(), rm.address());
            }
        } catch (RuntimeException e) {
            String error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (previous == null || previous.reachable()) {
                log.warn("RM {} at {} does not answer: {}", rm.id(), rm.address(), error);
            }
            probes.put(rm.id(), new Probe(clock.instant(), false, previous == null ? null : previous.lastAnswer(), null,
                    error, previous == null ? null : previous.inventory()));
        }
    }

    /** The latest describe answer of every RM that ever answered, in registry order (never blocks on an RM). */
    public List<ResourceInventory> inventories() {
        return registry.all().stream().map(rm -> probes.get(rm.id())).filter(p -> p != null && p.inventory() != null)
                .map(Probe::inventory).toList();
    }

    /** Every registered RM in registry order, probed or not yet. */
    public List<RmHealth> health() {
        return registry.all().stream().map(rm -> {
            Probe p = probes.get(rm.id());
            ResourceInventory inv = p == null ? null : p.inventory();
            return new RmHealth(rm.id(), rm.address(),
                    inv == null ? null : inv.kind().name(), inv == null ? null : inv.domain(),
                    inv == null ? null : inv.backend(),
                    p == null ? null : p.reachable(), p == null ? null : p.checkedAt(),
                    p == null ? null : p.lastAnswer(), p == null ? null : p.latencyMillis(),
                    p == null ? null : p.error());
        }).toList();
    }
}
